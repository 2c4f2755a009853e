import { afterEach, describe, expect, it } from 'vitest';
import { addDays, clock, forceDate, forceHour, today } from './clock.js';

afterEach(() => clock.set(null));

describe('clock', () => {
  it('gives the force’s date in Asia/Kolkata, not UTC', () => {
    clock.set('2026-11-21T18:29:00Z');
    expect(today()).toBe('2026-11-21');
    clock.set('2026-11-21T18:30:00Z');
    expect(today()).toBe('2026-11-22');
    expect(forceHour()).toBe('00');
  });

  it('can be set by tests and follows real time again after', () => {
    clock.set('2030-01-01T00:00:00Z');
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    clock.set(null);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    expect(forceDate(new Date('2026-04-23T06:00:00Z'))).toBe('2026-04-23');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
