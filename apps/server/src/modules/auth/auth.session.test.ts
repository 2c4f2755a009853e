import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { auditLog, refreshTokens } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new user signed in as a script would: the refresh token in the body too. */
async function signInFresh() {
  const user = await t.buildUser();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password, token_delivery: 'body' },
  });
  const cookie = (name: string) => response.cookies.find((c) => c.name === name)!.value;
  return { user, body: response.json(), refreshCookie: cookie('srpf_refresh'), xsrf: cookie('XSRF-TOKEN') };
}

const refreshWithBody = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken, token_delivery: 'body' } });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('POST /api/auth/refresh', () => {
  it('rotates a refresh token sent in the body: the old one dies', async () => {
    const session = await signInFresh();
    const first = await refreshWithBody(session.body.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refreshToken).not.toBe(session.body.refreshToken);
    expect(rotated.data.user.id).toBe(session.user.id);
    expect((await me(rotated.token)).statusCode).toBe(200);

    const again = await refreshWithBody(session.body.refreshToken);
    expect(again.statusCode).toBe(401);
  });

  it('revokes the whole family when a used token is presented again', async () => {
    const session = await signInFresh();
    const rotated = (await refreshWithBody(session.body.refreshToken)).json();
    expect((await refreshWithBody(session.body.refreshToken)).statusCode).toBe(401);
    const stolenUse = await refreshWithBody(rotated.refreshToken);
    expect(stolenUse.statusCode).toBe(401);
    expect(stolenUse.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('rotates the cookie when the X-XSRF-TOKEN header matches, and refuses it otherwise', async () => {
    const session = await signInFresh();
    const cookies = { srpf_refresh: session.refreshCookie, 'XSRF-TOKEN': session.xsrf };

    const withoutHeader = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies });
    expect(withoutHeader.statusCode).toBe(403);
    expect(withoutHeader.json().error.message).toBe('Missing or invalid XSRF token');

    const wrongHeader = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies,
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(wrongHeader.statusCode).toBe(403);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies,
      headers: { 'x-xsrf-token': session.xsrf },
    });
    expect(ok.statusCode).toBe(200);
    const newCookie = ok.cookies.find((c) => c.name === 'srpf_refresh');
    expect(newCookie?.value).toMatch(/^[\w-]{40,}$/);
    expect(newCookie?.value).not.toBe(session.refreshCookie);
    // The web app's refresh: the new refresh token only in its HttpOnly cookie.
    expect(ok.json()).not.toHaveProperty('refreshToken');
  });

  it('revokes the whole family when a used cookie is presented again', async () => {
    const session = await signInFresh();
    const refreshWithCookie = (refreshCookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { srpf_refresh: refreshCookie, 'XSRF-TOKEN': session.xsrf },
        headers: { 'x-xsrf-token': session.xsrf },
      });
    const rotated = await refreshWithCookie(session.refreshCookie);
    expect(rotated.statusCode).toBe(200);
    const rotatedCookie = rotated.cookies.find((c) => c.name === 'srpf_refresh')!.value;

    const reuse = await refreshWithCookie(session.refreshCookie);
    expect(reuse.statusCode).toBe(401);
    const stolenUse = await refreshWithCookie(rotatedCookie);
    expect(stolenUse.statusCode).toBe(401);
    expect(stolenUse.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 without any refresh token, and for an unknown or expired one', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    expect((await refreshWithBody('not-a-real-token')).statusCode).toBe(401);
    const session = await signInFresh();
    clock.set(new Date(Date.now() + 31 * 86_400_000));
    expect((await refreshWithBody(session.body.refreshToken)).statusCode).toBe(401);
    clock.set(null);
  });

  it('refuses a wrong type with 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 42 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('refreshToken');
  });
});

describe('refresh tokens in the body', () => {
  it('are answered only when the request asks for them, whether the old one came in the body or the cookie', async () => {
    const session = await signInFresh();
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.body.refreshToken },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).not.toHaveProperty('refreshToken');
    const cookie = plain.cookies.find((c) => c.name === 'srpf_refresh')!.value;
    const xsrf = plain.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { token_delivery: 'body' },
      cookies: { srpf_refresh: cookie, 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().refreshToken).toBe(asked.cookies.find((c) => c.name === 'srpf_refresh')!.value);
    expect((await refreshWithBody(asked.json().refreshToken)).statusCode).toBe(200);
  });
});

describe('session lifetimes', () => {
  const HOUR = 3_600_000;
  const MINUTE = 60_000;

  /** Signs in at `start` on a set clock. */
  async function signInAt(start: Date) {
    clock.set(start);
    return signInFresh();
  }

  /** Refreshes at `start + offset` on a set clock, with the body's token. */
  async function refreshAt(start: Date, offset: number, refreshToken: string) {
    clock.set(new Date(start.getTime() + offset));
    return refreshWithBody(refreshToken);
  }

  afterEach(() => clock.set(null));

  it('end 12 hours after the sign-in whatever the rotations: 11 h 59 works, after 12 h refused even right after a rotation', async () => {
    const start = new Date();
    const session = await signInAt(start);
    let token: string = session.body.refreshToken;
    // A rotation every 50 minutes keeps the session from idling out.
    for (let offset = 50 * MINUTE; offset < 12 * HOUR - MINUTE; offset += 50 * MINUTE) {
      const rotated = await refreshAt(start, offset, token);
      expect(rotated.statusCode, `at ${offset / MINUTE} minutes`).toBe(200);
      token = rotated.json().refreshToken;
    }
    const last = await refreshAt(start, 11 * HOUR + 59 * MINUTE, token);
    expect(last.statusCode).toBe(200);
    token = last.json().refreshToken;

    const ended = await refreshAt(start, 12 * HOUR + 1000, token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Your session has ended. Please sign in again.',
      reason: 'auth.session_ended',
      params: {},
    });
    // The family is revoked: the refused token does not come back to life later (say after a configuration change).
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.user_id, session.user.id));
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
    expect(rows.every((row) => row.family_started_at.getTime() === start.getTime())).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.session_max_age'), eq(auditLog.actor_id, session.user.id)));
    expect(entry).toMatchObject({ outcome: 'failure', entity_type: 'session' });

    // A new sign-in starts a new session.
    clock.set(new Date(start.getTime() + 12 * HOUR + 2000));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: session.user.email, password: session.user.password, token_delivery: 'body' },
    });
    expect((await refreshAt(start, 12 * HOUR + 5 * MINUTE, again.json().refreshToken)).statusCode).toBe(200);
  });

  it('follow SESSION_MAX_AGE', async () => {
    const short = await createTestApp({ sessionMaxAge: 2 * 3600 });
    try {
      const start = new Date();
      clock.set(start);
      const user = await short.buildUser();
      const login = await short.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password, token_delivery: 'body' },
      });
      expect(login.cookies.find((c) => c.name === 'srpf_refresh')?.maxAge).toBe(2 * 3600);
      clock.set(new Date(start.getTime() + 55 * MINUTE));
      const first = await short.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: login.json().refreshToken, token_delivery: 'body' },
      });
      expect(first.statusCode).toBe(200);
      clock.set(new Date(start.getTime() + 110 * MINUTE));
      const second = await short.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: first.json().refreshToken, token_delivery: 'body' },
      });
      expect(second.statusCode).toBe(200);
      clock.set(new Date(start.getTime() + 2 * HOUR));
      const ended = await short.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: second.json().refreshToken },
      });
      expect(ended.statusCode).toBe(401);
      expect(ended.json().error.message).toBe('Your session has ended. Please sign in again.');
    } finally {
      clock.set(null);
      await short.close();
    }
  });

  it('idle out after 1 hour for a user who chose no timeout', async () => {
    const start = new Date();
    const session = await signInAt(start);
    const used = await refreshAt(start, 59 * MINUTE, session.body.refreshToken);
    expect(used.statusCode).toBe(200);
    const idle = await refreshAt(start, 59 * MINUTE + HOUR, used.json().refreshToken);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.message).toBe('Your session has expired. Please sign in again.');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.idle_timeout'), eq(auditLog.actor_id, session.user.id)));
    expect(entry).toBeDefined();

    const other = await signInAt(start);
    expect((await refreshAt(start, HOUR + 1000, other.body.refreshToken)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session so its refresh token no longer works', async () => {
    const session = await signInFresh();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.body.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Signed out' });
    expect((await refreshWithBody(session.body.refreshToken)).statusCode).toBe(401);
  });

  it('needs the XSRF header for a cookie logout, and clears the cookies', async () => {
    const session = await signInFresh();
    const cookies = { srpf_refresh: session.refreshCookie, 'XSRF-TOKEN': session.xsrf };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies })).statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies,
      headers: { 'x-xsrf-token': session.xsrf },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'srpf_refresh')?.value).toBe('');
    expect((await refreshWithBody(session.body.refreshToken)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('GET /api/auth/me answers the signed-in user', async () => {
    const session = await signInFresh();
    const response = await me(session.body.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({
      id: session.user.id,
      email: session.user.email,
      role: 'viewer',
      role_name: 'viewer',
    });
  });

  it('answers 401 for no token, an expired token, a forged token and alg none', async () => {
    const session = await signInFresh();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await me('not.a.jwt')).statusCode).toBe(401);

    const forged = await new SignJWT({ role: 'superadmin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(session.user.id))
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('some-other-secret-of-sufficient-length!!'));
    expect((await me(forged)).statusCode).toBe(401);

    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: String(session.user.id), role: 'superadmin', exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    expect((await me(unsigned)).statusCode).toBe(401);

    // Verified once (and remembered), the token still dies at its expiry.
    expect((await me(session.body.token)).statusCode).toBe(200);
    clock.set(new Date(Date.now() + 16 * 60_000));
    const expired = await me(session.body.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Your session has expired. Please sign in again.',
      reason: 'auth.session_expired',
      params: {},
    });
    clock.set(null);
  });

  it('lets a user who must change their password reach only the allowed routes', async () => {
    const user = await t.buildUser({ must_change_password: true });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(response.json().must_change_password).toBe(true);
    const token = response.json().token;
    expect((await me(token)).statusCode).toBe(200);
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/kpis/daily?days=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });
});
