import { useTexts } from '../../../lib/texts';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { LoginForm } from '../components/login-form';
import { LoginHero } from '../components/login-hero';
import { LoginToolbar } from '../components/login-toolbar';
import { SignInHelp } from '../components/sign-in-help';

/** /login and /srpf-login. Loaded on its own, so it carries no code of the signed-in product. */
export function Component() {
  const { t } = useTexts('login');
  return (
    <div className="relative flex min-h-full flex-col bg-slate-50 lg:flex-row dark:bg-slate-950">
      <div className="absolute top-4 right-4 z-10 sm:top-5 sm:right-6">
        <LoginToolbar />
      </div>

      <LoginHero />

      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:px-6 lg:items-center lg:py-20">
        <section
          aria-labelledby="login-title"
          className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8 dark:border-slate-800 dark:bg-slate-900 dark:shadow-black/30"
        >
          <div className="mb-6">
            <span className="mb-4 flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-100">
              <ShieldCheck aria-hidden className="size-6" />
            </span>
            <h2 id="login-title" className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
              {t('title')}
            </h2>
            <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
          </div>

          <LoginForm />

          <div className="mt-5">
            <SignInHelp />
          </div>

          <p className="mt-6 flex items-start gap-2 border-t border-slate-200 pt-4 text-xs leading-relaxed text-slate-500 dark:border-slate-800 dark:text-slate-400">
            <LockKeyhole aria-hidden className="mt-px size-3.5 shrink-0" />
            {t('notice')}
          </p>
        </section>
      </main>
    </div>
  );
}
