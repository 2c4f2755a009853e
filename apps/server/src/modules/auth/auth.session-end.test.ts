import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { users } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createKeyRing } from '../../lib/keys.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * An access token lives no longer than its session: once the session (a refresh-token family) is
 * signed out or revoked, its access token is refused at once on the instance that ended it and
 * within the kept standing's 5 s on another, while the user's other sessions go on.
 */

let t: TestApp;
let second: Awaited<ReturnType<TestApp['secondInstance']>>;

beforeAll(async () => {
  // The standing kept as long as production may keep it: the refusal must not wait for it to lapse.
  t = await createTestApp({ actorCacheSeconds: 5 });
  second = await t.secondInstance();
});
afterAll(async () => {
  await second.close();
  await t.close();
});
afterEach(() => clock.set(null));

const ENDED = {
  code: 'UNAUTHENTICATED',
  message: 'This session has ended. Please sign in again.',
  reason: 'auth.session_ended',
  params: {},
};
const me = (app: TestApp['app'], token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

/** Signs in as a script would: the refresh token in the body too. */
async function signIn(user: { email: string; password: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password, token_delivery: 'body' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string; refreshToken: string }>();
}
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken, token_delivery: 'body' } });
const logout = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });

describe('signing out ends the access token of that session', () => {
  it('refuses it at once, while another session of the same user still works', async () => {
    const user = await t.buildUser();
    const laptop = await signIn(user);
    const phone = await signIn(user);
    // Read once, so the guard keeps this standing: the sign-out must forget it.
    expect((await me(t.app, laptop.token)).statusCode).toBe(200);

    expect((await logout(laptop.refreshToken)).statusCode).toBe(200);
    const refused = await me(t.app, laptop.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ success: false, error: ENDED });
    // Not only the user's own record: every signed-in route.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/companies?limit=1',
          headers: { authorization: `Bearer ${laptop.token}` },
        })
      ).statusCode,
    ).toBe(401);

    const still = await me(t.app, phone.token);
    expect(still.statusCode).toBe(200);
    expect(still.json().data.user.id).toBe(user.id);
  });

  it('reaches another instance of the same database through the change feed, before its kept standing lapses', async () => {
    // A stopped clock: the other instance's kept standing never lapses, so only the feed can end the session there.
    clock.set(new Date());
    const user = await t.buildUser();
    const laptop = await signIn(user);
    const phone = await signIn(user);
    // The other instance keeps this person's standing now.
    expect((await me(second.app, laptop.token)).statusCode).toBe(200);

    expect((await logout(laptop.refreshToken)).statusCode).toBe(200);
    await expect
      .poll(async () => (await me(second.app, laptop.token)).statusCode, { timeout: 5000, interval: 100 })
      .toBe(401);
    expect((await me(second.app, laptop.token)).json().error).toEqual(ENDED);
    expect((await me(second.app, phone.token)).statusCode).toBe(200);
  });
});

describe('a revoked session ends its access tokens', () => {
  it('when its refresh token is used twice: the family is revoked and every access token of it refused, here and on another instance', async () => {
    clock.set(new Date());
    const user = await t.buildUser();
    const stolen = await signIn(user);
    const other = await signIn(user);
    const rotated = await refresh(stolen.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const rotatedToken = rotated.json().token as string;
    expect((await me(t.app, rotatedToken)).statusCode).toBe(200);
    expect((await me(second.app, rotatedToken)).statusCode).toBe(200);

    // The used token again: whoever holds it is not the only one with this session.
    expect((await refresh(stolen.refreshToken)).statusCode).toBe(401);
    expect((await me(t.app, rotatedToken)).json().error).toEqual(ENDED);
    expect((await me(t.app, stolen.token)).json().error).toEqual(ENDED);
    await expect
      .poll(async () => (await me(second.app, rotatedToken)).statusCode, { timeout: 5000, interval: 100 })
      .toBe(401);
    expect((await me(t.app, other.token)).statusCode).toBe(200);
  });

  it('when a refresh after the maximum age ends the session: the access token of the last rotation is refused', async () => {
    const HOUR = 3_600_000;
    const start = new Date();
    clock.set(start);
    const user = await t.buildUser();
    // Idle timeout "never" (chosen in Settings): only the maximum age ends this session.
    await t.database.db.update(users).set({ session_timeout_minutes: 0 }).where(eq(users.id, user.id));
    const session = await signIn(user);
    clock.set(new Date(start.getTime() + 11.9 * HOUR));
    const last = await refresh(session.refreshToken);
    expect(last.statusCode).toBe(200);
    const lastToken = last.json().token as string;

    // 12 h 1 s after the sign-in: the last access token has 8 minutes left, the session none.
    clock.set(new Date(start.getTime() + 12 * HOUR + 1000));
    expect((await me(t.app, lastToken)).statusCode).toBe(200);
    expect((await refresh(last.json().refreshToken)).statusCode).toBe(401);
    expect((await me(t.app, lastToken)).json().error).toEqual(ENDED);
  });
});

describe('an access token issued before tokens named their session', () => {
  it('is refused: it cannot be matched to a sign-out, and a refresh gives one that can', async () => {
    const user = await t.buildUser();
    const session = await signIn(user);
    const [row] = await t.database.db
      .select({ version: users.session_version })
      .from(users)
      .where(eq(users.id, user.id));
    // Signed as the server signed them before: the same key and claims, without `sid`.
    const [key] = createKeyRing(t.config.jwtSecret!).keysFor('access-token');
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT({ role: 'viewer', mcp: false, sv: row!.version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: key!.id })
      .setSubject(String(user.id))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key!.key);

    const refused = await me(t.app, old);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual(ENDED);
    const renewed = await refresh(session.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await me(t.app, renewed.json().token)).statusCode).toBe(200);
  });
});
