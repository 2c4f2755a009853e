import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { MessageCircle } from 'lucide-react';
import { WHATSAPP_LANGUAGES } from '@srpf/shared/appointments/appointments.rules';
import type { TUser } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DateText } from '../../../components/ui/date-text';
import { Checkbox, Field, Select } from '../../../components/ui/field';
import { useStateResetOn } from '../../../lib/use-state-reset-on';
import { useUpdateWhatsappConsent } from '../api/update-whatsapp';
import {
  sameWhatsappChoice,
  storedWhatsappChoice,
  toWhatsappRequest,
  type WhatsappChoice,
  type WhatsappLanguage,
} from '../lib/whatsapp-consent';

/**
 * WhatsApp under Settings › Profile (issue 19): the person opts in or out of receiving payslips and
 * messages on WhatsApp, in English, Marathi or Hindi. The server records when and audits it.
 */
export function WhatsappConsent({ user }: { user: TUser | undefined }) {
  const { t } = useTranslation('settings');
  const ids = useId();
  const stored = storedWhatsappChoice(user);
  const storedKey = `${user?.id ?? ''}|${stored.enabled}|${stored.language}`;
  // A fresh answer replaces the choice on screen, unless it is the one just saved.
  const [choice, setChoice] = useStateResetOn<WhatsappChoice>(storedKey, stored);
  const [saved, setSaved] = useState(false);
  const update = useUpdateWhatsappConsent(user?.id);
  const changed = !sameWhatsappChoice(choice, stored);

  const save = () =>
    update.mutate(toWhatsappRequest(choice), {
      onSuccess: (whatsapp) => {
        setSaved(true);
        toast.success(whatsapp.whatsapp_enabled ? t('whatsapp.savedOn') : t('whatsapp.savedOff'));
      },
      onError: (error) => {
        console.error('Saving the WhatsApp choice failed', error);
        toast.error(t('whatsapp.saveFailed'));
      },
    });

  return (
    <Card className="p-6">
      <section aria-labelledby={`${ids}-title`} className="space-y-4">
        <div className="flex items-start gap-3">
          <MessageCircle
            aria-hidden="true"
            className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700 dark:text-emerald-300"
          />
          <div>
            <h2 id={`${ids}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
              {t('whatsapp.title')}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('whatsapp.description')}</p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <Checkbox
            className="sm:pb-2.5"
            label={t('whatsapp.enabled')}
            checked={choice.enabled}
            disabled={user === undefined || update.isPending}
            onChange={(event) => {
              setSaved(false);
              setChoice({ ...choice, enabled: event.target.checked });
            }}
          />
          <Field label={t('whatsapp.language')}>
            {({ id }) => (
              <Select
                id={id}
                value={choice.language}
                disabled={user === undefined || update.isPending}
                onChange={(event) => {
                  setSaved(false);
                  setChoice({ ...choice, language: event.target.value as WhatsappLanguage });
                }}
              >
                {WHATSAPP_LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {t(`whatsapp.languages.${language}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" className="text-xs text-slate-600 dark:text-slate-400">
            {saved && !changed ? (
              t('whatsapp.saved')
            ) : user?.whatsapp_consent_at ? (
              <>
                {t('whatsapp.lastChanged')} <DateText iso={user.whatsapp_consent_at} />
              </>
            ) : (
              t('whatsapp.never')
            )}
          </p>
          <Button onClick={save} disabled={!changed || update.isPending} aria-busy={update.isPending || undefined}>
            {update.isPending ? t('whatsapp.saving') : t('whatsapp.save')}
          </Button>
        </div>
      </section>
    </Card>
  );
}
