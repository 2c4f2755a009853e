import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { logLines } from '../../test/log-lines.js';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.js';

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
    // This machine and CI have Chromium at its default path (CHROMIUM_PATH's default). The first check starts
    // it; readiness answers within 3 s meanwhile ('checking'), so a slow start is asked again.
    let ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    for (let tries = 0; tries < 10 && ready.json().renderer.reason === 'checking whether Chromium starts'; tries += 1) {
      ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    }
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', renderer: { available: true } });

    const without = await createTestApp({
      renderer: { chromiumPath: '/nonexistent/chromium', pages: 1, timeoutMs: 15_000 },
    });
    try {
      const answer = await without.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(answer.statusCode).toBe(200);
      // Anyone may ask: the answer says PDFs wait, not where Chromium was looked for.
      expect(answer.json()).toEqual({
        status: 'ok',
        database: 'ok',
        renderer: {
          available: false,
          reason: 'Chromium is not available on this server: slips are stored, and their PDFs made once it is',
        },
      });
      expect(answer.body).not.toContain('/nonexistent');
    } finally {
      await without.app.close();
      await without.database.close();
    }
  });

  it("logs the renderer's own reason once, for the operator, while every poll answers the public one", async () => {
    const { stream, lines } = logLines();
    const app = await buildApp(
      testConfig({
        logLevel: 'info',
        renderer: { chromiumPath: '/nonexistent/chromium-for-the-log', pages: 1, timeoutMs: 15_000 },
      }),
      t.database,
      { logStream: stream },
    );
    try {
      const answers = [];
      for (let poll = 0; poll < 3; poll += 1)
        answers.push((await app.inject({ method: 'GET', url: '/api/health/ready' })).json().renderer);
      expect(answers).toEqual(
        Array(3).fill({
          available: false,
          reason: 'Chromium is not available on this server: slips are stored, and their PDFs made once it is',
        }),
      );
    } finally {
      await app.close();
    }
    const warnings = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string })
      .filter((entry) => entry.msg === 'payslip PDFs cannot be made');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      level: 40,
      reason: expect.stringContaining('Chromium is not installed at /nonexistent/chromium-for-the-log'),
    });

    // LOG_LEVEL=error keeps the health routes' warnings out too.
    const errorsOnly = logLines();
    const strict = await buildApp(
      testConfig({
        logLevel: 'error',
        renderer: { chromiumPath: '/nonexistent/chromium-for-the-log', pages: 1, timeoutMs: 15_000 },
      }),
      t.database,
      { logStream: errorsOnly.stream },
    );
    try {
      expect((await strict.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
    expect(errorsOnly.lines).toEqual([]);
  });

  it('answers ok while the database answers, then 503 once it is gone, while liveness still answers ok', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'ok' });

    await t.database.close();
    databaseClosed = true;
    const unavailable = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toMatchObject({
      status: 'unavailable',
      database: 'unavailable',
      renderer: { available: expect.any(Boolean) },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toMatchObject({ status: 'ok' });
  });
});
