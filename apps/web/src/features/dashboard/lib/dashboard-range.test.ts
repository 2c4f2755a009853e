import { describe, expect, it } from 'vitest';
import {
  initialCustomDates,
  parseRangeParams,
  rangeToParams,
  rangeToQuery,
  validateCustomRange,
} from './dashboard-range';

describe('rangeToQuery', () => {
  it('asks for days for the presets and from/to for a custom range', () => {
    expect(rangeToQuery({ kind: 'preset', preset: 'today' })).toEqual({ days: 1 });
    expect(rangeToQuery({ kind: 'preset', preset: '7d' })).toEqual({ days: 7 });
    expect(rangeToQuery({ kind: 'preset', preset: '30d' })).toEqual({ days: 30 });
    expect(rangeToQuery({ kind: 'custom', from: '2026-04-01', to: '2026-04-10' })).toEqual({
      from: '2026-04-01',
      to: '2026-04-10',
    });
  });
});

describe('validateCustomRange', () => {
  it('accepts a range of one or more days', () => {
    expect(validateCustomRange('2026-04-23', '2026-04-23')).toBeNull();
    expect(validateCustomRange('2025-04-23', '2026-04-23')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(validateCustomRange('', '2026-04-23')).toBe('required');
    expect(validateCustomRange('2026-02-30', '2026-04-23')).toBe('invalid');
    expect(validateCustomRange('2026-04-24', '2026-04-23')).toBe('order');
    expect(validateCustomRange('2024-01-01', '2026-04-23')).toBe('tooLong');
  });
});

describe('range in the address', () => {
  it('round-trips every kind of range', () => {
    for (const range of [
      { kind: 'preset', preset: 'today' },
      { kind: 'preset', preset: '7d' },
      { kind: 'preset', preset: '30d' },
      { kind: 'custom', from: '2026-04-01', to: '2026-04-10' },
    ] as const) {
      expect(parseRangeParams(new URLSearchParams(rangeToParams(range)))).toEqual(range);
    }
  });

  it('falls back to today for anything unreadable', () => {
    expect(parseRangeParams(new URLSearchParams('range=90d'))).toEqual({ kind: 'preset', preset: 'today' });
    expect(parseRangeParams(new URLSearchParams('range=custom&from=2026-04-10&to=2026-04-01'))).toEqual({
      kind: 'preset',
      preset: 'today',
    });
    expect(parseRangeParams(new URLSearchParams('range=custom&from=x'))).toEqual({ kind: 'preset', preset: 'today' });
  });
});

describe('initialCustomDates', () => {
  it('offers the last 7 days of Kolkata, or the current custom range', () => {
    // 20:00 UTC on the 22nd is already the 23rd in Kolkata.
    const now = new Date('2026-04-22T20:00:00Z');
    expect(initialCustomDates({ kind: 'preset', preset: 'today' }, now)).toEqual({
      from: '2026-04-17',
      to: '2026-04-23',
    });
    expect(initialCustomDates({ kind: 'custom', from: '2026-01-01', to: '2026-01-31' }, now)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
});
