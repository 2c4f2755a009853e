import { useTranslation } from 'react-i18next';
import { HelpDisclosure } from '../components/help-disclosure';
import { LoginForm } from '../components/login-form';
import { LoginToolbar } from '../components/login-toolbar';

/** /login and /srpf-login: the headline panel with the hero image, and the sign-in card. */
export function Component() {
  const { t } = useTranslation('login');

  return (
    <div className="grid min-h-full lg:grid-cols-[1.1fr_1fr]">
      <section className="relative hidden overflow-hidden bg-brand-900 text-white lg:flex lg:flex-col lg:justify-end">
        <img src="/hero-parade.svg" alt={t('heroAlt')} className="absolute inset-0 h-full w-full object-cover opacity-90" />
        <div className="relative bg-gradient-to-t from-brand-900/95 via-brand-900/70 to-transparent p-10">
          <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">{t('forceName')}</p>
          <h1 className="mt-2 text-4xl leading-tight font-bold">{t('headline')}</h1>
          <p className="mt-3 max-w-md text-brand-100">{t('tagline')}</p>
        </div>
      </section>

      <main className="flex flex-col px-4 py-6 sm:px-8">
        <LoginToolbar />
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-8">
          <div className="mb-6 lg:hidden">
            <p className="text-xs font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-100">{t('forceName')}</p>
            <p className="mt-1 text-2xl font-bold">{t('headline')}</p>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
            <div className="mb-6 flex items-center gap-3">
              <img src="/favicon.svg" alt="" className="h-10 w-10" />
              <div>
                <h2 className="text-xl font-semibold">{t('title')}</h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('authorizedOnly')}</p>
              </div>
            </div>
            <LoginForm />
            <div className="mt-5 flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
              <HelpDisclosure label={t('forgotPassword')}>{t('forgotPasswordHelp')}</HelpDisclosure>
              <HelpDisclosure label={t('contactIt')}>{t('contactItHelp')}</HelpDisclosure>
            </div>
          </div>
          <p className="mt-6 text-center text-xs text-slate-500 dark:text-slate-400">{t('monitored')}</p>
        </div>
      </main>
    </div>
  );
}
