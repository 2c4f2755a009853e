import type { ReactNode } from 'react';
export { DetailFailed, DetailSection, DetailSkeleton, InfoList } from '../../../components/ui/detail-parts';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, FileQuestion, ShieldAlert } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { goBack } from '../lib/go-back';

/** Back: one step back in the app's history, else to `fallback` (the forms library, or the form's page). */
export function BackButton({ fallback = '/forms' }: { fallback?: string }) {
  const { t } = useTranslation('form-editor');
  const navigate = useNavigate();
  return (
    <Button variant="secondary" size="sm" onClick={() => goBack(navigate, fallback)}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('actions.back')}
    </Button>
  );
}

/** 'Back to Forms', a link to the library: a button, or `compact` above a page. */
export function BackToForms({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('form-editor');
  return (
    <Link to="/forms" className={compact ? buttonClasses({ variant: 'secondary', size: 'sm' }) : buttonClasses()}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('detail.backToForms')}
    </Link>
  );
}

/** 'Form not found' (section 2.12): "The form you're looking for doesn't exist." and 'Back to Forms'. */
export function FormNotFound() {
  const { t } = useTranslation('form-editor');
  return (
    <div className="mx-auto max-w-3xl">
      <Card className="flex flex-col items-center px-6 py-12 text-center">
        <FileQuestion aria-hidden="true" className="mb-3 h-10 w-10 text-slate-400" />
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('detail.notFound')}</h1>
        <p role="alert" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t('detail.notFoundText')}
        </p>
        <div className="mt-5">
          <BackToForms />
        </div>
      </Card>
    </div>
  );
}

/**
 * 'Access Denied' for a page the forms policy refuses (editing someone else's form, managing
 * categories): the heading (kept for screen readers only when the message says it all) and why.
 */
export function AccessDenied({
  back,
  title,
  message,
  titleHidden = false,
}: {
  back: ReactNode;
  title: string;
  message: string;
  titleHidden?: boolean;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      {back}
      <Card className="flex flex-col items-center px-6 py-12 text-center">
        <ShieldAlert aria-hidden="true" className="mb-3 h-10 w-10 text-amber-600 dark:text-amber-400" />
        <h1 className={titleHidden ? 'sr-only' : 'text-xl font-semibold text-slate-900 dark:text-white'}>{title}</h1>
        <p
          role="alert"
          className={
            titleHidden
              ? 'text-base font-medium text-slate-900 dark:text-white'
              : 'mt-2 text-sm text-slate-600 dark:text-slate-400'
          }
        >
          {message}
        </p>
      </Card>
    </div>
  );
}
