import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { healthLiveQuery } from './health-query';

/** Shown while the live health check fails or reports anything but 'ok'. */
export function ApiStatusBanner() {
  const { t } = useTranslation('shell');
  const { data, isError } = useQuery(healthLiveQuery);
  const down = isError || (data !== undefined && data.status !== 'ok');

  return (
    <div role="status" aria-live="polite">
      {down && (
        <p className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
          {t('apiBanner')}
        </p>
      )}
    </div>
  );
}
