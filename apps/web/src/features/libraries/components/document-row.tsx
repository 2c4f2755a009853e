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
import { ActionsMenu, type MenuAction } from './actions-menu';
import { FolderBadge, MandatoryBadge, PriorityBadge, StatusBadge } from './document-badges';
import { useLibraryTexts } from './use-library';
import type { usePdfActions } from './use-pdf-actions';

/**
 * One compact document of the list (section 2): title, a one-line preview, then on one line the
 * category and subcategory badges, effective and created dates, an order's status (and its priority
 * when not the usual medium), for circulars and decisions Mandatory/Optional and the acknowledgments
 * count, and the version once a change has made a second. The first action (Acknowledge, else View
 * PDF) is on the row; Download PDF, Edit Details (its uploader or an administrator, never on an
 * approved or rejected order) and Delete are in the row's menu. View and Download stay disabled
 * until a PDF is attached. A circular
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

  // The first action is on the row; the others wait behind the menu (the issue: four buttons made a row 165 px tall).
  const pendingAcknowledgment = config.acknowledged && !document.acknowledged;
  const viewPdf: MenuAction = {
    key: 'view',
    label: t('row.viewPdf'),
    icon: Eye,
    onSelect: () => pdf.view(document),
    disabled: !hasFile || viewing,
  };
  const more: MenuAction[] = [
    ...(pendingAcknowledgment ? [viewPdf] : []),
    {
      key: 'download',
      label: t('row.downloadPdf'),
      icon: Download,
      onSelect: () => pdf.download(document),
      disabled: !hasFile || downloading,
    },
    ...(rights.edit(document) ? [{ key: 'edit', label: t('row.editDetails'), icon: Pencil, onSelect: onEdit }] : []),
    ...(rights.removeDocument
      ? [{ key: 'delete', label: t('row.delete'), icon: Trash2, onSelect: onDelete, danger: true }]
      : []),
  ];
  // Priority and status say something only where orders are approved, and a priority only when it is not the usual one.
  const showsPriority = config.approved && document.priority !== 'medium';

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
      >
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={titleId} className="font-semibold break-words text-slate-900 dark:text-white">
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
          {preview && <p className="line-clamp-1 text-sm break-all text-slate-600 dark:text-slate-400">{preview}</p>}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
            {document.category_name && (
              <FolderBadge icon={document.category_icon} name={document.category_name} tone="primary" />
            )}
            {document.subcategory_name && (
              <FolderBadge icon={document.subcategory_icon} name={document.subcategory_name} tone="secondary" />
            )}
            <span className="inline-flex items-center gap-1">
              <CalendarCheck aria-hidden="true" className="h-3.5 w-3.5" />
              {t('row.effective', { date: formatDayFirst(document.effective_date) })}
            </span>
            <span className="inline-flex items-center gap-1">
              <CalendarPlus aria-hidden="true" className="h-3.5 w-3.5" />
              {t('row.created', { date: formatDayFirst(document.created_at) })}
            </span>
            {config.acknowledged && (
              <span className="inline-flex items-center gap-1">
                <CheckCheck aria-hidden="true" className="h-3.5 w-3.5" />
                {t('row.acknowledgments', { count: document.acknowledgments })}
              </span>
            )}
            {showsPriority && <PriorityBadge priority={document.priority} />}
            {config.approved && <StatusBadge status={document.status} />}
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
                  className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                >
                  #{tag}
                </span>
              ))}
            {!hasFile && (
              <span id={noFileId} className="text-amber-800 dark:text-amber-300">
                {t('row.noFile')}
              </span>
            )}
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {pendingAcknowledgment ? (
            <Button size="sm" onClick={acknowledge} disabled={review.isPending} aria-busy={review.isPending}>
              {review.isPending ? (
                <Spinner className="h-4 w-4" />
              ) : (
                <CheckCheck aria-hidden="true" className="h-4 w-4" />
              )}
              {review.isPending ? t('row.acknowledging') : lt('acknowledge')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              onClick={viewPdf.onSelect}
              disabled={viewPdf.disabled}
              aria-describedby={hasFile ? undefined : noFileId}
              aria-busy={viewing}
            >
              {viewing ? <Spinner className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
              {t('row.viewPdf')}
            </Button>
          )}
          <ActionsMenu label={t('row.moreActions', { title: document.title })} actions={more} />
        </div>
      </article>
    </li>
  );
}
