import { useId } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { BadgeCheck, CalendarCheck, CalendarPlus, CheckCheck, Download, Eye, Pencil, Trash2 } from 'lucide-react';
import type { Library, TLibraryDocument } from '@srpf/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDayFirst } from '../../../components/ui/date-text';
import { Spinner } from '../../../components/ui/spinner';
import { useReviewDocument } from '../api/review-document';
import type { DocumentRights } from '../lib/document-rights';
import { previewSource, previewText } from '../lib/preview';
import { FolderBadge, MandatoryBadge, PriorityBadge, StatusBadge } from './document-badges';
import { useLibraryTexts } from './use-library';
import type { usePdfActions } from './use-pdf-actions';

/**
 * One document of the list (section 2): title, category and subcategory badges, a 100-character
 * preview, created and effective dates, priority and status badges (and for circulars and decisions
 * Mandatory/Optional and the acknowledgments count; the version once a change has made a second),
 * then View PDF, Download PDF, Edit Details (its uploader or an administrator, never on an approved
 * or rejected order) and Delete. View and Download stay disabled until a PDF is attached. A circular
 * or decision the user has not acknowledged yet also offers Acknowledge Circular / Acknowledge
 * Decision (any signed-in user), for the version the row shows (a newer one is refused and the list
 * reloads); once done, the row says so and the count includes the user. The title opens the
 * document's detail page.
 */
export function DocumentRow({
  library,
  document,
  rights,
  pdf,
  onEdit,
  onDelete,
}: {
  library: Library;
  document: TLibraryDocument;
  rights: DocumentRights;
  pdf: ReturnType<typeof usePdfActions>;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, lt, config, failed } = useLibraryTexts(library);
  const titleId = useId();
  const noFileId = useId();
  const previewed = previewText(previewSource(document, config.acknowledged));
  // A circular created without text carries its title as content (section 7); saying it twice helps nobody.
  const preview = previewed === document.title.trim() ? '' : previewed;
  const hasFile = document.file_url !== null;
  const viewing = pdf.isBusy(document.id, 'view');
  const downloading = pdf.isBusy(document.id, 'download');
  const review = useReviewDocument(library);
  const acknowledge = () =>
    review.mutate(
      { id: document.id, action: 'acknowledge', version: document.version },
      {
        onSuccess: () => toast.success(lt('acknowledgedToast')),
        onError: (error) => {
          console.error(`Could not acknowledge ${library} ${document.id}`, error);
          toast.error(failed(error, 'review'));
        },
      },
    );

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex flex-col gap-3 p-4 sm:p-5 lg:flex-row lg:items-start lg:justify-between"
      >
        <div className="min-w-0 flex-1 space-y-2">
          <h3 id={titleId} className="text-base font-semibold break-words text-slate-900 dark:text-white">
            {config.hasDetailPage ? (
              <Link
                to={`${config.basePath}/${document.id}`}
                className="hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                {document.title}
              </Link>
            ) : (
              document.title
            )}
          </h3>
          {(document.category_name || document.subcategory_name) && (
            <div className="flex flex-wrap gap-1.5">
              {document.category_name && (
                <FolderBadge icon={document.category_icon} name={document.category_name} tone="primary" />
              )}
              {document.subcategory_name && (
                <FolderBadge icon={document.subcategory_icon} name={document.subcategory_name} tone="secondary" />
              )}
            </div>
          )}
          {preview && <p className="text-sm break-words text-slate-600 dark:text-slate-400">{preview}</p>}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
            <span className="inline-flex items-center gap-1">
              <CalendarPlus aria-hidden="true" className="h-3.5 w-3.5" />
              {t('row.created', { date: formatDayFirst(document.created_at) })}
            </span>
            <span className="inline-flex items-center gap-1">
              <CalendarCheck aria-hidden="true" className="h-3.5 w-3.5" />
              {t('row.effective', { date: formatDayFirst(document.effective_date) })}
            </span>
            {config.acknowledged && (
              <span className="inline-flex items-center gap-1">
                <CheckCheck aria-hidden="true" className="h-3.5 w-3.5" />
                {t('row.acknowledgments', { count: document.acknowledgments })}
              </span>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-1.5">
            <PriorityBadge priority={document.priority} />
            <StatusBadge status={document.status} />
            {document.version > 1 && (
              <Badge tone="neutral">{t('detail.versions.version', { version: document.version })}</Badge>
            )}
            {config.acknowledged && <MandatoryBadge mandatory={document.is_mandatory} />}
            {config.acknowledged && document.acknowledged && (
              <Badge tone="success">
                <BadgeCheck aria-hidden="true" className="mr-1 h-3.5 w-3.5" />
                {t('row.youAcknowledged')}
              </Badge>
            )}
            {config.acknowledged &&
              document.tags.map((tag) => (
                <span
                  key={tag}
                  className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                >
                  #{tag}
                </span>
              ))}
          </div>
          {!hasFile && (
            <p id={noFileId} className="text-xs text-amber-800 dark:text-amber-300">
              {t('row.noFile')}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 lg:max-w-xs lg:justify-end">
          {config.acknowledged && !document.acknowledged && (
            <Button size="sm" onClick={acknowledge} disabled={review.isPending} aria-busy={review.isPending}>
              {review.isPending ? (
                <Spinner className="h-4 w-4" />
              ) : (
                <CheckCheck aria-hidden="true" className="h-4 w-4" />
              )}
              {review.isPending ? t('row.acknowledging') : lt('acknowledge')}
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => pdf.view(document)}
            disabled={!hasFile || viewing}
            aria-describedby={hasFile ? undefined : noFileId}
            aria-busy={viewing}
          >
            {viewing ? <Spinner className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
            {t('row.viewPdf')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => pdf.download(document)}
            disabled={!hasFile || downloading}
            aria-describedby={hasFile ? undefined : noFileId}
            aria-busy={downloading}
          >
            {downloading ? <Spinner className="h-4 w-4" /> : <Download aria-hidden="true" className="h-4 w-4" />}
            {t('row.downloadPdf')}
          </Button>
          {rights.edit(document) && (
            <Button variant="secondary" size="sm" onClick={onEdit}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {t('row.editDetails')}
            </Button>
          )}
          {rights.removeDocument && (
            <Button
              variant="ghost"
              size="sm"
              onClick={onDelete}
              className="text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950"
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {t('row.delete')}
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}
