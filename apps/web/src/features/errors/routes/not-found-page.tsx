import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Compass, House } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Any unknown path inside the signed-in layout. */
export function Component() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();

  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-lg flex-col items-center py-16 text-center"
    >
      <span className="mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-900/50 dark:text-brand-100">
        <Compass aria-hidden="true" className="h-8 w-8" />
      </span>
      <p className="text-6xl font-bold tracking-tight text-brand-700 dark:text-brand-100">404</p>
      <h1 id="not-found-title" className="mt-3 text-2xl font-semibold text-slate-900 dark:text-white">
        {t('notFound.title')}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('notFound.message')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={() => void navigate(-1)}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('notFound.goBack')}
        </Button>
        <Button onClick={() => void navigate('/dashboard')}>
          <House aria-hidden="true" className="h-4 w-4" />
          {t('notFound.goToDashboard')}
        </Button>
      </div>
    </section>
  );
}
