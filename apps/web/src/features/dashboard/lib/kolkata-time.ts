import { dateFormat } from '../../../lib/date-format';

/** The force keeps its day in India: "today" and greetings follow Asia/Kolkata, wherever the browser is. */
export const FORCE_TIME_ZONE = 'Asia/Kolkata';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function kolkataParts(now: Date): Record<string, string> {
  const parts = dateFormat('en-GB', {
    timeZone: FORCE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
}

/** Today's date in Asia/Kolkata as YYYY-MM-DD. */
export function kolkataDate(now: Date = new Date()): string {
  const p = kolkataParts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The hour (0–23) in Asia/Kolkata. */
export function kolkataHour(now: Date = new Date()): number {
  return Number(kolkataParts(now).hour);
}

/** A clock time (HH:MM) in Asia/Kolkata, for "updated at". */
export function kolkataClock(at: Date | number): string {
  const p = kolkataParts(new Date(at));
  return `${p.hour}:${p.minute}`;
}

export type GreetingPeriod = 'morning' | 'afternoon' | 'evening';

export function greetingPeriod(hour: number): GreetingPeriod {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  return 'evening';
}

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** '2026-04-23' → '23/04/2026' (the force writes dates day-first); anything else is returned unchanged. */
export function formatDayFirst(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate.slice(0, 10));
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

export { formatTime } from '@srpf/shared/dashboard/dashboard.export';

/** Calendar arithmetic on YYYY-MM-DD, free of the browser's time zone. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
