import { useTranslation } from 'react-i18next';
import { RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';

/** Server texts are not shown to the user (document 1, section 8): a network failure or a generic message. */
function useErrorMessage(error: unknown): string {
  const { t } = useTranslation('dashboard');
  return error instanceof ApiError && error.isNetwork ? t('state.errorNetwork') : t('state.errorGeneric');
}

export function ErrorState({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('dashboard');
  const message = useErrorMessage(error);
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center dark:border-red-900/60 dark:bg-red-950/30"
    >
      <TriangleExclamationPoint className="size-8 text-red-600 dark:text-red-400" aria-hidden="true" />
      <p className="text-lg font-semibold text-red-900 dark:text-red-200">{t('state.errorTitle')}</p>
      <p className="max-w-md text-sm text-red-800 dark:text-red-300">{message}</p>
      <RetryButton onRetry={onRetry} retrying={retrying} />
    </div>
  );
}

/** Shown above figures that are still on screen when a background refresh fails. */
export function StaleNotice({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/30 dark:text-amber-200"
    >
      <span className="flex items-center gap-2">
        <TriangleExclamationPoint className="size-4 shrink-0" aria-hidden="true" />
        {t('state.stale')}
      </span>
      <RetryButton onRetry={onRetry} retrying={retrying} />
    </div>
  );
}

function RetryButton({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
      <RefreshCw className={`size-4 ${retrying ? 'animate-spin' : ''}`} aria-hidden="true" />
      {t('state.retry')}
    </Button>
  );
}
