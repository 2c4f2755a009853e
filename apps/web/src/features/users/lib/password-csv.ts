/** Excel reads a UTF-8 file as such (and shows Marathi and Hindi) only when it starts with a BOM. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180). Text a spreadsheet would run as a formula (=, +, -, @, tab or CR first)
 * gets a leading apostrophe: names and emails come from an uploaded file and must not execute
 * anything when the administrator opens the passwords file.
 */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface OneTimePassword {
  name: string;
  email: string;
  password: string;
}

export const PASSWORD_CSV_HEADER = ['name', 'email', 'password'] as const;

/**
 * The one-time passwords of an import as a CSV file's text, built in the browser from the answer and
 * never stored. Column names stay English so a mail merge built on the file keeps working.
 */
export function buildPasswordCsv(passwords: readonly OneTimePassword[]): string {
  const lines = [PASSWORD_CSV_HEADER.join(','), ...passwords.map((entry) => [entry.name, entry.email, entry.password].map(csvCell).join(','))];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** srpf-one-time-passwords-2026-04-23-1530.csv, in Asia/Kolkata time. */
export function passwordCsvFileName(at: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `srpf-one-time-passwords-${parts.year}-${parts.month}-${parts.day}-${parts.hour}${parts.minute}.csv`;
}

/** Hands text to the browser as a file download; the object URL is released shortly after. */
export function downloadTextFile(fileName: string, content: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Kept a moment: some browsers start reading the blob only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
