import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from './whatsapp.queue.retry.js';

/** The back-off: doubled each attempt, half to all of it (jitter), capped at 15 minutes. */
describe('backoffDelayMs', () => {
  it('doubles from 5 s with jitter between half and all of the step', () => {
    expect(backoffDelayMs(1, 0)).toBe(2_500);
    expect(backoffDelayMs(1, 0.999_999)).toBeCloseTo(5_000, -1);
    expect(backoffDelayMs(2, 0)).toBe(5_000);
    expect(backoffDelayMs(4, 0.5)).toBe(30_000);
  });

  it('never waits longer than 15 minutes', () => {
    for (const attempts of [9, 12, 40]) expect(backoffDelayMs(attempts, 0.999_999)).toBeLessThanOrEqual(15 * 60_000);
    expect(backoffDelayMs(40, 0)).toBe(7.5 * 60_000);
  });
});
