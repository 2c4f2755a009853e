import { useTranslation } from 'react-i18next';
import { Inbox, RotateCcw, Trash2 } from 'lucide-react';
import type { TTrashItem } from '@srpf/shared';
import type { TrashLibrary } from '@srpf/shared/trash/trash.rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { CardSkeletons, RecordCard, RecordCards } from '../../../components/ui/record-cards';
import { DataTable, FullRow, SkeletonRows, TableHead, TBody, Td, Tr } from '../../../components/ui/table';
import { useWideScreen } from '../../../components/ui/use-wide-screen';
import { isFolderKind, parentFirstKey, trashItemName } from '../lib/trash-item';

const COLUMNS = ['item', 'location', 'deleted', 'purges', 'documents', 'actions'] as const;

/**
 * The deleted documents and folders of one library: what it is, where it was, when and by whom it
 * was deleted, when it goes for good, how many documents it holds, then Restore and Delete permanently.
 * A subcategory whose category is in the trash too cannot be restored before it: its Restore is
 * disabled and says so.
 */
export function TrashTable({
  library,
  items,
  loading,
  rows,
  onRestore,
  onPurge,
}: {
  library: TrashLibrary;
  items: TTrashItem[] | undefined;
  loading: boolean;
  /** Skeleton rows while the first page loads. */
  rows: number;
  onRestore: (item: TTrashItem) => void;
  onPurge: (item: TTrashItem) => void;
}) {
  const { t } = useTranslation('trash');

  const wide = useWideScreen();
  const caption = t('table.caption', { library: t(`libraries.${library}`) });
  const empty = (
    <EmptyState
      icon={Inbox}
      title={t('table.empty', { library: t(`libraries.${library}`) })}
      description={t('table.emptyBody', { library: t(`libraries.${library}`) })}
    />
  );

  if (!wide) {
    if (loading) return <CardSkeletons rows={rows} />;
    if (!items || items.length === 0) return empty;
    return (
      <RecordCards label={caption}>
        {items.map((item) => (
          <RecordCard
            key={`${item.kind}-${item.id}`}
            title={trashItemName(item)}
            badges={<TrashKindBadge item={item} />}
            fields={[
              [t('table.location'), <TrashLocation key="location" item={item} />],
              [t('table.deleted'), <TrashDeletion key="deleted" item={item} />],
              [t('table.purges'), <DateText key="purges" iso={item.purges_at} />],
              [t(library === 'forms' ? 'table.forms' : 'table.documents'), item.documents],
            ]}
            actions={<TrashActions item={item} onRestore={onRestore} onPurge={onPurge} />}
          />
        ))}
      </RecordCards>
    );
  }

  return (
    <DataTable caption={caption}>
      <TableHead
        columns={COLUMNS}
        label={(column) => t(column === 'documents' && library === 'forms' ? 'table.forms' : `table.${column}`)}
      />
      <TBody>
        {loading ? (
          <SkeletonRows rows={rows} columns={COLUMNS.length} />
        ) : !items || items.length === 0 ? (
          <FullRow columns={COLUMNS.length}>{empty}</FullRow>
        ) : (
          items.map((item) => (
            <Tr key={`${item.kind}-${item.id}`}>
              <Td>
                <span className="flex flex-col items-start gap-1">
                  <span className="font-medium break-words text-slate-900 dark:text-white">{trashItemName(item)}</span>
                  <TrashKindBadge item={item} />
                </span>
              </Td>
              <Td className="break-words">
                <TrashLocation item={item} />
              </Td>
              <Td className="whitespace-nowrap">
                <TrashDeletion item={item} />
              </Td>
              <Td className="whitespace-nowrap">
                <DateText iso={item.purges_at} />
              </Td>
              <Td className="tabular-nums">{item.documents}</Td>
              <Td className="text-right">
                <TrashActions item={item} onRestore={onRestore} onPurge={onPurge} />
              </Td>
            </Tr>
          ))
        )}
      </TBody>
    </DataTable>
  );
}

const MUTED = 'text-slate-600 dark:text-slate-400';

function TrashKindBadge({ item }: { item: TTrashItem }) {
  const { t } = useTranslation('trash');
  return <Badge tone={isFolderKind(item.kind) ? 'accent' : 'secondary'}>{t(`kinds.${item.kind}`)}</Badge>;
}

function TrashLocation({ item }: { item: TTrashItem }) {
  const { t } = useTranslation('trash');
  return <>{item.location ?? <span className={MUTED}>{t('table.topLevel')}</span>}</>;
}

function TrashDeletion({ item }: { item: TTrashItem }) {
  const { t } = useTranslation('trash');
  return (
    <>
      <DateText iso={item.deleted_at} />
      {item.deleted_by && (
        <span className={`block text-xs ${MUTED}`}>{t('table.by', { name: item.deleted_by.name })}</span>
      )}
    </>
  );
}

/**
 * Restore and Delete permanently. A subcategory whose category is in the trash too cannot be restored
 * before it: its Restore is disabled and says why.
 */
function TrashActions({
  item,
  onRestore,
  onPurge,
}: {
  item: TTrashItem;
  onRestore: (item: TTrashItem) => void;
  onPurge: (item: TTrashItem) => void;
}) {
  const { t } = useTranslation('trash');
  const name = trashItemName(item);
  const whyNot = `trash-${item.kind}-${item.id}-not-restorable`;
  return (
    <>
      <span className="inline-flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onRestore(item)}
          disabled={!item.restorable}
          aria-describedby={item.restorable ? undefined : whyNot}
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          {t('actions.restore')}
          <span className="sr-only"> {name}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onPurge(item)}
          className="text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('actions.purge')}
          <span className="sr-only"> {name}</span>
        </Button>
      </span>
      {!item.restorable && (
        <span id={whyNot} className="mt-1 block text-xs text-amber-800 dark:text-amber-300">
          {t(parentFirstKey(item.kind), { location: item.location ?? '' })}
        </span>
      )}
    </>
  );
}
