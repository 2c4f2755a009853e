import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Current rights on every request, with what the guard reads kept for up to 5 s as in production: a
 * demotion, a grant removed, a company move or a deactivation counts at once on the instance that
 * made it and within 5 s on another instance of the same database.
 */

let t: TestApp;
let second: Awaited<ReturnType<TestApp['secondInstance']>>;
let superadmin: Awaited<ReturnType<TestApp['as']>>;

beforeAll(async () => {
  t = await createTestApp({ actorCacheSeconds: 5 });
  second = await t.secondInstance();
  superadmin = await t.as('superadmin');
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const on = (app: TestApp['app'], token: string, url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const change = (id: number, payload: object) => superadmin({ method: 'PUT', url: `/api/users/${id}`, payload });

async function signedIn(options: Parameters<TestApp['buildUser']>[0]) {
  const user = await t.buildUser(options);
  return { ...user, token: await t.signIn(user.email, user.password) };
}

describe('the standing the guard keeps', () => {
  it('loses a demoted admin’s rights at once here and within 5 s on the other instance', async () => {
    const admin = await signedIn({ role: 'admin' });
    expect((await on(t.app, admin.token, '/api/users')).statusCode).toBe(200);
    expect((await on(second.app, admin.token, '/api/users')).statusCode).toBe(200);

    expect((await change(admin.id, { role: 'viewer' })).statusCode).toBe(200);
    expect((await on(t.app, admin.token, '/api/users')).statusCode).toBe(403);
    await expect
      .poll(async () => (await on(second.app, admin.token, '/api/users')).statusCode, { timeout: 5000, interval: 100 })
      .toBe(403);
  });

  it('drops a removed grant and a company move the same way', async () => {
    const first = await t.buildCompany();
    const other = await t.buildCompany();
    const keeper = await signedIn({ company_id: first.id, granted_permissions: ['view_all_kpis'] });
    const exportUrl = '/api/kpis/daily/export?from=2026-11-01&to=2026-11-02';
    expect((await on(second.app, keeper.token, exportUrl)).statusCode).toBe(200);
    expect((await change(keeper.id, { granted_permissions: [] })).statusCode).toBe(200);
    expect((await on(t.app, keeper.token, exportUrl)).statusCode).toBe(403);
    await expect
      .poll(async () => (await on(second.app, keeper.token, exportUrl)).statusCode, { timeout: 5000, interval: 100 })
      .toBe(403);

    const colleague = await t.buildUser({ company_id: first.id, phone_number: '9833333333' });
    const lookup = `/api/appointments/users/find-by-phone?phone_number=9833333333`;
    expect((await on(second.app, keeper.token, lookup)).json().user).toMatchObject({ id: colleague.id });
    expect((await change(keeper.id, { company_id: other.id })).statusCode).toBe(200);
    expect((await on(t.app, keeper.token, lookup)).json().user).toBeNull();
    await expect
      .poll(async () => (await on(second.app, keeper.token, lookup)).json().user, { timeout: 5000, interval: 100 })
      .toBeNull();
  });

  it('refuses a deactivated person’s token everywhere, and a new password ends the other devices’ tokens', async () => {
    const person = await signedIn({});
    expect((await on(second.app, person.token, '/api/auth/me')).statusCode).toBe(200);
    expect((await change(person.id, { is_active: false })).statusCode).toBe(200);
    expect((await on(t.app, person.token, '/api/auth/me')).statusCode).toBe(401);
    await expect
      .poll(async () => (await on(second.app, person.token, '/api/auth/me')).statusCode, {
        timeout: 5000,
        interval: 100,
      })
      .toBe(401);

    const traveller = await signedIn({});
    expect((await on(second.app, traveller.token, '/api/auth/me')).statusCode).toBe(200);
    expect((await change(traveller.id, { password: 'A-new-Passw0rd!x' })).statusCode).toBe(200);
    expect((await on(t.app, traveller.token, '/api/auth/me')).statusCode).toBe(401);
    await expect
      .poll(async () => (await on(second.app, traveller.token, '/api/auth/me')).statusCode, {
        timeout: 5000,
        interval: 100,
      })
      .toBe(401);
  });
});

describe('a refresh racing a password reset', () => {
  it('yields nothing once the reset has committed: the family was signed in under the older session version', async () => {
    const person = await t.buildUser({});
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: person.password, token_delivery: 'body' },
    });
    const refreshToken = login.json().refreshToken as string;
    // What a reset committing while a rotation was under way leaves: a live token of the older version.
    await t.database.db
      .update(users)
      .set({ session_version: sql`${users.session_version} + 1` })
      .where(eq(users.id, person.id));
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    expect(refused.statusCode).toBe(401);
    expect((await on(t.app, login.json().token as string, '/api/auth/me')).statusCode).toBe(401);
  });
});
