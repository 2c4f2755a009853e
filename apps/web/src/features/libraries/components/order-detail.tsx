import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { CheckCircle2, CircleDot, Download, Eye, FilePen, Pencil, RefreshCw, Stamp, XCircle } from 'lucide-react';
import type { TLibraryDocumentDetail } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/class-names';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDayFirst } from '../../../components/ui/date-text';
import { Spinner } from '../../../components/ui/spinner';
import { useDocument } from '../api/get-document';
import { useReviewDocument, type ReviewAction } from '../api/review-document';
import { formatDateTime } from '../lib/date-time';
import { isFinal } from '../lib/document-rights';
import { isMissing } from '../lib/error-message';
import { orderTimeline, type TimelineEntryKind } from '../lib/timeline';
import { BackLink, DetailFailed, DetailNotFound, DetailSection, DetailSkeleton, InfoList } from './detail-parts';
import { FolderBadge, PriorityBadge, StatusBadge } from './document-badges';
import { DocumentFormModal } from './document-form-modal';
import { DocumentLinks } from './document-links';
import { DocumentVersions } from './document-versions';
import { PdfPreview } from './pdf-preview';
import { useDocumentRights, useLibraryAbilities, useLibraryTexts } from './use-library';
import { usePdfActions } from './use-pdf-actions';

const TIMELINE_ICONS: Record<TimelineEntryKind, typeof CircleDot> = {
  created: CircleDot,
  approved: CheckCircle2,
  rejected: XCircle,
  updated: RefreshCw,
};
const TIMELINE_COLOURS: Record<TimelineEntryKind, string> = {
  created: 'text-brand-600 dark:text-brand-100',
  approved: 'text-emerald-600 dark:text-emerald-400',
  rejected: 'text-red-600 dark:text-red-400',
  updated: 'text-slate-500 dark:text-slate-400',
};

/**
 * /orders/{id} (section 2, as issue 29 arranged it): Back to Orders, the title as the heading
 * ('Order #{id}' above it), the Actions at the top (Reject an outline beside a solid Approve), then
 * Order Details, Order Information, Timeline and versions beside the PDF (under them on a phone). Approve and Reject show only to users holding those permissions and
 * only while the order is pending; Edit Order opens the edit modal for its uploader or an
 * administrator while it is pending. An approved or rejected order is final (the documents issue): it
 * says so and offers File a Correction, a new order that supersedes it (shown on this one once it is
 * approved itself). Approve and Reject send the version on screen: a newer one is refused, and the
 * order reloads so it is read first. The links to the order it supersedes or that supersede it, and
 * every version of its file, show too.
 */
export function OrderDetail({ id }: { id: number | null }) {
  const { t } = useLibraryTexts('orders');
  const order = useDocument('orders', id);
  const back = <BackLink to="/orders" label={t('detail.order.back')} />;

  if (id === null || (order.isError && isMissing(order.error)))
    return <DetailNotFound message={t('detail.order.notFound')} back={back} />;
  if (order.data === undefined) {
    return order.isError ? (
      <DetailFailed message={t('detail.order.loadFailed')} back={back} onRetry={() => void order.refetch()} />
    ) : (
      <DetailSkeleton label={t('detail.order.loading')} />
    );
  }
  return <OrderView order={order.data} back={back} />;
}

function OrderView({ order, back }: { order: TLibraryDocumentDetail; back: ReactNode }) {
  const { t, lt, failed } = useLibraryTexts('orders');
  const abilities = useLibraryAbilities('orders');
  const rights = useDocumentRights('orders');
  const review = useReviewDocument('orders');
  const pdf = usePdfActions('orders');
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const final = isFinal('orders', order);
  const [confirmReject, setConfirmReject] = useState(false);
  const pending = order.status === 'pending';
  const busyWith = review.isPending ? review.variables?.action : undefined;
  const none = <span className="text-slate-500 dark:text-slate-400">{t('detail.none')}</span>;

  const act = (action: ReviewAction) =>
    review.mutate(
      { id: order.id, action, version: order.version },
      {
        onSuccess: () => {
          toast.success(action === 'approve' ? t('detail.order.approved') : t('detail.order.rejected'));
          setConfirmReject(false);
        },
        onError: (error) => {
          console.error(`Could not ${action} the order`, error);
          toast.error(failed(error, 'review'));
          setConfirmReject(false);
        },
      },
    );

  const timelineLabels: Record<TimelineEntryKind, string> = {
    created: t('detail.order.created'),
    approved: t('detail.order.approvedEvent'),
    rejected: t('detail.order.rejectedEvent'),
    updated: t('detail.order.updated'),
  };

  const viewing = pdf.isBusy(order.id, 'view');
  const downloading = pdf.isBusy(order.id, 'download');

  return (
    <div className="mx-auto w-full max-w-screen-2xl space-y-5">
      {back}
      <div className="space-y-3">
        <div>
          <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
            {t('detail.order.heading', { id: order.id })}
          </p>
          <h1 className="text-2xl font-bold break-words text-slate-900 dark:text-slate-50">{order.title}</h1>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <StatusBadge status={order.status} />
            {order.priority !== 'medium' && <PriorityBadge priority={order.priority} />}
            {order.category_name && (
              <FolderBadge icon={order.category_icon} name={order.category_name} tone="primary" />
            )}
            {order.subcategory_name && (
              <FolderBadge icon={order.subcategory_icon} name={order.subcategory_name} tone="secondary" />
            )}
          </div>
          <DocumentLinks library="orders" document={order} />
        </div>

        <section aria-labelledby="order-actions-heading" className="space-y-2">
          <h2 id="order-actions-heading" className="sr-only">
            {t('detail.actions')}
          </h2>
          <div className="flex flex-wrap gap-2">
            {pending && abilities.approve && (
              <Button
                onClick={() => act('approve')}
                disabled={review.isPending}
                aria-busy={busyWith === 'approve'}
                className="bg-emerald-700 hover:bg-emerald-800 dark:bg-emerald-600 dark:hover:bg-emerald-700"
              >
                {busyWith === 'approve' ? (
                  <Spinner className="h-4 w-4 text-white" />
                ) : (
                  <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
                )}
                {busyWith === 'approve' ? t('detail.order.approving') : t('detail.order.approve')}
              </Button>
            )}
            {pending && abilities.reject && (
              // An outline, not a second solid button beside Approve: the one that cannot be undone must not be the easy target.
              <Button
                variant="secondary"
                onClick={() => setConfirmReject(true)}
                disabled={review.isPending}
                className="border-red-300! text-red-700! hover:bg-red-50! dark:border-red-800! dark:text-red-300! dark:hover:bg-red-950!"
              >
                <XCircle aria-hidden="true" className="h-4 w-4" />
                {t('detail.order.reject')}
              </Button>
            )}
            {rights.edit(order) && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                {t('detail.order.edit')}
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => pdf.view(order)}
              disabled={!order.file_url || viewing}
              aria-busy={viewing}
            >
              <Eye aria-hidden="true" className="h-4 w-4" />
              {t('row.viewPdf')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => pdf.download(order)}
              disabled={!order.file_url || downloading}
              aria-busy={downloading}
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              {t('row.downloadPdf')}
            </Button>
          </div>
          {!order.file_url && <p className="text-xs text-amber-800 dark:text-amber-300">{t('row.noFile')}</p>}
        </section>
      </div>

      {final && (
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700 dark:bg-slate-900">
          <p className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
            <Stamp aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {order.status === 'approved' ? t('detail.order.finalApproved') : t('detail.order.finalRejected')}
          </p>
          {abilities.create && rights.supersede(order) && (
            <Button variant="secondary" onClick={() => setCorrecting(true)} className="shrink-0">
              <FilePen aria-hidden="true" className="h-4 w-4" />
              {lt('fileCorrection')}
            </Button>
          )}
        </div>
      )}

      <div className={cx('grid gap-5', order.file_url && 'lg:grid-cols-2')}>
        <div className="min-w-0 space-y-5">
          <DetailSection id="order-details" title={t('detail.order.details')}>
            <InfoList
              items={[
                {
                  label: t('detail.order.description'),
                  value: order.description ? <span className="whitespace-pre-wrap">{order.description}</span> : none,
                },
                { label: t('detail.order.status'), value: <StatusBadge status={order.status} /> },
                { label: t('detail.order.priority'), value: <PriorityBadge priority={order.priority} /> },
                { label: t('detail.effective'), value: formatDayFirst(order.effective_date) },
              ]}
            />
          </DetailSection>

          <DetailSection id="order-information" title={t('detail.order.information')}>
            <InfoList
              items={[
                { label: t('detail.order.company'), value: order.company?.name ?? none },
                {
                  label: t('detail.order.assignedTo'),
                  value: order.assignee?.name ?? (
                    <span className="text-slate-500 dark:text-slate-400">{t('detail.order.unassigned')}</span>
                  ),
                },
                {
                  label: t('detail.order.dueDate'),
                  value: order.dueDate ? (
                    formatDayFirst(order.dueDate)
                  ) : (
                    <span className="text-slate-500 dark:text-slate-400">{t('detail.order.noDueDate')}</span>
                  ),
                },
                { label: t('detail.file'), value: order.file_name ?? none },
              ]}
            />
          </DetailSection>

          <DetailSection id="order-timeline" title={t('detail.order.timeline')}>
            <ol className="space-y-4">
              {orderTimeline(order).map((entry, index) => {
                const Icon = TIMELINE_ICONS[entry.kind];
                return (
                  <li key={`${entry.kind}-${index}`} className="flex gap-3">
                    <Icon aria-hidden="true" className={`mt-0.5 h-5 w-5 shrink-0 ${TIMELINE_COLOURS[entry.kind]}`} />
                    <div>
                      <p className="font-medium text-slate-900 dark:text-white">{timelineLabels[entry.kind]}</p>
                      <p className="text-sm text-slate-600 dark:text-slate-400">
                        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                        {entry.by && ` · ${t('detail.by', { name: entry.by })}`}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ol>
          </DetailSection>

          <DocumentVersions library="orders" document={order} />
        </div>

        <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          <PdfPreview library="orders" document={order} pdf={pdf} />
        </div>
      </div>

      {editing && <DocumentFormModal library="orders" document={order} onClose={() => setEditing(false)} />}
      {correcting && (
        <DocumentFormModal
          library="orders"
          document={null}
          correcting={order}
          onSaved={(saved) => void navigate(`/orders/${saved.id}`)}
          onClose={() => setCorrecting(false)}
        />
      )}
      <ConfirmDialog
        open={confirmReject}
        title={t('detail.order.rejectTitle')}
        message={t('detail.order.rejectConfirm')}
        confirmLabel={t('detail.order.reject')}
        busyLabel={t('detail.order.rejecting')}
        busy={busyWith === 'reject'}
        onConfirm={() => act('reject')}
        onCancel={() => setConfirmReject(false)}
      />
    </div>
  );
}
