import { FileText, Upload } from 'lucide-react';
import type { Library, TDocumentListResponse, TLibraryDocument } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/class-names';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { pageRange, shownCount } from '../../../components/ui/page-range';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import type { LibraryAbilities } from '../lib/abilities';
import type { DocumentRights } from '../lib/document-rights';
import { DocumentRow } from './document-row';
import { useLibraryTexts } from './use-library';
import type { usePdfActions } from './use-pdf-actions';

/** The documents of the list view (or of an opened subcategory), with paging and the empty state. */
export function DocumentList({
  library,
  answer,
  loading,
  failed,
  dimmed,
  onRetry,
  abilities,
  rights,
  pdf,
  page,
  onPageChange,
  onUpload,
  onEdit,
  onDelete,
}: {
  library: Library;
  answer: TDocumentListResponse | undefined;
  loading: boolean;
  failed: boolean;
  dimmed: boolean;
  onRetry: () => void;
  abilities: LibraryAbilities;
  rights: DocumentRights;
  pdf: ReturnType<typeof usePdfActions>;
  page: number;
  onPageChange: (page: number) => void;
  onUpload: () => void;
  onEdit: (document: TLibraryDocument) => void;
  onDelete: (document: TLibraryDocument) => void;
}) {
  const { t, lt } = useLibraryTexts(library);

  if (answer === undefined) {
    if (failed) {
      return (
        <Card>
          <LoadFailed message={t('list.loadFailed')} onRetry={onRetry} className="px-4 py-10" />
        </Card>
      );
    }
    return (
      <Card aria-busy={loading} className="divide-y divide-slate-100 dark:divide-slate-800">
        <p role="status" className="sr-only">
          {t('list.loading')}
        </p>
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} aria-hidden="true" className="space-y-2 p-5">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        ))}
      </Card>
    );
  }

  const documents = answer.data;
  const { pagination } = answer;
  if (documents.length === 0 && pagination.total === 0) {
    return (
      <Card>
        <EmptyState
          icon={FileText}
          title={lt('empty')}
          action={
            abilities.create ? (
              <Button onClick={onUpload}>
                <Upload aria-hidden="true" className="h-4 w-4" />
                {lt('upload')}
              </Button>
            ) : undefined
          }
        />
      </Card>
    );
  }

  const { from, to } = pageRange(pagination.page, pagination.limit, pagination.total);
  return (
    <Card aria-busy={dimmed} className={cx('transition-opacity', dimmed && 'opacity-60')}>
      {failed && (
        <p
          role="alert"
          className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {t('list.stale')}{' '}
          <button type="button" onClick={onRetry} className="font-medium underline">
            {t('retry', { ns: 'common' })}
          </button>
        </p>
      )}
      <ul aria-label={lt('listLabel')} className="divide-y divide-slate-100 dark:divide-slate-800">
        {documents.map((document) => (
          <DocumentRow
            key={document.id}
            library={library}
            document={document}
            rights={rights}
            pdf={pdf}
            onEdit={() => onEdit(document)}
            onDelete={() => onDelete(document)}
          />
        ))}
      </ul>
      {pagination.totalPages > 1 || pagination.page > 1 ? (
        <Pagination
          label={lt('pagesLabel')}
          page={page}
          totalPages={pagination.totalPages}
          onPageChange={onPageChange}
          summary={lt('summary', { from, to, total: shownCount(pagination.total, pagination.totalCapped ?? false) })}
          pageLabel={t('list.page', {
            page: pagination.page,
            pages: shownCount(pagination.totalPages, pagination.totalCapped ?? false),
          })}
          previousLabel={t('list.previous')}
          nextLabel={t('list.next')}
          disabled={dimmed}
        />
      ) : (
        <p
          aria-live="polite"
          className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400"
        >
          {lt('summary', { from, to, total: shownCount(pagination.total, pagination.totalCapped ?? false) })}
        </p>
      )}
    </Card>
  );
}
