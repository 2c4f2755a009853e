/**
 * The name a downloaded PDF is saved under (spec document 1, section 7): the server's name from
 * Content-Disposition (the exact `filename*` first, then the plain `filename`), always ending in
 * .pdf; without one, the document's title, or the library's default ('order', 'circular',
 * 'government_decision').
 */
export function downloadFileName(
  contentDisposition: string | null | undefined,
  title: string | null | undefined,
  defaultName: string,
): string {
  const fromHeader = cleanName(fileNameFromDisposition(contentDisposition));
  if (fromHeader) return forcePdfExtension(fromHeader);
  return forcePdfExtension(cleanName(title ?? '') || defaultName);
}

/** The file name a Content-Disposition header carries, undecoded problems ignored; null without one. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      const charset = (extended[1] ?? '').trim().toLowerCase();
      const value = (extended[2] ?? '').trim().replace(/^"(.*)"$/, '$1');
      const decoded =
        charset === '' || charset === 'utf-8'
          ? decodeURIComponent(value)
          : value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (decoded.trim()) return decoded;
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/i.exec(header);
  const value = plain ? (plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : (plain[2] ?? '')) : '';
  return value.trim() ? value.trim() : null;
}

/** The last path segment, without control characters or surrounding blanks and dots. */
function cleanName(name: string | null): string {
  const lastSegment = (name ?? '').split(/[/\\]/).pop() ?? '';
  return lastSegment
    .replace(/\p{Cc}/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .trim();
}

/** 'a.PDF' → 'a.pdf', 'a' → 'a.pdf', 'a.txt' → 'a.txt.pdf' (the saved file is a PDF whatever it was called). */
export function forcePdfExtension(name: string): string {
  const base = name.replace(/\.pdf$/i, '').trim();
  return `${base || 'document'}.pdf`;
}
