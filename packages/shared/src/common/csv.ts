/** Excel reads a UTF-8 file as such (and shows Marathi and Hindi) only when it starts with a BOM. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

type CellValue = string | number | null | undefined;

/**
 * One CSV cell (RFC 4180). Text a spreadsheet would run as a formula (=, +, -, @, tab or CR first)
 * gets a leading apostrophe, so a name or email taken from the server or an uploaded file cannot
 * execute anything when the file is opened.
 */
export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly CellValue[]): string {
  return cells.map(csvCell).join(',');
}

/** Lines joined as a CSV file's text: BOM first, CRLF line ends. */
export function csvDocument(lines: readonly string[]): string {
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
