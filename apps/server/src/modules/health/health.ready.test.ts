import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let databaseClosed = false;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
  // The test closes the database itself; dropped here on a real PostgreSQL server should it stop before.
  if (!databaseClosed) await t.database.close();
});

describe('GET /api/health/ready', () => {
  it('reports whether payslip PDFs can be made, and stays ready without Chromium', async () => {
    // This machine and CI have /usr/bin/chromium (the default CHROMIUM_PATH). The first check starts
    // it; readiness answers within 3 s meanwhile ('checking'), so a slow start is asked again.
    let ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    for (let tries = 0; tries < 10 && ready.json().renderer.reason === 'checking whether Chromium starts'; tries += 1) {
      ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    }
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', renderer: { available: true } });

    const without = await createTestApp({ renderer: { chromiumPath: '/nonexistent/chromium', pages: 1, timeoutMs: 15_000 } });
    try {
      const answer = await without.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        status: 'ok',
        database: 'ok',
        renderer: { available: false, reason: expect.stringContaining('Chromium is not installed at /nonexistent/chromium') },
      });
    } finally {
      await without.app.close();
      await without.database.close();
    }
  });

  it('answers ok while the database answers, then 503 once it is gone, while liveness still answers ok', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'ok' });

    await t.database.close();
    databaseClosed = true;
    const unavailable = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toMatchObject({ status: 'unavailable', database: 'unavailable', renderer: { available: expect.any(Boolean) } });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toMatchObject({ status: 'ok' });
  });
});
