import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Library } from '@srpf/shared';
import { fetchDocumentPdf } from './fetch-document-file';
import { libraryKeys } from './query-keys';

interface PdfDocument {
  id: number;
  title: string;
  version: number;
  file_url: string | null;
}

/** The current PDF of a document, fetched with the bearer token, for the detail page's viewer. */
export function documentPdfQueryOptions(library: Library, document: PdfDocument, defaultName: string) {
  return queryOptions({
    queryKey: libraryKeys.pdf(library, document.id, document.version),
    queryFn: async () => (await fetchDocumentPdf(document.file_url ?? '', document.title, defaultName)).blob,
    // A file is never changed in place (a change is a new version), so a fetched one stays true.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}

export function useDocumentPdf(library: Library, document: PdfDocument, defaultName: string, enabled: boolean) {
  return useQuery({
    ...documentPdfQueryOptions(library, document, defaultName),
    enabled: enabled && document.file_url !== null,
  });
}
