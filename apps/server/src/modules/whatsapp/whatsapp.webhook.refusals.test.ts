import { describe, expect, it } from 'vitest';
import { createRefusalLimiter } from './whatsapp.webhook.refusals.js';

describe("the webhook's limit on refused signatures", () => {
  it('lets an address fail `max` times in its window, then makes it wait until the window ends', () => {
    let now = 1_000_000;
    const limiter = createRefusalLimiter({ max: 3, windowMs: 60_000 }, () => now);
    for (let n = 0; n < 3; n += 1) {
      expect(limiter.waitSeconds('10.0.0.1')).toBe(0);
      limiter.refuse('10.0.0.1');
    }
    expect(limiter.waitSeconds('10.0.0.1')).toBe(60);
    expect(limiter.waitSeconds('10.0.0.2')).toBe(0);
    now += 45_500;
    expect(limiter.waitSeconds('10.0.0.1')).toBe(15);
    now += 14_500;
    expect(limiter.waitSeconds('10.0.0.1')).toBe(0);
  });

  it('asks for a log line at most once a minute per address, with the refusals since the last', () => {
    let now = 0;
    const limiter = createRefusalLimiter({ max: 100, windowMs: 60_000 }, () => now);
    expect(limiter.refuse('10.0.0.1')).toBe(1);
    expect(limiter.refuse('10.0.0.1')).toBeNull();
    expect(limiter.refuse('10.0.0.1')).toBeNull();
    expect(limiter.refuse('10.0.0.2')).toBe(1);
    now = 60_000;
    expect(limiter.refuse('10.0.0.1')).toBe(3);
  });
});
