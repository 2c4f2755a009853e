import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { CheckCheck, Download, Eye, Pencil, Share2 } from 'lucide-react';
import type { TLibraryDocumentDetail } from '@srpf/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDayFirst } from '../../../components/ui/date-text';
import { Spinner } from '../../../components/ui/spinner';
import { useDocument } from '../api/get-document';
import { useReviewDocument } from '../api/review-document';
import { formatDateTime } from '../lib/date-time';
import { isMissing, serverMessage } from '../lib/error-message';
import { BackLink, DetailFailed, DetailNotFound, DetailSection, DetailSkeleton, InfoList } from './detail-parts';
import { FolderBadge, MandatoryBadge, StatusBadge } from './document-badges';
import { DocumentFormModal } from './document-form-modal';
import { DocumentLinks } from './document-links';
import { DocumentVersions } from './document-versions';
import { copyText } from './share-link';
import { useDocumentRights, useLibraryTexts } from './use-library';
import { usePdfActions } from './use-pdf-actions';

/**
 * /circulars/{id} (section 2): 'Circular #{id}', the content, the acknowledgments (name, email,
 * when, 'Acknowledged'), published date and author, and the Actions: Acknowledge Circular (until
 * the user has), Download PDF and Share Circular. On a mandatory circular the administrators also
 * see who has not acknowledged it yet (the server sends that list only to them). Its uploader or an
 * administrator may Edit it; each change of content or file is a new version (the documents issue),
 * listed under Versions, and its acknowledgments start afresh: those given for an earlier version
 * stay listed, marked with that version, and the count is of the current version's.
 */
export function CircularDetail({ id }: { id: number | null }) {
  const { t } = useLibraryTexts('circulars');
  const circular = useDocument('circulars', id);
  const back = <BackLink to="/circulars" label={t('detail.circular.back')} />;

  if (id === null || (circular.isError && isMissing(circular.error))) return <DetailNotFound message={t('detail.circular.notFound')} back={back} />;
  if (circular.data === undefined) {
    return circular.isError ? (
      <DetailFailed message={t('detail.circular.loadFailed')} back={back} onRetry={() => void circular.refetch()} />
    ) : (
      <DetailSkeleton label={t('detail.circular.loading')} />
    );
  }
  return <CircularView circular={circular.data} back={back} />;
}

function CircularView({ circular, back }: { circular: TLibraryDocumentDetail; back: ReactNode }) {
  const { t } = useLibraryTexts('circulars');
  const review = useReviewDocument('circulars');
  const pdf = usePdfActions('circulars');
  const rights = useDocumentRights('circulars');
  const [editing, setEditing] = useState(false);
  const none = <span className="text-slate-500 dark:text-slate-400">{t('detail.none')}</span>;
  const pending = circular.pending_acknowledgments;
  const pendingCount = circular.pending_acknowledgments_count ?? pending?.length ?? 0;

  const acknowledge = () =>
    review.mutate(
      { id: circular.id, action: 'acknowledge' },
      {
        onSuccess: () => toast.success(t('detail.circular.acknowledgedToast')),
        onError: (error) => {
          console.error('Could not acknowledge the circular', error);
          toast.error(t('errors.actionFailed', { message: serverMessage(error) ?? t('errors.network', { ns: 'common' }) }));
        },
      },
    );

  const share = async () => {
    const link = new URL(`/circulars/${circular.id}`, window.location.origin).toString();
    if (await copyText(link)) toast.success(t('detail.circular.linkCopied'));
    else toast.error(t('detail.circular.copyFailed', { link }), { duration: 10_000 });
  };

  return (
    <div className="mx-auto w-full max-w-screen-xl space-y-5">
      {back}
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('detail.circular.heading', { id: circular.id })}</h1>
        <p className="mt-1 text-lg break-words text-slate-700 dark:text-slate-300">{circular.title}</p>
        <div className="mt-2 flex flex-wrap gap-1.5">
          <MandatoryBadge mandatory={circular.is_mandatory} />
          <StatusBadge status={circular.status} />
          {circular.category_name && <FolderBadge icon={circular.category_icon} name={circular.category_name} tone="primary" />}
          {circular.subcategory_name && <FolderBadge icon={circular.subcategory_icon} name={circular.subcategory_name} tone="secondary" />}
        </div>
        <DocumentLinks library="circulars" document={circular} />
      </div>

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <DetailSection id="circular-content" title={t('detail.circular.content')}>
            {circular.content ? <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">{circular.content}</p> : none}
            {circular.tags.length > 0 && (
              <div className="mt-3 flex flex-wrap gap-1.5">
                {circular.tags.map((tag) => (
                  <span key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                    #{tag}
                  </span>
                ))}
              </div>
            )}
          </DetailSection>

          <DetailSection id="circular-acknowledgments" title={t('detail.circular.acknowledgments')} actions={<Badge tone="info">{t('row.acknowledgments', { count: circular.acknowledgments_count })}</Badge>}>
            {circular.version > 1 && <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t('detail.circular.countNote', { version: circular.version })}</p>}
            {circular.acknowledgments.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('detail.circular.noAcknowledgments')}</p>
            ) : (
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {circular.acknowledgments.map((entry) => (
                  <li key={`${entry.user.id}-${entry.version}`} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900 dark:text-white">{entry.user.name}</p>
                      <p className="text-sm break-all text-slate-600 dark:text-slate-400">{entry.user.email}</p>
                    </div>
                    <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                      <time dateTime={entry.acknowledgedAt}>{formatDateTime(entry.acknowledgedAt)}</time>
                      {entry.version < circular.version ? (
                        <Badge tone="warning">{t('detail.circular.acknowledgedEarlier', { version: entry.version })}</Badge>
                      ) : (
                        <Badge tone="success">{t('detail.circular.acknowledged')}</Badge>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </DetailSection>

          {pending !== undefined && (
            <DetailSection id="circular-pending" title={t('detail.circular.pendingHeading')} actions={<Badge tone={pendingCount > 0 ? 'warning' : 'success'}>{pendingCount}</Badge>}>
              {pendingCount === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('detail.circular.allAcknowledged')}</p>
              ) : (
                <>
                  <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t('detail.circular.pendingCount', { count: pendingCount })}</p>
                  <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
                    {pending.map((person) => (
                      <li key={person.id} className="py-2 text-sm">
                        <span className="font-medium text-slate-900 dark:text-white">{person.name}</span>
                        <span className="ml-2 break-all text-slate-600 dark:text-slate-400">{person.email}</span>
                      </li>
                    ))}
                  </ul>
                  {pendingCount > pending.length && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('detail.circular.pendingMore', { count: pendingCount - pending.length })}</p>}
                </>
              )}
            </DetailSection>
          )}

          <DocumentVersions library="circulars" document={circular} />
        </div>

        <div className="space-y-5">
          <DetailSection id="circular-information" title={t('detail.circular.information')}>
            <InfoList
              items={[
                { label: t('detail.circular.published'), value: formatDayFirst(circular.created_at) },
                { label: t('detail.circular.author'), value: circular.author?.name ?? t('detail.circular.unknownAuthor') },
                { label: t('detail.effective'), value: formatDayFirst(circular.effective_date) },
                { label: t('detail.file'), value: circular.file_name ?? none },
              ]}
            />
          </DetailSection>

          <DetailSection id="circular-actions" title={t('detail.actions')}>
            <div className="flex flex-col gap-2">
              {circular.acknowledged ? (
                <p role="status" className="flex items-center gap-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300">
                  <CheckCheck aria-hidden="true" className="h-4 w-4" />
                  {t('detail.circular.youAcknowledged')}
                </p>
              ) : (
                <Button onClick={acknowledge} disabled={review.isPending} aria-busy={review.isPending}>
                  {review.isPending ? <Spinner className="h-4 w-4 text-white" /> : <CheckCheck aria-hidden="true" className="h-4 w-4" />}
                  {review.isPending ? t('detail.circular.acknowledging') : t('detail.circular.acknowledge')}
                </Button>
              )}
              {rights.edit(circular) && (
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                  {t('detail.circular.edit')}
                </Button>
              )}
              <Button variant="secondary" onClick={() => pdf.download(circular)} disabled={!circular.file_url || pdf.isBusy(circular.id, 'download')}>
                <Download aria-hidden="true" className="h-4 w-4" />
                {t('row.downloadPdf')}
              </Button>
              <Button variant="secondary" onClick={() => pdf.view(circular)} disabled={!circular.file_url || pdf.isBusy(circular.id, 'view')}>
                <Eye aria-hidden="true" className="h-4 w-4" />
                {t('row.viewPdf')}
              </Button>
              <Button variant="secondary" onClick={() => void share()}>
                <Share2 aria-hidden="true" className="h-4 w-4" />
                {t('detail.circular.share')}
              </Button>
              {!circular.file_url && <p className="text-xs text-amber-800 dark:text-amber-300">{t('row.noFile')}</p>}
            </div>
          </DetailSection>
        </div>
      </div>

      {editing && <DocumentFormModal library="circulars" document={circular} onClose={() => setEditing(false)} />}
    </div>
  );
}
