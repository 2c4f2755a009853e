import type { THealthFigure } from '@srpf/shared/health/system-health.schemas';
import { dateFormat } from '../../../lib/date-format';

/**
 * The page's numbers, sizes, durations and moments in the reader's language, always with the digits
 * 0-9 (the force writes them so in Marathi and Hindi too) and Indian time.
 */
export function numberLocale(language: string): string {
  const base = ['en', 'mr', 'hi'].includes(language) ? language : 'en';
  return `${base}-IN-u-nu-latn`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

const unit = (locale: string, value: number, name: string, digits = 0) =>
  numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits }).format(
    value,
  );

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** 1500 → '1.5 kB': the largest unit (of 1000, as kB and MB mean) that keeps the number at 1 or more. */
function sizeParts(bytes: number): { value: number; name: (typeof SIZE_UNITS)[number] } {
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1000 && index < SIZE_UNITS.length - 1) {
    value /= 1000;
    index += 1;
  }
  return { value, name: SIZE_UNITS[index]! };
}

export function formatBytes(bytes: number, locale: string): string {
  const { value, name } = sizeParts(bytes);
  return unit(locale, value, name, name === 'byte' ? 0 : 1);
}

export function formatBytesPerSecond(bytes: number, locale: string): string {
  const { value, name } = sizeParts(bytes);
  return unit(locale, value, `${name}-per-second`, name === 'byte' ? 0 : 1);
}

/** Milliseconds: one decimal below 10 ms, whole above. */
export function formatMs(ms: number, locale: string): string {
  return unit(locale, ms, 'millisecond', ms < 10 ? 1 : 0);
}

/** A span of seconds in its two largest units: '45 sec', '12 min 5 sec', '3 hr 20 min', '2 days 4 hr'. */
export function formatDuration(seconds: number, locale: string): string {
  const total = Math.max(0, Math.round(seconds));
  const steps: [string, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
    ['second', 1],
  ];
  const parts: string[] = [];
  let rest = total;
  for (const [name, size] of steps) {
    const amount = Math.floor(rest / size);
    if (amount > 0 || (parts.length === 0 && size === 1)) {
      parts.push(unit(locale, amount, name));
      rest -= amount * size;
    } else if (parts.length > 0) {
      break;
    }
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

/** A share in percent (0–100), one decimal at most. */
export function formatPercent(percent: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}

export function formatCount(count: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(count);
}

/** A moment written out in full, in India time: the title beside a relative time. */
export function formatMoment(iso: string, locale: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  return dateFormat(locale, {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(moment);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** '2 minutes ago', 'in 5 seconds', 'now': the largest whole unit of the distance from `now`. */
export function formatRelative(iso: string, now: number, locale: string): string {
  const moment = new Date(iso).getTime();
  if (Number.isNaN(moment)) return iso;
  const seconds = Math.round((moment - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [name, size] of RELATIVE_STEPS) {
    if (Math.abs(seconds) >= size || size === 1) return format.format(Math.trunc(seconds / size), name);
  }
  return format.format(0, 'second');
}

/** The words a figure needs from the reader's language (the formatting itself is Intl's). */
export interface FigureWords {
  yes: string;
  no: string;
  none: string;
  countOf: (value: string, of: string) => string;
  /** A text value such as a mode: its word, else the value itself. */
  text: (key: string, value: string) => string;
}

/** A figure's value as shown, with the full moment as a title for times. */
export function formatFigure(
  figure: THealthFigure,
  locale: string,
  now: number,
  words: FigureWords,
): { text: string; title?: string } {
  const { value } = figure;
  if (value === null || value === '') return { text: words.none };
  if (typeof value === 'boolean') return { text: value ? words.yes : words.no };
  if (typeof value === 'string') {
    if (figure.unit === 'time') return { text: formatRelative(value, now, locale), title: formatMoment(value, locale) };
    return { text: words.text(figure.key, value) };
  }
  switch (figure.unit) {
    case 'ms':
      return { text: formatMs(value, locale) };
    case 'seconds':
      return { text: formatDuration(value, locale) };
    case 'bytes':
      return { text: formatBytes(value, locale) };
    case 'bytes_per_second':
      return { text: formatBytesPerSecond(value, locale) };
    case 'percent':
      return { text: formatPercent(value, locale) };
    case 'flag':
      return { text: value ? words.yes : words.no };
    case 'time': {
      const iso = new Date(value).toISOString();
      return { text: formatRelative(iso, now, locale), title: formatMoment(iso, locale) };
    }
    case 'count':
    case 'text':
    default: {
      const count = formatCount(value, locale);
      return { text: figure.of === undefined ? count : words.countOf(count, formatCount(figure.of, locale)) };
    }
  }
}
