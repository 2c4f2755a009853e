import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'srpf-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SRPF</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends helmet’s full set with the app’s policy on pages and assets', async () => {
    for (const url of ['/', '/dashboard', '/assets/app-1a2b3c.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const policy = response.headers['content-security-policy'];
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    }
  });

  it('sends the short API set on every API answer, errors and health checks included: nothing may load, frame or cache them', async () => {
    const asViewer = await t.as('viewer');
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health/live' }),
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await asViewer({ method: 'GET', url: '/api/auth/me' }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 404, 401, 200]);
    for (const response of answers) {
      expect(response.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    // A request id on every answer a person may ask about; health polls write no log line to find.
    const requestId = expect.stringMatching(/^[\w-]{8,}$/);
    expect(answers.map((response) => response.headers['x-request-id'])).toEqual([
      undefined,
      requestId,
      requestId,
      requestId,
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).headers['x-request-id']).toBeUndefined();
  });

  it('keeps CORS closed: another origin is granted nothing, on a plain request or a preflight', async () => {
    const origin = 'https://elsewhere.example';
    const plain = await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { origin } });
    expect(plain.statusCode).toBe(200);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    expect(preflight.statusCode).toBe(404);
    for (const response of [plain, preflight]) {
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-methods']).toBeUndefined();
      expect(response.headers['access-control-allow-headers']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('lets the API explorer keep a policy that runs its own page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).not.toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
