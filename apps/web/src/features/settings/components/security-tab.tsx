import { useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** The account feature's password form (the first-sign-in screen uses it too), passed in by the app. */
export type PasswordForm = ComponentType<{ currentLabel: string; submitLabel: string }>;

/** Security: the password change, and two-factor sign-in shown but disabled until a later release. */
export function SecurityTab({ PasswordForm }: { PasswordForm: PasswordForm }) {
  const { t } = useTranslation('settings');
  const passwordHeading = useId();
  const twoFactorNote = useId();

  return (
    <div className="space-y-6">
      <Card className="p-6">
        <h3 id={passwordHeading} className="mb-4 text-base font-semibold text-slate-900 dark:text-white">
          {t('security.passwordTitle')}
        </h3>
        <section aria-labelledby={passwordHeading} className="max-w-md">
          <PasswordForm currentLabel={t('security.current')} submitLabel={t('security.submit')} />
        </section>
      </Card>
      <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
          <div>
            <h3 className="text-base font-semibold text-slate-900 dark:text-white">{t('security.twoFactorTitle')}</h3>
            <p id={twoFactorNote} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('security.twoFactorNote')}
            </p>
          </div>
        </div>
        <Button variant="secondary" disabled aria-describedby={twoFactorNote}>
          {t('security.enable2fa')}
        </Button>
      </Card>
    </div>
  );
}
