import { Download } from 'lucide-react';
import type { Library, TLibraryDocumentDetail } from '@srpf/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../lib/date-time';
import { formatFileSize } from '../lib/document-form';
import { DetailSection } from './detail-parts';
import { useLibraryTexts } from './use-library';
import { usePdfActions } from './use-pdf-actions';

/**
 * Every version of a document, newest first (the documents issue): its number, when and by whom it
 * was uploaded, its file, and a Download of that version's PDF. The current one is marked; a change
 * of content or file made the others.
 */
export function DocumentVersions({
  library,
  document,
}: {
  library: Library;
  document: Pick<TLibraryDocumentDetail, 'id' | 'title' | 'version' | 'versions'>;
}) {
  const { t, config } = useLibraryTexts(library);
  const pdf = usePdfActions(library);
  const muted = 'text-sm text-slate-600 dark:text-slate-400';

  return (
    <DetailSection
      id={`${config.recordKey}-versions`}
      title={t('detail.versions.heading')}
      actions={<Badge tone="info">{t('detail.versions.count', { count: document.versions.length })}</Badge>}
    >
      <ol className="divide-y divide-slate-100 dark:divide-slate-800">
        {document.versions.map((version) => {
          const current = version.version === document.version;
          const label = t('detail.versions.version', { version: version.version });
          const fileUrl = version.file_url;
          return (
            <li key={version.version} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
                  {label}
                  {current && <Badge tone="success">{t('detail.versions.current')}</Badge>}
                </p>
                <p className={muted}>
                  <time dateTime={version.uploaded_at}>{formatDateTime(version.uploaded_at)}</time>
                  {version.uploaded_by && ` · ${t('detail.by', { name: version.uploaded_by.name })}`}
                </p>
                <p className={`${muted} break-all`}>
                  {version.file_name
                    ? `${version.file_name}${version.file_size === null ? '' : ` (${formatFileSize(version.file_size)})`}`
                    : t('detail.versions.noFile')}
                </p>
              </div>
              {fileUrl && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    pdf.download({
                      id: document.id,
                      title: t('detail.versions.fileTitle', { title: document.title, version: version.version }),
                      file_url: fileUrl,
                    })
                  }
                  disabled={pdf.isFetching(fileUrl)}
                  aria-busy={pdf.isFetching(fileUrl)}
                >
                  {pdf.isFetching(fileUrl) ? (
                    <Spinner className="h-4 w-4" />
                  ) : (
                    <Download aria-hidden="true" className="h-4 w-4" />
                  )}
                  {t('detail.versions.download')}
                  <span className="sr-only"> {label}</span>
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </DetailSection>
  );
}
