/** How slips write numbers, dates and names: the small formatting helpers every layout shares. */

export const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const MONTHS_MR = [
  'जानेवारी',
  'फेब्रुवारी',
  'मार्च',
  'एप्रिल',
  'मे',
  'जून',
  'जुलै',
  'ऑगस्ट',
  'सप्टेंबर',
  'ऑक्टोबर',
  'नोव्हेंबर',
  'डिसेंबर',
] as const;

const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** 0–9 become ०–९. */
export const devanagariDigits = (text: string | number) =>
  String(text).replace(/[0-9]/g, (digit) => DEVANAGARI_DIGITS[Number(digit)]!);

export const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Indian grouping: 1,23,456. */
export const rupees = (amount: number) => amount.toLocaleString('en-IN');

/** Indian grouping with paise: 1,23,456.00. */
export const rupeesWithPaise = (amount: number) =>
  amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Enough escaping for the text the generator writes into HTML (names). */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** 23/04/1988 (or with another separator: 23.04.1988, 23-04-1988). */
export const dayMonthYear = (date: Date, separator = '/') =>
  [pad(date.getUTCDate()), pad(date.getUTCMonth() + 1), String(date.getUTCFullYear())].join(separator);

/** 23-Apr-1988. */
export const dayShortMonthYear = (date: Date) =>
  `${pad(date.getUTCDate())}-${MONTHS_EN[date.getUTCMonth()]!.slice(0, 3)}-${date.getUTCFullYear()}`;

export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
