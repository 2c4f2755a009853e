/**
 * The values on a slip: text normalised the one way every comparison relies on, money as integer
 * paise (parsed from its decimal string, never through floating point), dates as `YYYY-MM-DD` and
 * salary months as `YYYY-MM`. Every parser takes text that may carry more after the value
 * (`23/04/1988 (age 38)`) and returns null when there is no valid value.
 */
import { MONTH_NAME_PATTERN, monthNumberOf } from './payslips.month-names.js';

const DEVANAGARI_ZERO = 0x0966;

/** ०–९ become 0–9; nothing else changes. */
export function toLatinDigits(text: string): string {
  return text.replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - DEVANAGARI_ZERO));
}

const PLAIN_TEXT = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;
const NEEDS_CHANGE = /[०-९\u200b-\u200d\u2060\ufeff\u00ad]|\p{Cc}|\u0945|[^\S ]|\s\s|^\s|\s$/u;

/**
 * NFC, Latin digits, `ऑ` typed as `आ` + candra sign made one letter, zero-width marks dropped (they
 * change how a Marathi word is drawn, not what it says), control characters dropped (PostgreSQL
 * refuses NUL in text), every run of spaces one plain space, trimmed.
 */
export function normalizeText(text: string): string {
  // Most of a slip needs no change, and slips are read by the thousand.
  if (PLAIN_TEXT.test(text) || (!NEEDS_CHANGE.test(text) && text.normalize('NFC') === text)) return text;
  return toLatinDigits(text.normalize('NFC'))
    .replace(/\u0906\u0945/g, '\u0911')
    .replace(/\u0905\u0945/g, '\u0972')
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]|[^\P{Cc}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const CURRENCY = String.raw`(?:₹|rs\.?|inr|रु\.?|रुपये|rupees)`;
const MONEY = new RegExp(String.raw`^${CURRENCY}?\s*(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.(\d+))?(?![\d,.]*\d)`, 'iu');
const LEADING_SEPARATORS = /^[\s:：=\-–—]+/u;

/**
 * `₹ 70,270`, `Rs. 70,270/-`, `70270.50`, `१,२३,४५६.७५` → integer paise. Indian (1,23,456) and
 * international (123,456) grouping; at most two decimals unless the rest are zeros (a third
 * significant decimal is not a sum of money, and rounding it would change the slip).
 */
export function parseMoneyToPaise(text: string): number | null {
  const match = MONEY.exec(toLatinDigits(text).replace(LEADING_SEPARATORS, ''));
  if (!match) return null;
  const rupees = match[1]!.replace(/,/g, '');
  const decimals = match[2] ?? '';
  if (/[1-9]/.test(decimals.slice(2))) return null;
  const paise = Number(rupees) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}

// Every date and month form has a four-digit year: without one, the patterns need not run.
const FOUR_DIGITS = /[\d०-९]{4}/;

const pad2 = (value: number) => String(value).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > daysInMonth ? null : `${year}-${pad2(month)}-${pad2(day)}`;
}

interface FoundValue {
  readonly index: number;
  readonly value: string;
}

type Finder = (text: string) => FoundValue | null;

/** Runs each finder over the text and keeps the valid value that starts first. */
function earliest(text: string, finders: readonly Finder[]): FoundValue | null {
  let best: FoundValue | null = null;
  for (const find of finders) {
    const found = find(text);
    if (found && (!best || found.index < best.index)) best = found;
  }
  return best;
}

/** Finds the first match of the pattern that makes a valid value (an invalid one does not hide a later one). */
function finder(pattern: RegExp, toValue: (groups: readonly string[]) => string | null): Finder {
  const global = new RegExp(pattern.source, `${pattern.flags}g`);
  return (text: string): FoundValue | null => {
    global.lastIndex = 0;
    for (let match = global.exec(text); match; match = global.exec(text)) {
      const value = toValue(match.slice(1).map((group) => group ?? ''));
      if (value) return { index: match.index, value };
    }
    return null;
  };
}

const SEPARATOR = String.raw`\s*[/.\-]\s*`;
const NAME_SEPARATOR = String.raw`[\s/.,'’\-]*`;
const ORDINAL = '(?:st|nd|rd|th)?';

const DATE_FINDERS: readonly Finder[] = [
  // 23/04/1988, 23-04-1988, 23.04.1988 (day first, as Indian slips write them)
  finder(new RegExp(String.raw`(?<![\d.])(\d{1,2})${SEPARATOR}(\d{1,2})${SEPARATOR}(\d{4})(?!\d)`, 'u'), ([d, m, y]) =>
    isoDate(+y!, +m!, +d!),
  ),
  // 1988-04-23
  finder(/(?<![\d.])(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/u, ([y, m, d]) => isoDate(+y!, +m!, +d!)),
  // 23-Apr-1988, 23 April 1988, २३ एप्रिल १९८८, 23rd April, 1988
  finder(
    new RegExp(
      String.raw`(?<!\d)(\d{1,2})${ORDINAL}${NAME_SEPARATOR}${MONTH_NAME_PATTERN}${NAME_SEPARATOR}(\d{4})(?!\d)`,
      'iu',
    ),
    ([d, name, y]) => isoDate(+y!, monthNumberOf(name!) ?? 0, +d!),
  ),
  // April 23, 1988
  finder(new RegExp(String.raw`${MONTH_NAME_PATTERN}\s*(\d{1,2})${ORDINAL},?\s*(\d{4})(?!\d)`, 'iu'), ([name, d, y]) =>
    isoDate(+y!, monthNumberOf(name!) ?? 0, +d!),
  ),
];

/** The first valid calendar date in the text as `YYYY-MM-DD`, or null (two-digit years are not guessed). */
export function parseDate(text: string): string | null {
  if (!FOUR_DIGITS.test(text)) return null;
  return earliest(toLatinDigits(text), DATE_FINDERS)?.value ?? null;
}

const yearMonth = (year: number, month: number) =>
  year >= 1900 && year <= 2100 && month >= 1 && month <= 12 ? `${year}-${pad2(month)}` : null;

const RANGE_SEPARATOR = /\s+(?:to|till|upto|ते|पासून)\s+|\s*[–—]\s*|\s+-\s+/iu;

const MONTH_FINDERS: readonly Finder[] = [
  // October 2026, Oct-2026, ऑक्टोबर २०२६, OCTOBER, 2026
  finder(new RegExp(String.raw`${MONTH_NAME_PATTERN}${NAME_SEPARATOR}(\d{4})(?!\d)`, 'iu'), ([name, y]) =>
    yearMonth(+y!, monthNumberOf(name!) ?? 0),
  ),
  // 2026 October
  finder(new RegExp(String.raw`(?<!\d)(\d{4})[\s,\-]+${MONTH_NAME_PATTERN}`, 'iu'), ([y, name]) =>
    yearMonth(+y!, monthNumberOf(name!) ?? 0),
  ),
  // 10/2026, 10-2026, 10.2026 (not the tail of a full date)
  finder(new RegExp(String.raw`(?<![\d/.\-]\s*)(\d{1,2})${SEPARATOR}(\d{4})(?![\d/.\-]*\d)`, 'u'), ([m, y]) =>
    yearMonth(+y!, +m!),
  ),
  // 2026-10, 2026/10 (not the head of a full date)
  finder(new RegExp(String.raw`(?<![\d/.\-])(\d{4})${SEPARATOR}(\d{1,2})(?!\d|${SEPARATOR}\d)`, 'u'), ([y, m]) =>
    yearMonth(+y!, +m!),
  ),
  // a pay period written as dates within one month (01/10/2026 to 31/10/2026); a single date is
  // not a salary month (a slip's heading may carry the day it was printed)
  (text) => {
    const [fromText, toText] = text.split(RANGE_SEPARATOR);
    if (toText === undefined) return null;
    const from = earliest(fromText!, DATE_FINDERS);
    const to = earliest(toText, DATE_FINDERS);
    const month = from?.value.slice(0, 7);
    return from && to && month === to.value.slice(0, 7) ? { index: from.index, value: month } : null;
  },
];

/** The first salary month in the text as `YYYY-MM`: a month name with a four-digit year, or numbers. */
export function parseMonth(text: string): string | null {
  if (!FOUR_DIGITS.test(text)) return null;
  return earliest(toLatinDigits(text), MONTH_FINDERS)?.value ?? null;
}
