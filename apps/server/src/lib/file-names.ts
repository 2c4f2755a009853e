/**
 * File names: the uploaded name is kept only as cleaned metadata (never as a path), and downloads are
 * named with a header no browser can misread.
 */

const NAME_MAX = 150;

/**
 * The name to remember for an upload: the last path segment only (`../../etc/passwd.pdf` keeps
 * `passwd.pdf`), without control characters, trimmed, at most 150 characters, ending in `.pdf`.
 * Null when nothing usable is left.
 */
export function cleanUploadName(original: string | null | undefined): string | null {
  const lastSegment = (original ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const base = cleaned.replace(/\.pdf$/i, '').trim();
  if (base === '' || !/[\p{L}\p{N}]/u.test(base)) return null;
  return `${[...base]
    .slice(0, NAME_MAX - 4)
    .join('')
    .trim()}.pdf`;
}

/** A file name made from a title: slashes are part of the title there, not folders. */
export function fileNameFromTitle(title: string, fallback: string): string {
  return cleanUploadName(`${title.replace(/[/\\]+/g, '-')}.pdf`) ?? `${fallback}.pdf`;
}

/** The download's name: the uploaded name, else the title, else the library's default (spec section 7). */
export function downloadName(fileName: string | null, title: string, fallback: string): string {
  return fileName ?? fileNameFromTitle(title, fallback);
}

const encodeRfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` with a plain ASCII `filename` for old clients (accents dropped, anything else outside
 * printable ASCII, quotes, backslashes and semicolons replaced) and the exact name in `filename*`.
 */
export function contentDisposition(
  name: string,
  fallback: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const base = name.replace(/\.pdf$/i, '');
  const ascii = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\;%/]/g, '_')
    .replace(/_+/g, '_')
    .trim();
  const asciiName = /[A-Za-z0-9]/.test(ascii) ? `${ascii}.pdf` : `${fallback}.pdf`;
  return `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeRfc5987(`${base}.pdf`)}`;
}

/**
 * The headers a PDF download is sent with (the libraries' files, the forms' signed downloads): its
 * type and length, an attachment named as above (`fallback`: the default name's stem, 'order' for
 * 'order.pdf'), no sniffing and no keeping in shared caches.
 */
export function pdfDownloadHeaders(
  file: { size: number; fileName: string | null; title: string },
  fallback: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): Record<string, string> {
  return {
    'content-type': 'application/pdf',
    'content-length': String(file.size),
    'content-disposition': contentDisposition(downloadName(file.fileName, file.title, fallback), fallback, disposition),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
}
