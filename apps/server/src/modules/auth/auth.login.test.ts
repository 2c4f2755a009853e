import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it('refuses a missing body field with 400 and field messages', async () => {
    const response = await login({ email: 'someone@srpf.test' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details).toContainEqual({
      field: 'password',
      message: 'Password is required',
      reason: 'validation.required',
      params: {},
    });
  });

  it('refuses wrong types and the spec’s short values', async () => {
    const wrongType = await login({ email: 12345, password: ['x'] });
    expect(wrongType.statusCode).toBe(400);
    expect(new Set(wrongType.json().error.details.map((d: { field: string }) => d.field))).toEqual(
      new Set(['email', 'password']),
    );

    const short = await login({ email: 'a@b', password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details).toEqual([
      {
        field: 'email',
        message: 'Enter an email address, a 10-digit mobile number or a Sevarth ID (7 letters and 4 digits)',
        reason: 'validation.invalid',
        params: {},
      },
      {
        field: 'password',
        message: 'Password must be at least 6 characters',
        reason: 'validation.too_short',
        params: { minimum: 6 },
      },
    ]);
  });

  it('refuses malformed JSON with the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('signs in with the spec’s answer shape, a 15-minute token and the session cookies', async () => {
    const user = await t.buildUser({ role: 'admin', first_name: 'Sunita', last_name: 'Patil' });
    const response = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Login successful', must_change_password: false });
    expect(body.data.user).toEqual({
      id: user.id,
      first_name: 'Sunita',
      full_name: 'Sunita Patil',
      role: 'admin',
      role_name: 'admin',
      email: user.email,
      phone_number: null,
      must_change_password: false,
    });
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(900);
    expect(payload.sub).toBe(String(user.id));
    // The refresh token travels only in its HttpOnly cookie: no script on the page can read it.
    expect(body).not.toHaveProperty('refreshToken');

    const refreshCookie = response.cookies.find((c) => c.name === 'srpf_refresh');
    expect(refreshCookie).toMatchObject({
      value: expect.stringMatching(/^[\w-]{40,}$/),
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });
    // No longer than the session may last (SESSION_MAX_AGE, 12 hours).
    expect(refreshCookie?.maxAge).toBe(12 * 3600);
    const xsrf = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.value.length).toBeGreaterThan(20);
  });

  it('answers the refresh token in the body too when asked (token_delivery: body), for scripts and API clients', async () => {
    const user = await t.buildUser();
    const response = await login({ email: user.email, password: user.password, token_delivery: 'body' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(response.cookies.find((c) => c.name === 'srpf_refresh')?.value).toBe(body.refreshToken);

    expect(
      (await login({ email: user.email, password: user.password, token_delivery: 'cookie' })).json(),
    ).not.toHaveProperty('refreshToken');
    const bad = await login({ email: user.email, password: user.password, token_delivery: 'url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('token_delivery');
  });

  it('answers 401 with one message for a wrong password and an unknown email', async () => {
    const user = await t.buildUser();
    const wrong = await login({ email: user.email, password: 'not-the-password' }, '10.0.1.1');
    const unknown = await login({ email: 'nobody@srpf.test', password: 'whatever1' }, '10.0.1.1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Wrong email, mobile number, Sevarth ID or password',
        reason: 'auth.invalid_credentials',
        params: {},
      });
    }
  });

  it('refuses an inactive account after checking its password', async () => {
    const user = await t.buildUser({ is_active: false });
    const response = await login({ email: user.email, password: user.password }, '10.0.2.1');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/inactive/);
  });

  it('audits every success and failure', async () => {
    const user = await t.buildUser();
    await login({ email: user.email, password: user.password }, '10.0.3.1');
    await login({ email: user.email, password: 'wrong-password' }, '10.0.3.1');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(user.id)));
    expect(rows.map((r) => [r.action, r.outcome, r.ip])).toEqual(
      expect.arrayContaining([
        ['auth.login', 'success', '10.0.3.1'],
        ['auth.login', 'failure', '10.0.3.1'],
      ]),
    );
  });
});

describe('sign-in throttling', () => {
  it('locks an account for an address for the rest of the window after 5 failures from it, with Retry-After', async () => {
    clock.set('2026-11-20T10:00:00Z');
    const user = await t.buildUser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login({ email: user.email, password: 'wrong-password' }, '10.1.0.99')).statusCode).toBe(401);
    }
    const locked = await login({ email: user.email, password: user.password }, '10.1.0.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    expect(locked.json().error.details).toEqual([{ field: 'limit', message: 'account_address' }]);
    expect(locked.json().error.message).toMatch(/Too many failed sign-in attempts/);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The refused attempt is audited too, under the address it came from.
    const refusals = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, user.email));
    expect(
      refusals.map((r) => [r.action, r.outcome, r.ip, (r.details as { reason?: string } | null)?.reason]),
    ).toContainEqual(['auth.login', 'failure', '10.1.0.99', 'throttled']);

    clock.set(new Date(clock.now().getTime() + 15 * 60_000 + 1000));
    expect((await login({ email: user.email, password: user.password }, '10.1.0.99')).statusCode).toBe(200);
    clock.set(null);
  });

  it('locks an address after 20 failures across accounts', async () => {
    clock.set('2026-11-20T11:00:00Z');
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await login({ email: `ghost${attempt}@srpf.test`, password: 'wrong-password' }, '10.2.0.1');
    }
    const user = await t.buildUser();
    const blocked = await login({ email: user.email, password: user.password }, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login({ email: user.email, password: user.password }, '10.2.0.2')).statusCode).toBe(200);
    clock.set(null);
  });

  it('never counts successful sign-ins, and a success clears the account’s failures', async () => {
    const user = await t.buildUser();
    for (let attempt = 0; attempt < 25; attempt += 1) {
      expect((await login({ email: user.email, password: user.password }, '10.3.0.1')).statusCode).toBe(200);
    }
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < 4; attempt += 1)
        await login({ email: user.email, password: 'wrong-password' }, '10.3.0.1');
      expect((await login({ email: user.email, password: user.password }, '10.3.0.1')).statusCode).toBe(200);
    }
  });
});
