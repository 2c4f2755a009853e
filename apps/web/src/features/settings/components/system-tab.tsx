import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TUser } from '@srpf/shared';
import { DEFAULT_SESSION_TIMEOUT, type SessionTimeout } from '@srpf/shared/users/users.rules';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Select } from '../../../components/ui/field';
import { setLanguage } from '../../../lib/i18n';
import { errorText } from '../../../lib/error-text';
import { useStateResetOn } from '../../../lib/use-state-reset-on';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../locales';
import { useUpdateSessionSettings } from '../api/update-session-settings';

const TIMEOUTS: SessionTimeout[] = ['30m', '1h', '2h', 'never'];

/**
 * Notifications and System: the session timeout, saved for this user and honoured as the idle
 * timeout of their sessions, and the interface language (the product's three), applied at once.
 */
export function SystemTab({ user }: { user: TUser | undefined }) {
  const { t, i18n } = useTranslation('settings');
  // The saved timeout, once loaded or saved anew, replaces a choice not yet saved.
  const saved = user?.session_timeout ?? DEFAULT_SESSION_TIMEOUT;
  const [timeout, setTimeoutChoice] = useStateResetOn<SessionTimeout>(saved, saved);
  const save = useUpdateSessionSettings();

  const submit = () =>
    save.mutate(
      { session_timeout: timeout },
      {
        onSuccess: () => toast.success(t('system.saved')),
        onError: (error) => {
          console.error('Saving the session timeout failed', error);
          toast.error(t('system.saveFailed', { message: errorText(error) }));
        },
      },
    );

  return (
    <Card className="space-y-6 p-6">
      <div>
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">{t('system.sessionTitle')}</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('system.sessionBody')}</p>
        <div className="mt-4 flex max-w-md flex-col gap-3 sm:flex-row sm:items-end">
          <Field label={t('system.timeout')} className="flex-1">
            {({ id }) => (
              <Select
                id={id}
                value={timeout}
                disabled={!user}
                onChange={(event) => setTimeoutChoice(event.target.value as SessionTimeout)}
              >
                {TIMEOUTS.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`system.timeouts.${choice}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button
            onClick={submit}
            disabled={!user || save.isPending || timeout === user.session_timeout}
            aria-busy={save.isPending}
          >
            {save.isPending ? t('system.saving') : t('system.save')}
          </Button>
        </div>
      </div>
      <div className="border-t border-slate-200 pt-6 dark:border-slate-800">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">{t('system.languageTitle')}</h3>
        <Field label={t('system.language')} className="mt-4 max-w-xs">
          {({ id }) => (
            <Select id={id} value={i18n.language} onChange={(event) => setLanguage(event.target.value as Language)}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </Card>
  );
}
