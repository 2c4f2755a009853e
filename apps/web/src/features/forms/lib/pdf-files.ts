import { FORM_FILE_MAX_BYTES } from '@srpf/shared/forms/forms.rules';
import { LIBRARY_FILE_NOT_PDF_MESSAGE, LIBRARY_FILE_TOO_LARGE_MESSAGE } from '@srpf/shared/libraries/libraries.rules';

/**
 * Which dropped or chosen files are PDFs (section 5: only application/pdf). A browser that knows no
 * type for a file (an empty type) is believed when the name ends in .pdf; the server checks the
 * bytes anyway.
 */
export function isPdfFile(file: { name: string; type: string }): boolean {
  if (file.type === 'application/pdf') return true;
  return file.type === '' && /\.pdf$/i.test(file.name);
}

/** Section 5: a form's file is at most 10 MB (FORM_FILE_MAX_BYTES, the document libraries' limit). */
export const isTooLarge = (file: { size: number }) => file.size > FORM_FILE_MAX_BYTES;

/** What is wrong with a form's file. */
export type FileProblem = 'notPdf' | 'tooLarge';

/** Each problem's text, a key of the form-editor namespace (the upload form and Bulk Upload say the same). */
export const FILE_PROBLEM_KEYS: Readonly<Record<FileProblem, string>> = {
  notPdf: 'metadata.errors.pdfOnly',
  tooLarge: 'metadata.errors.fileTooLarge',
};

/** The checks made before a file is sent (the server makes them again): a PDF, of at most 10 MB. */
export function fileProblem(file: { name: string; type: string; size: number }): FileProblem | null {
  if (!isPdfFile(file)) return 'notPdf';
  if (isTooLarge(file)) return 'tooLarge';
  return null;
}

/**
 * The server's refusal of a file (its texts, shared with the document libraries' upload path) as the
 * same problem, so that it shows in the reader's language; null for any other message.
 */
export function serverFileProblem(message: unknown): FileProblem | null {
  const text = typeof message === 'string' ? message.trim() : '';
  if (text === LIBRARY_FILE_NOT_PDF_MESSAGE) return 'notPdf';
  if (text === LIBRARY_FILE_TOO_LARGE_MESSAGE) return 'tooLarge';
  return null;
}

/** The PDFs, in order, and whether anything else was dropped (then the spec's alert shows). */
export function splitPdfFiles<F extends { name: string; type: string }>(
  files: Iterable<F>,
): { pdfs: F[]; rejected: number } {
  const pdfs: F[] = [];
  let rejected = 0;
  for (const file of files) {
    if (isPdfFile(file)) pdfs.push(file);
    else rejected += 1;
  }
  return { pdfs, rejected };
}

/** A file's default title: its name without '.pdf' (section 5). */
export function titleFromFileName(name: string): string {
  const title = name.replace(/\.pdf$/i, '').trim();
  return title || name.trim();
}

/** A size in bytes as people read it: 512 KB, 2.4 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Whether a drag carries files (not text or a link being dragged about the page). */
export function dragHasFiles(types: readonly string[] | DOMStringList): boolean {
  return Array.from(types as Iterable<string>).includes('Files');
}
