import { formatPaise } from '@srpf/shared/payslips/payslips.rules';
import { dateFormat } from '../../../lib/date-format';

/**
 * A calendar date of a slip (`YYYY-MM-DD`: birth, joining, retirement) as the force writes dates,
 * day first: 20/06/1970. It is a date, not a moment, so no time zone moves it; anything else is ''.
 */
export function formatSlipDate(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

const LOCALES: Record<string, string> = { en: 'en-IN', mr: 'mr-IN', hi: 'hi-IN' };

/** A salary month (`YYYY-MM`) in words in the page's language: 'October 2026', 'ऑक्टोबर 2026'; as given when it is not a month. */
export function formatSalaryMonth(month: string | null | undefined, language = 'en'): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month ?? '');
  if (!match) return month ?? '';
  const moment = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return dateFormat(LOCALES[language] ?? 'en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(moment);
}

/** An amount in paise as rupees with the sign: 5681400 → '₹56,814.00'; '' when the slip does not show it. */
export function formatRupees(paise: number | null | undefined): string {
  const text = formatPaise(paise);
  if (text === '') return '';
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** A byte count for the upload's progress: 512 B, 14.2 KB, 3.5 MB (1 KB = 1024 B). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
