import { useEffect, useRef } from 'react';
import { ExternalLink, FileText } from 'lucide-react';
import type { Library } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useMediaQuery } from '../../../components/ui/use-media-query';
import { useDocumentPdf } from '../api/get-document-pdf';
import { useLibraryTexts } from './use-library';
import type { usePdfActions } from './use-pdf-actions';

/** Beside the details from this width; below it (phones) the PDF opens on its own, as a phone shows PDFs. */
const WIDE_SCREEN = '(min-width: 64rem)';

/** The fetched PDF in a frame, under a blob: address made for it and released with it. */
function PdfFrame({ blob, title }: { blob: Blob; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (!frame.current) return;
    const url = URL.createObjectURL(blob);
    frame.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <iframe ref={frame} title={title} className="block h-[75vh] w-full" />;
}

/**
 * The document's PDF on its detail page (issue 29): on a desk, an embedded viewer beside the details;
 * on a phone, under the details, a button that opens it. Nothing is fetched until it is shown.
 */
export function PdfPreview({
  library,
  document,
  pdf,
}: {
  library: Library;
  document: { id: number; title: string; version: number; file_url: string | null };
  pdf: ReturnType<typeof usePdfActions>;
}) {
  const { t, config } = useLibraryTexts(library);
  const wide = useMediaQuery(WIDE_SCREEN);
  const file = useDocumentPdf(library, document, config.defaultFileName, wide);

  if (document.file_url === null) return null;
  if (!wide) {
    return (
      <Card className="flex items-center justify-between gap-3 p-4">
        <span className="flex min-w-0 items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <FileText aria-hidden="true" className="h-5 w-5 shrink-0" />
          <span className="truncate">{t('detail.file')}</span>
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => pdf.view(document)}
          disabled={pdf.isBusy(document.id, 'view')}
          aria-busy={pdf.isBusy(document.id, 'view')}
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          {t('detail.openPdf')}
        </Button>
      </Card>
    );
  }
  return (
    <Card className="overflow-hidden">
      {file.data ? (
        <PdfFrame blob={file.data} title={t('detail.pdfTitle', { title: document.title })} />
      ) : file.isError ? (
        <p role="alert" className="px-4 py-10 text-center text-sm text-slate-700 dark:text-slate-300">
          {t('detail.pdfFailed')}
        </p>
      ) : (
        <p
          role="status"
          className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-slate-600 dark:text-slate-400"
        >
          <Spinner className="h-4 w-4" />
          {t('detail.pdfLoading')}
        </p>
      )}
    </Card>
  );
}
