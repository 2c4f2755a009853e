import { useTranslation } from 'react-i18next';
import { MessageSquare } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/error-text';
import type { useMessages } from '../api/get-messages';
import { RECENT_CONVERSATIONS, recentOf } from '../lib/conversations';
import { formatMoment, formatNumber } from '../lib/format';
import { ConversationStatusBadge } from './message-status';

/** Recent Messages: the first 6 conversations, and 'View N more messages' opening the panel. */
export function RecentMessages({
  messages,
  onViewMore,
}: {
  messages: ReturnType<typeof useMessages>;
  onViewMore: () => void;
}) {
  const { t } = useTranslation('whatsapp');
  const page = messages.data;
  const { conversations, more } = recentOf(page?.data ?? [], page?.pagination.total ?? 0);

  let content;
  if (page === undefined && messages.isError) {
    content = (
      <LoadFailed
        message={t('recent.failed', { message: errorText(messages.error) })}
        onRetry={() => void messages.refetch()}
        className="py-10"
      />
    );
  } else if (page === undefined) {
    content = (
      <ul aria-label={t('recent.loading')} aria-busy="true" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: RECENT_CONVERSATIONS }, (_, index) => (
          <li key={index}>
            <Skeleton className="h-28 w-full rounded-lg" />
          </li>
        ))}
      </ul>
    );
  } else if (conversations.length === 0) {
    content = <EmptyState icon={MessageSquare} title={t('recent.empty')} />;
  } else {
    content = (
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="recent-conversations">
        {conversations.map((conversation) => (
          <li
            key={conversation.id}
            className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900 dark:text-slate-100">
                  {conversation.name ?? t('recent.unknownName')}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">{formatNumber(conversation.contact)}</p>
              </div>
              <ConversationStatusBadge status={conversation.status} />
            </div>
            <p className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
              {conversation.lastMessage ?? t('recent.noText')}
            </p>
            <div className="mt-auto flex items-center justify-between text-xs text-slate-600 dark:text-slate-400">
              <time dateTime={conversation.timestamp}>{formatMoment(conversation.timestamp)}</time>
              {conversation.unreadCount > 0 && (
                <span className="rounded-full bg-brand-600 px-2 py-0.5 font-semibold text-white">
                  {t('recent.unread', { count: conversation.unreadCount })}
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card className="p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{t('recent.title')}</h2>
        {more > 0 && (
          <button
            type="button"
            onClick={onViewMore}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
          >
            {t('recent.viewMore', { count: more })}
          </button>
        )}
      </div>
      {content}
    </Card>
  );
}
