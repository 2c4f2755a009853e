import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { logLines } from '../test/log-lines.js';
import { createTestApp, testConfig, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('logs', () => {
  it('are structured, carry the request id, and never contain a password or token', async () => {
    const { stream, lines } = logLines();
    const app = await buildApp(testConfig({ logLevel: 'info' }), t.database, { logStream: stream });
    const user = await t.buildUser({ password: 'Very-Secret-Password-42' });

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Very-Secret-Password-42', token_delivery: 'body' },
      headers: { 'x-request-id': 'req-for-the-log-test' },
    });
    const { token, refreshToken } = login.json();
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    await app.close();

    const entries = lines.map(
      (line) =>
        JSON.parse(line) as {
          reqId?: string;
          level: number;
          msg: string;
          req?: { method: string; url: string };
          res?: { statusCode: number };
        },
    );
    // One line per API request, with its id, what was asked and how it was answered.
    const completed = entries.filter((entry) => entry.msg === 'request completed');
    expect(completed.map((entry) => [entry.req?.method, entry.req?.url, entry.res?.statusCode])).toEqual([
      ['POST', '/api/auth/login', 200],
      ['GET', '/api/auth/me', 200],
      ['POST', '/api/auth/refresh', 200],
    ]);
    expect(completed[0]!.reqId).toBe('req-for-the-log-test');
    const text = lines.join('\n');
    for (const secret of ['Very-Secret-Password-42', token, refreshToken]) expect(text).not.toContain(secret);
  });

  it('write nothing for health polls, and a refused request with its id', async () => {
    const { stream, lines } = logLines();
    const app = await buildApp(testConfig({ logLevel: 'info' }), t.database, { logStream: stream });

    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect([live.statusCode, ready.statusCode]).toEqual([200, 200]);
    expect(lines).toEqual([]);

    const refused = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'x-request-id': 'req-without-a-token' },
    });
    await app.close();
    expect(refused.statusCode).toBe(401);
    const entries = lines.map(
      (line) => JSON.parse(line) as { reqId?: string; msg: string; res?: { statusCode: number } },
    );
    expect(entries.find((entry) => entry.msg === 'request completed')).toMatchObject({
      reqId: 'req-without-a-token',
      res: { statusCode: 401 },
    });
  });
});
