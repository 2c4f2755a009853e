import { csvDocument, csvRow } from '../../../lib/csv';

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
  return csvDocument([
    csvRow(PASSWORD_CSV_HEADER),
    ...passwords.map((entry) => csvRow([entry.name, entry.email, entry.password])),
  ]);
}

/** srpf-one-time-passwords-2026-04-23-1530.csv, in Asia/Kolkata time. */
export function passwordCsvFileName(at: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `srpf-one-time-passwords-${parts.year}-${parts.month}-${parts.day}-${parts.hour}${parts.minute}.csv`;
}
