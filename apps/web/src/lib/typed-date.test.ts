import { describe, expect, it } from 'vitest';
import { parseTypedDate, typedDateProblem, typedDateText } from './typed-date';

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

  it('names what is wrong with a typed date: its form, or a limit it passes', () => {
    expect(typedDateProblem('')).toBeNull();
    expect(typedDateProblem('23/11/2026')).toBeNull();
    expect(typedDateProblem('11/23/2026')).toEqual({ kind: 'format' });
    expect(typedDateProblem('23/11', { min: '2026-01-01' })).toEqual({ kind: 'format' });
    expect(typedDateProblem('31/12/2025', { min: '2026-01-01' })).toEqual({ kind: 'notBefore', date: '2026-01-01' });
    expect(typedDateProblem('01/01/2026', { min: '2026-01-01', max: '2026-01-01' })).toBeNull();
    expect(typedDateProblem('02/01/2026', { max: '2026-01-01' })).toEqual({ kind: 'notAfter', date: '2026-01-01' });
  });
});
