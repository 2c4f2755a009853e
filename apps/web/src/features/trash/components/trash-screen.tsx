import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/class-names';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageHeader } from '../../../components/ui/page-header';
import { ListPagination } from '../../../components/ui/pagination';
import { useTrashSettings } from '../../../api/lookups/get-trash-settings';
import { useTrash } from '../api/get-trash';
import { parseTrashParams, TRASH_PAGE_SIZE, trashListQuery, trashParams, type TrashView } from '../lib/trash-params';
import { TrashActionDialog, type TrashAction } from './trash-dialogs';
import { TrashLibraryTabs } from './trash-library-tabs';
import { TrashTable } from './trash-table';

/**
 * /trash (manage_trash): one library's deleted documents and folders, newest deletion first, with
 * Restore and Delete permanently. The library and page live in the address (`?library=&page=`).
 */
export function TrashScreen() {
  const { t } = useTranslation('trash');
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseTrashParams(params), [params]);
  const [action, setAction] = useState<TrashAction | null>(null);
  const trash = useTrash(view.library, trashListQuery(view));
  const settings = useTrashSettings();
  const go = (next: TrashView) => setParams(trashParams(next), { replace: true });

  // A restore or purge can leave the page past the last one.
  const lastPage = trash.data?.pagination.totalPages;
  const moveToPage = useEffectEvent((page: number) => go({ ...view, page }));
  useEffect(() => {
    if (lastPage !== undefined && lastPage > 0 && view.page > lastPage) moveToPage(lastPage);
  }, [lastPage, view.page]);

  const pagination = trash.data?.pagination;
  const retention = settings.data?.retention_days;

  return (
    <div className="mx-auto w-full max-w-screen-xl space-y-5">
      <PageHeader
        title={t('page.title')}
        description={retention === undefined ? t('page.description') : t('page.descriptionDays', { count: retention })}
      />
      <TrashLibraryTabs library={view.library} />
      <Card>
        {trash.isError && trash.data === undefined ? (
          <LoadFailed message={t('page.loadFailed')} onRetry={() => void trash.refetch()} className="px-4 py-10" />
        ) : (
          <div
            aria-busy={trash.isFetching}
            className={cx('transition-opacity', trash.isPlaceholderData && 'opacity-60')}
          >
            <TrashTable
              library={view.library}
              items={trash.data?.data}
              loading={trash.data === undefined}
              rows={5}
              onRestore={(item) => setAction({ kind: 'restore', item })}
              onPurge={(item) => setAction({ kind: 'purge', item })}
            />
            {pagination && pagination.total > 0 && (
              <ListPagination
                ns="trash"
                page={view.page}
                pageSize={TRASH_PAGE_SIZE}
                total={pagination.total}
                totalPages={Math.max(pagination.totalPages, 1)}
                totalCapped={pagination.totalCapped ?? false}
                onPageChange={(page) => go({ ...view, page })}
                disabled={trash.isPlaceholderData}
              />
            )}
          </div>
        )}
      </Card>
      {action && (
        <TrashActionDialog
          key={`${action.kind}-${action.item.kind}-${action.item.id}`}
          library={view.library}
          action={action}
          onClose={() => setAction(null)}
        />
      )}
    </div>
  );
}
