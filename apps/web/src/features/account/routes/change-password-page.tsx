import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Key, LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { signOut } from '../../../lib/sign-out';
import { PasswordChangeForm } from '../components/password-change-form';

/**
 * 'Choose a new password': shown instead of every signed-in page while the user still has a one-time
 * or administrator-set password. Once the change succeeds the stored session no longer says so, and
 * the page that was asked for appears in its place.
 */
export function Component() {
  const { t } = useTranslation('account');
  const [leaving, setLeaving] = useState(false);

  return (
    <main id="main" className="flex min-h-full items-center justify-center bg-slate-50 px-4 py-10 dark:bg-slate-950">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <div className="mb-6 flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900/60 dark:text-brand-100">
            <Key aria-hidden="true" className="h-5 w-5" />
          </span>
          <div>
            <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('gate.title')}</h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('gate.body')}</p>
          </div>
        </div>
        <PasswordChangeForm currentLabel={t('gate.current')} submitLabel={t('gate.submit')} />
        <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button
            variant="ghost"
            size="sm"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut().finally(() => setLeaving(false));
            }}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {t('gate.signOut')}
          </Button>
        </div>
      </div>
    </main>
  );
}
