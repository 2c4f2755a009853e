import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Library } from '@srpf/shared';
import { getToken } from '../../../lib/session';
import { fetchDocumentPdf, UnsupportedFileTypeError } from '../api/fetch-document-file';
import { useLibraryTexts } from './use-library';

/** The temporary address of a fetched PDF is released after 10 s (section 7). */
const RELEASE_AFTER_MS = 10_000;

type PdfAction = 'view' | 'download';
interface PdfDocument {
  id: number;
  title: string;
  file_url: string | null;
}

/**
 * View PDF and Download PDF (section 7), of the current file or of one version's: the file is fetched with the bearer token, then opened in a
 * new tab or saved under the server's name. Without a stored token, or when the answer is not a
 * PDF, or when anything fails, the spec's alert says so (as a toast).
 */
export function usePdfActions(library: Library) {
  const { t, lt, config } = useLibraryTexts(library);
  const [busy, setBusy] = useState<{ id: number; action: PdfAction; url: string } | null>(null);

  const run = async (document: PdfDocument, action: PdfAction) => {
    if (!getToken()) {
      toast.error(lt(action === 'view' ? 'loginToView' : 'loginToDownload'));
      return;
    }
    if (!document.file_url) return;
    setBusy({ id: document.id, action, url: document.file_url });
    try {
      const { blob, fileName } = await fetchDocumentPdf(document.file_url, document.title, config.defaultFileName);
      const url = URL.createObjectURL(blob);
      setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
      if (action === 'view') {
        const tab = window.open(url, '_blank');
        if (!tab) toast.error(t('files.popupBlocked'));
      } else {
        const link = window.document.createElement('a');
        link.href = url;
        link.download = fileName;
        link.rel = 'noopener';
        window.document.body.append(link);
        link.click();
        link.remove();
      }
    } catch (error) {
      if (error instanceof UnsupportedFileTypeError) {
        console.error('Unsupported file type for PDF conversion:', error.contentType);
        toast.error(t('files.unsupported'));
      } else if (action === 'view') {
        console.error('Failed to fetch file', error);
        toast.error(t('files.viewError'));
      } else {
        console.error(`Failed to download ${config.defaultFileName} PDF`, error);
        toast.error(t('files.downloadError'));
      }
    } finally {
      setBusy(null);
    }
  };

  return {
    view: (document: PdfDocument) => void run(document, 'view'),
    download: (document: PdfDocument) => void run(document, 'download'),
    isBusy: (id: number, action: PdfAction) => busy?.id === id && busy.action === action,
    /** Whether this file (one version's, say) is being fetched. */
    isFetching: (fileUrl: string) => busy?.url === fileUrl,
  };
}
