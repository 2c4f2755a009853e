import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSquare } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { SlideOver } from '../../../components/ui/slide-over';
import { errorText } from '../../../lib/error-text';
import { useMessages } from '../api/get-messages';
import type { MessageFilters } from '../api/query-keys';
import { formatMoment, formatNumber } from '../lib/format';
import { useDebounced } from '../lib/use-debounced';
import { MessageFiltersBar } from './message-filters';
import { MessageStatusBadge } from './message-status';

/** 'All Messages': a right-side panel with its own search and filters and the full list, page by page. */
export function MessagesPanel({
  open,
  onClose,
  initialFilters,
}: {
  open: boolean;
  onClose: () => void;
  initialFilters: MessageFilters;
}) {
  const { t } = useTranslation('whatsapp');
  const [filters, setFilters] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const messages = useMessages(useDebounced(filters), page, open);
  const data = messages.data;
  const pagination = data?.pagination;

  let list;
  if (data === undefined && messages.isError) {
    list = (
      <LoadFailed
        message={t('recent.failed', { message: errorText(messages.error) })}
        onRetry={() => void messages.refetch()}
        className="py-10"
      />
    );
  } else if (data === undefined) {
    list = (
      <div aria-label={t('recent.loading')} aria-busy="true" className="space-y-2">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-16 w-full rounded-lg" />
        ))}
      </div>
    );
  } else if (data.data.length === 0) {
    list = <EmptyState icon={MessageSquare} title={t('recent.empty')} />;
  } else {
    list = (
      <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="all-messages">
        {data.data.map((message) => {
          const other = message.direction === 'inbound' ? message.from_number : message.to_number;
          return (
            <li key={message.id} className="flex flex-col gap-1 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                  {message.contact_name ?? t('recent.unknownName')}{' '}
                  <span className="font-normal text-slate-600 dark:text-slate-400">
                    {t(message.direction === 'inbound' ? 'panel.from' : 'panel.to', { number: formatNumber(other) })}
                  </span>
                </p>
                <MessageStatusBadge status={message.status} />
              </div>
              <p className="text-sm break-words text-slate-700 dark:text-slate-300">
                {message.body ?? t('recent.noText')}
              </p>
              <time dateTime={message.created_at} className="text-xs text-slate-600 dark:text-slate-400">
                {formatMoment(message.created_at)}
              </time>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <SlideOver open={open} onClose={onClose} title={t('panel.title')} description={t('panel.description')}>
      <div className="space-y-4">
        <MessageFiltersBar
          value={filters}
          withDirection
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        {pagination && (
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {t('panel.count', { count: pagination.total })}
          </p>
        )}
        {list}
        {pagination && pagination.totalPages > 1 && (
          <div className="flex items-center justify-between gap-2">
            <Button variant="secondary" size="sm" disabled={!pagination.hasPrev} onClick={() => setPage(page - 1)}>
              {t('panel.previous')}
            </Button>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {t('panel.page', { page: pagination.page, pages: pagination.totalPages })}
            </span>
            <Button variant="secondary" size="sm" disabled={!pagination.hasNext} onClick={() => setPage(page + 1)}>
              {t('panel.next')}
            </Button>
          </div>
        )}
      </div>
    </SlideOver>
  );
}
