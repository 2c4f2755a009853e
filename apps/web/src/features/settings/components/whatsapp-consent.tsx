import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { MessageCircle } from 'lucide-react';
import { WHATSAPP_LANGUAGES } from '@srpf/shared/appointments/appointments.rules';
import type { TUser } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { DateText } from '../../../components/ui/date-text';
import { Checkbox, Field, Select } from '../../../components/ui/field';
import { useStateResetOn } from '../../../lib/use-state-reset-on';
import { useUpdateWhatsappConsent } from '../api/update-whatsapp';
import { errorText } from '../../../lib/error-text';
import { WhatsappVerification } from './whatsapp-verification';
import {
  needsVerification,
  displayNumber,
  sameWhatsappChoice,
  storedWhatsappChoice,
  toWhatsappRequest,
  type WhatsappChoice,
  type WhatsappLanguage,
} from '../lib/whatsapp-consent';

/**
 * WhatsApp under Settings › Profile (issues 19 and 31): the person opts in or out of receiving
 * payslips and messages, and apart of notices, on WhatsApp, in English, Marathi or Hindi; switching
 * either on with a number not yet confirmed asks for the code sent to it first. The server records
 * when and audits it.
 */
export function WhatsappConsent({ user }: { user: TUser | undefined }) {
  const { t } = useTranslation('settings');
  const ids = useId();
  const stored = storedWhatsappChoice(user);
  const storedKey = `${user?.id ?? ''}|${stored.enabled}|${stored.notices}|${stored.language}`;
  // A fresh answer replaces the choice on screen, unless it is the one just saved.
  const [choice, setChoice] = useStateResetOn<WhatsappChoice>(storedKey, stored);
  const [saved, setSaved] = useState(false);
  // Switching on with a number not yet confirmed goes through the code first (issue 31).
  const [verifying, setVerifying] = useState(false);
  const update = useUpdateWhatsappConsent(user?.id);
  const changed = !sameWhatsappChoice(choice, stored);

  const persist = () =>
    update.mutate(toWhatsappRequest(choice), {
      onSuccess: (whatsapp) => {
        setSaved(true);
        setVerifying(false);
        toast.success(whatsapp.whatsapp_enabled ? t('whatsapp.savedOn') : t('whatsapp.savedOff'));
      },
      onError: (error) => {
        console.error('Saving the WhatsApp choice failed', error);
        toast.error(errorText(error) || t('whatsapp.saveFailed'));
      },
    });
  const save = () => (needsVerification(choice, stored, user) ? setVerifying(true) : persist());
  const choose = (next: WhatsappChoice) => {
    setSaved(false);
    setChoice(next);
  };

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
        <NumberStatus user={user} />
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <div className="flex flex-col gap-3 sm:pb-2.5">
            <Checkbox
              label={t('whatsapp.enabled')}
              checked={choice.enabled}
              disabled={user === undefined || update.isPending || verifying}
              onChange={(event) => choose({ ...choice, enabled: event.target.checked })}
            />
            <Checkbox
              label={t('whatsapp.notices')}
              checked={choice.notices}
              disabled={user === undefined || update.isPending || verifying}
              onChange={(event) => choose({ ...choice, notices: event.target.checked })}
            />
          </div>
          <Field label={t('whatsapp.language')}>
            {({ id }) => (
              <Select
                id={id}
                value={choice.language}
                disabled={user === undefined || update.isPending || verifying}
                onChange={(event) => choose({ ...choice, language: event.target.value as WhatsappLanguage })}
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
        {verifying && user ? (
          <WhatsappVerification user={user} onVerified={persist} onCancel={() => setVerifying(false)} />
        ) : null}
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
          <Button
            onClick={save}
            disabled={!changed || update.isPending || verifying}
            aria-busy={update.isPending || undefined}
          >
            {update.isPending ? t('whatsapp.saving') : t('whatsapp.save')}
          </Button>
        </div>
      </section>
    </Card>
  );
}

/** Whether the number WhatsApp goes to is confirmed as the person's, and by whom. */
function NumberStatus({ user }: { user: TUser | undefined }) {
  const { t } = useTranslation('settings');
  if (!user) return null;
  if (!user.phone_number)
    return <p className="text-sm text-slate-700 dark:text-slate-300">{t('whatsapp.number.none')}</p>;
  const number = displayNumber(user.phone_number);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <span>{t('whatsapp.number.label', { number })}</span>
      {user.phone_verified_at ? (
        <Badge tone="success">
          {t(`whatsapp.number.verified.${user.phone_verified_source ?? 'self'}`)}{' '}
          <DateText iso={user.phone_verified_at} />
        </Badge>
      ) : (
        <Badge tone="warning">{t('whatsapp.number.unverified')}</Badge>
      )}
    </p>
  );
}
