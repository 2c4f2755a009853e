import { describe, expect, it } from 'vitest';
import type { THealthFigure } from '@srpf/shared/health/system-health.schemas';
import {
  formatBytes,
  formatDuration,
  formatFigure,
  formatMs,
  formatPercent,
  formatRelative,
  numberLocale,
  type FigureWords,
} from './health-format';

const EN = numberLocale('en');
const NOW = Date.parse('2026-11-29T12:00:00Z');
const WORDS: FigureWords = {
  yes: 'Yes',
  no: 'No',
  none: 'Not known',
  countOf: (value, of) => `${value} of ${of}`,
  text: (key, value) => (key === 'mode' && value === 'outbox' ? 'Outbox' : value),
};
const figure = (unit: THealthFigure['unit'], value: THealthFigure['value'], extra: Partial<THealthFigure> = {}) =>
  formatFigure({ key: 'k', unit, value, ...extra }, EN, NOW, WORDS).text;

describe('the figures of the system health page', () => {
  it('writes sizes in the largest unit of 1000 (as kB and GB mean), with one decimal', () => {
    expect(formatBytes(512, EN)).toBe('512 byte');
    expect(formatBytes(1500, EN)).toBe('1.5 kB');
    expect(formatBytes(5 * 1000 ** 3, EN)).toBe('5 GB');
  });

  it('writes milliseconds, durations in their two largest units and shares', () => {
    expect(formatMs(3.14159, EN)).toBe('3.1 ms');
    expect(formatMs(245.6, EN)).toBe('246 ms');
    // ICU writes 'sec' or 'secs' by its version.
    expect(formatDuration(45, EN)).toMatch(/^45 secs?$/);
    expect(formatDuration(12 * 60 + 5, EN)).toMatch(/^12 mins? 5 secs?$/);
    expect(formatDuration(2 * 86_400 + 4 * 3_600 + 59, EN)).toMatch(/^2 days 4 hrs?$/);
    expect(formatDuration(0, EN)).toMatch(/^0 secs?$/);
    expect(formatPercent(99.95, EN)).toBe('100%');
    expect(formatPercent(42.25, EN)).toBe('42.3%');
  });

  it('keeps the digits 0-9 in Marathi and Hindi', () => {
    expect(formatPercent(87.5, numberLocale('mr'))).toMatch(/^87\.5/);
    expect(formatBytes(1500, numberLocale('hi'))).toMatch(/^1\.5/);
    expect(formatRelative('2026-11-29T11:57:00Z', NOW, numberLocale('mr'))).toMatch(/3/);
  });

  it('writes a moment relative to now', () => {
    expect(formatRelative('2026-11-29T11:58:00Z', NOW, EN)).toBe('2 minutes ago');
    expect(formatRelative('2026-11-29T11:59:58Z', NOW, EN)).toBe('2 seconds ago');
    expect(formatRelative('2026-11-28T12:00:00Z', NOW, EN)).toBe('yesterday');
  });

  it('formats each figure by its unit', () => {
    expect(figure('ms', 12)).toBe('12 ms');
    expect(figure('seconds', 90)).toMatch(/^1 min 30 secs?$/);
    expect(figure('bytes', 2000)).toBe('2 kB');
    expect(figure('bytes_per_second', 1000 * 1000)).toBe('1 MB/s');
    expect(figure('percent', 12.5)).toBe('12.5%');
    expect(figure('count', 7, { of: 100 })).toBe('7 of 100');
    expect(figure('count', 1234)).toBe('1,234');
    expect(figure('flag', true)).toBe('Yes');
    expect(figure('flag', false)).toBe('No');
    expect(figure('text', 'outbox', { key: 'mode' })).toBe('Outbox');
    expect(figure('text', 'cloud')).toBe('cloud');
    expect(figure('ms', null)).toBe('Not known');
  });

  it('writes a time figure relative to now, with the full moment as its title', () => {
    const shown = formatFigure({ key: 'last_webhook_at', unit: 'time', value: '2026-11-29T11:55:00Z' }, EN, NOW, WORDS);
    expect(shown.text).toBe('5 minutes ago');
    expect(shown.title).toContain('2026');
    expect(shown.title).toContain('5:25:00');
  });
});
