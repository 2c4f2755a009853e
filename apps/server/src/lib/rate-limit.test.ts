import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ apiRateLimit: 3 });
});
afterAll(() => t.close());

describe('API rate limit', () => {
  it('answers 429 in the error envelope once an address has used its requests of the minute, and spares health checks', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const limited = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/),
        reason: 'request.rate_limited',
        params: { seconds: expect.any(Number) },
      },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});
