import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { CheckCheck, Download, Eye, FilePen, Pencil, Share2 } from 'lucide-react';
import type { TLibraryDocumentDetail } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/class-names';
import { formatDayFirst } from '../../../components/ui/date-text';
import { Spinner } from '../../../components/ui/spinner';
import { useDocument } from '../api/get-document';
import { useReviewDocument } from '../api/review-document';
import { isMissing } from '../lib/error-message';
import type { AcknowledgedLibrary } from '../lib/library-config';
import { AcknowledgmentsSection } from './acknowledgments-section';
import { BackLink, DetailFailed, DetailNotFound, DetailSection, DetailSkeleton, InfoList } from './detail-parts';
import { FolderBadge, MandatoryBadge } from './document-badges';
import { DocumentFormModal } from './document-form-modal';
import { DocumentLinks } from './document-links';
import { DocumentVersions } from './document-versions';
import { PdfPreview } from './pdf-preview';
import { copyText } from './share-link';
import { useDocumentRights, useLibraryAbilities, useLibraryTexts } from './use-library';
import { usePdfActions } from './use-pdf-actions';

/**
 * /circulars/{id} and /government-decisions/{id} (section 2; the documents issue gave decisions the
 * same page; issue 29 made the title the heading, 'Circular #{id}' or 'Government Decision #{id}' above
 * it, the Actions at the top and the PDF beside the rest, under it on a phone): the content, the acknowledgments (each
 * with the version acknowledged) and, to administrators, who has not acknowledged the current
 * version of a mandatory one; published date and author, every version, the documents it supersedes
 * or that supersede it, and the Actions: Acknowledge (until the user has, for the version on screen:
 * a newer one is refused and the page reloads), Edit (its uploader or an administrator; each change
 * of content or file is a new version, acknowledged afresh), File a Replacement (a new document that
 * supersedes it, maySupersede), Download PDF, View PDF and Share.
 */
export function AcknowledgedDetail({ library, id }: { library: AcknowledgedLibrary; id: number | null }) {
  const { t, config } = useLibraryTexts(library);
  const document = useDocument(library, id);
  const text = (key: string) => t(`detail.${config.recordKey}.${key}`);
  const back = <BackLink to={config.basePath} label={text('back')} />;

  if (id === null || (document.isError && isMissing(document.error)))
    return <DetailNotFound message={text('notFound')} back={back} />;
  if (document.data === undefined) {
    return document.isError ? (
      <DetailFailed message={text('loadFailed')} back={back} onRetry={() => void document.refetch()} />
    ) : (
      <DetailSkeleton label={text('loading')} />
    );
  }
  return <AcknowledgedView library={library} document={document.data} back={back} />;
}

function AcknowledgedView({
  library,
  document,
  back,
}: {
  library: AcknowledgedLibrary;
  document: TLibraryDocumentDetail;
  back: ReactNode;
}) {
  const { t, lt, config, failed } = useLibraryTexts(library);
  const text = (key: string, options?: Record<string, unknown>) =>
    t(`detail.${config.recordKey}.${key}`, options ?? {});
  const review = useReviewDocument(library);
  const pdf = usePdfActions(library);
  const rights = useDocumentRights(library);
  const abilities = useLibraryAbilities(library);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const none = <span className="text-slate-500 dark:text-slate-400">{t('detail.none')}</span>;

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

  const share = async () => {
    const link = new URL(`${config.basePath}/${document.id}`, window.location.origin).toString();
    if (await copyText(link)) toast.success(text('linkCopied'));
    else toast.error(text('copyFailed', { link }), { duration: 10_000 });
  };

  return (
    <div className="mx-auto w-full max-w-screen-2xl space-y-5">
      {back}
      <div className="space-y-3">
        <div>
          <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
            {text('heading', { id: document.id })}
          </p>
          <h1 className="text-2xl font-bold break-words text-slate-900 dark:text-slate-50">{document.title}</h1>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <MandatoryBadge mandatory={document.is_mandatory} />
            {document.category_name && (
              <FolderBadge icon={document.category_icon} name={document.category_name} tone="primary" />
            )}
            {document.subcategory_name && (
              <FolderBadge icon={document.subcategory_icon} name={document.subcategory_name} tone="secondary" />
            )}
          </div>
          <DocumentLinks library={library} document={document} />
        </div>

        <section aria-labelledby={`${config.recordKey}-actions-heading`} className="space-y-2">
          <h2 id={`${config.recordKey}-actions-heading`} className="sr-only">
            {t('detail.actions')}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            {document.acknowledged ? (
              <p
                role="status"
                className="flex items-center gap-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300"
              >
                <CheckCheck aria-hidden="true" className="h-4 w-4" />
                {text('youAcknowledged')}
              </p>
            ) : (
              <Button onClick={acknowledge} disabled={review.isPending} aria-busy={review.isPending}>
                {review.isPending ? (
                  <Spinner className="h-4 w-4 text-white" />
                ) : (
                  <CheckCheck aria-hidden="true" className="h-4 w-4" />
                )}
                {review.isPending ? t('row.acknowledging') : lt('acknowledge')}
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => pdf.view(document)}
              disabled={!document.file_url || pdf.isBusy(document.id, 'view')}
            >
              <Eye aria-hidden="true" className="h-4 w-4" />
              {t('row.viewPdf')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => pdf.download(document)}
              disabled={!document.file_url || pdf.isBusy(document.id, 'download')}
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              {t('row.downloadPdf')}
            </Button>
            {rights.edit(document) && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                {lt('editTitle')}
              </Button>
            )}
            {abilities.create && rights.supersede(document) && (
              <Button variant="secondary" onClick={() => setReplacing(true)}>
                <FilePen aria-hidden="true" className="h-4 w-4" />
                {lt('fileCorrection')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => void share()}>
              <Share2 aria-hidden="true" className="h-4 w-4" />
              {text('share')}
            </Button>
          </div>
          {!document.file_url && <p className="text-xs text-amber-800 dark:text-amber-300">{t('row.noFile')}</p>}
        </section>
      </div>

      <div className={cx('grid gap-5', document.file_url && 'lg:grid-cols-2')}>
        <div className="min-w-0 space-y-5">
          <DetailSection id={`${config.recordKey}-content`} title={t('detail.notice.content')}>
            {document.content ? (
              <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
                {document.content}
              </p>
            ) : (
              none
            )}
            {document.tags.length > 0 && (
              <div className="mt-3 flex flex-wrap gap-1.5">
                {document.tags.map((tag) => (
                  <span
                    key={tag}
                    className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                  >
                    #{tag}
                  </span>
                ))}
              </div>
            )}
          </DetailSection>
          <DetailSection id={`${config.recordKey}-information`} title={text('information')}>
            <InfoList
              items={[
                { label: t('detail.notice.published'), value: formatDayFirst(document.created_at) },
                { label: t('detail.notice.author'), value: document.author?.name ?? t('detail.notice.unknownAuthor') },
                { label: t('detail.effective'), value: formatDayFirst(document.effective_date) },
                { label: t('detail.file'), value: document.file_name ?? none },
              ]}
            />
          </DetailSection>
          <AcknowledgmentsSection library={library} document={document} />
          <DocumentVersions library={library} document={document} />
        </div>

        <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          <PdfPreview library={library} document={document} pdf={pdf} />
        </div>
      </div>

      {editing && <DocumentFormModal library={library} document={document} onClose={() => setEditing(false)} />}
      {replacing && (
        <DocumentFormModal
          library={library}
          document={null}
          correcting={document}
          onSaved={(saved) => void navigate(`${config.basePath}/${saved.id}`)}
          onClose={() => setReplacing(false)}
        />
      )}
    </div>
  );
}
