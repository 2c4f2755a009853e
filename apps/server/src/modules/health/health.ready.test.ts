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
  it('answers ok while the database answers, then 503 once it is gone, while liveness still answers ok', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });

    await t.database.close();
    databaseClosed = true;
    const unavailable = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toMatchObject({ status: 'ok' });
  });
});
