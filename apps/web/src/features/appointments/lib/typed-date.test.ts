import { describe, expect, it } from 'vitest';
import { parseTypedDate, typedDateText } from './typed-date';

describe('dates typed day first', () => {
  it('reads dd/mm/yyyy and its usual variants as ISO', () => {
    expect(parseTypedDate('23/11/2026')).toBe('2026-11-23');
    expect(parseTypedDate(' 3/1/2027 ')).toBe('2027-01-03');
    expect(parseTypedDate('23-11-2026')).toBe('2026-11-23');
    expect(parseTypedDate('23.11.2026')).toBe('2026-11-23');
    expect(parseTypedDate('23112026')).toBe('2026-11-23');
    expect(parseTypedDate('2026-11-23')).toBe('2026-11-23');
  });

  it('refuses impossible or month-first dates', () => {
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('11/23/2026')).toBeNull();
    expect(parseTypedDate('23/11/26')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });

  it('shows an ISO date day first and leaves other text alone', () => {
    expect(typedDateText('2026-11-23')).toBe('23/11/2026');
    expect(typedDateText('')).toBe('');
    expect(typedDateText('23/11')).toBe('23/11');
  });
});
