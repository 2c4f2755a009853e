import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatDayFirst,
  formatTime,
  greetingPeriod,
  isIsoDate,
  kolkataClock,
  kolkataDate,
  kolkataHour,
} from './kolkata-time';

describe('Kolkata clock', () => {
  it('reads the date and hour in Asia/Kolkata (UTC+5:30)', () => {
    expect(kolkataDate(new Date('2026-04-22T18:29:00Z'))).toBe('2026-04-22');
    expect(kolkataDate(new Date('2026-04-22T18:30:00Z'))).toBe('2026-04-23');
    expect(kolkataHour(new Date('2026-04-22T18:30:00Z'))).toBe(0);
    expect(kolkataHour(new Date('2026-04-23T04:00:00Z'))).toBe(9);
    expect(kolkataClock(new Date('2026-04-23T04:05:00Z'))).toBe('09:35');
  });

  it('greets by the time of day', () => {
    expect(greetingPeriod(4)).toBe('evening');
    expect(greetingPeriod(5)).toBe('morning');
    expect(greetingPeriod(11)).toBe('morning');
    expect(greetingPeriod(12)).toBe('afternoon');
    expect(greetingPeriod(17)).toBe('evening');
  });
});

describe('formatting', () => {
  it('writes dates day-first', () => {
    expect(formatDayFirst('2026-04-23')).toBe('23/04/2026');
    expect(formatDayFirst('2026-04-23T10:00:00Z')).toBe('23/04/2026');
    expect(formatDayFirst('soon')).toBe('soon');
  });

  it('shows hours and minutes', () => {
    expect(formatTime('09:30:00')).toBe('09:30');
    expect(formatTime('9:05')).toBe('09:05');
    expect(formatTime(null)).toBe('');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-04-23', -6)).toBe('2026-04-17');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysBetween('2026-04-17', '2026-04-23')).toBe(6);
  });

  it('knows real dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('23/04/2026')).toBe(false);
  });
});
