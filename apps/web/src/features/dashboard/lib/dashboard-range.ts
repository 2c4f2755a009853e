import { addDays, daysBetween, isIsoDate, kolkataDate } from './kolkata-time';

export const PRESETS = ['today', '7d', '30d'] as const;
export type Preset = (typeof PRESETS)[number];

/** Ranges of the spec (document 1, section 9): today 1 day, 7 days, 30 days, or a custom from/to. */
export type DashboardRange = { kind: 'preset'; preset: Preset } | { kind: 'custom'; from: string; to: string };

export type KpiRangeQuery = { days: 1 | 7 | 30 } | { from: string; to: string };

const PRESET_DAYS: Record<Preset, 1 | 7 | 30> = { today: 1, '7d': 7, '30d': 30 };

/** The server refuses longer spans (ZKpiQuery). */
export const MAX_RANGE_DAYS = 366;

export const DEFAULT_RANGE: DashboardRange = { kind: 'preset', preset: 'today' };

export function rangeToQuery(range: DashboardRange): KpiRangeQuery {
  return range.kind === 'preset' ? { days: PRESET_DAYS[range.preset] } : { from: range.from, to: range.to };
}

export type CustomRangeError = 'required' | 'invalid' | 'order' | 'tooLong';

export function validateCustomRange(from: string, to: string): CustomRangeError | null {
  if (!from || !to) return 'required';
  if (!isIsoDate(from) || !isIsoDate(to)) return 'invalid';
  if (from > to) return 'order';
  if (daysBetween(from, to) > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

/**
 * The range kept in the address (?range=7d, or ?range=custom&from=…&to=…) so a reload or a shared link
 * shows the same figures. Anything unreadable falls back to today.
 */
export function parseRangeParams(params: URLSearchParams): DashboardRange {
  const value = params.get('range');
  if ((PRESETS as readonly string[]).includes(value ?? '')) return { kind: 'preset', preset: value as Preset };
  if (value === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (validateCustomRange(from, to) === null) return { kind: 'custom', from, to };
  }
  return DEFAULT_RANGE;
}

export function rangeToParams(range: DashboardRange): Record<string, string> {
  if (range.kind === 'custom') return { range: 'custom', from: range.from, to: range.to };
  return range.preset === 'today' ? {} : { range: range.preset };
}

/** What the From/To inputs start with when Custom is opened: the current custom range, else the last 7 days. */
export function initialCustomDates(range: DashboardRange, now: Date = new Date()): { from: string; to: string } {
  if (range.kind === 'custom') return { from: range.from, to: range.to };
  const today = kolkataDate(now);
  return { from: addDays(today, -6), to: today };
}
