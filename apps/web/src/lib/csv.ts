export { CSV_BOM, csvCell, csvDocument, csvRow } from '@srpf/shared/common/csv';

/** Hands a file to the browser as a download; the object URL is released shortly after. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Kept a while: some browsers start reading the blob only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Hands text to the browser as a file download. */
export function downloadTextFile(fileName: string, content: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(fileName, new Blob([content], { type }));
}
