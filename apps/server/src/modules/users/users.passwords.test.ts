import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMON_PASSWORD_MESSAGE } from '@srpf/shared';
import { loadConfig } from '../../config.js';
import { loginAttempts, users } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { multipartBody } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: { email: string; password: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
});
afterAll(() => t.close());
afterEach(() => clock.set(null));

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const asAdmin = async () => t.withToken(await t.signIn(admin.email, admin.password));
const expiryOf = async (id: number) =>
  (await t.database.db.select({ at: users.password_expires_at }).from(users).where(eq(users.id, id)))[0]!.at;
let sequence = 0;
const newPerson = (password: string) => {
  sequence += 1;
  return {
    first_name: 'Sunita',
    last_name: 'Jadhav',
    email: `expiry.${sequence}.${Date.now()}@srpf.test`,
    password,
    role: 'viewer',
    company_id: 1,
  };
};

describe('ONE_TIME_PASSWORD_TTL', () => {
  it('defaults to 72 hours and takes a duration', () => {
    expect(loadConfig({}).oneTimePasswordTtl).toBe(72 * 3600);
    expect(loadConfig({ ONE_TIME_PASSWORD_TTL: '24h' }).oneTimePasswordTtl).toBe(24 * 3600);
    expect(() => loadConfig({ ONE_TIME_PASSWORD_TTL: 'soon' })).toThrow(/ONE_TIME_PASSWORD_TTL/);
  });
});

describe('passwords set for someone else expire', () => {
  it('refuses an administrator-set password after 72 hours with PASSWORD_EXPIRED, without locking the account, until an administrator sets a new one', async () => {
    clock.set('2026-12-01T08:00:00Z');
    const created = await (
      await asAdmin()
    )({ method: 'POST', url: '/api/users/', payload: newPerson('Tapi-river-bank-9') });
    expect(created.statusCode).toBe(201);
    const { id, email } = created.json().data.user as { id: number; email: string };
    expect((await expiryOf(id))?.toISOString()).toBe('2026-12-04T08:00:00.000Z');

    clock.set('2026-12-04T07:59:00Z');
    expect((await login(email, 'Tapi-river-bank-9')).statusCode).toBe(200);

    clock.set('2026-12-04T08:00:00Z');
    // The person tries again and again: an expired password is no guess and locks nothing.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const expired = await login(email, 'Tapi-river-bank-9');
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error).toEqual({
        code: 'PASSWORD_EXPIRED',
        message: 'Your temporary password has expired. Ask your unit administrator to set a new one.',
        reason: 'auth.password_expired',
        params: {},
      });
    }
    // A wrong password still says only that: the expiry is told to whoever knows the password.
    expect((await login(email, 'Not-the-password-1')).json().error.code).toBe('UNAUTHENTICATED');

    const reissued = await (
      await asAdmin()
    )({ method: 'PUT', url: `/api/users/${id}`, payload: { password: 'Krishna-valley-44' } });
    expect(reissued.statusCode).toBe(200);
    expect((await expiryOf(id))?.toISOString()).toBe('2026-12-07T08:00:00.000Z');
    const signedIn = await login(email, 'Krishna-valley-44');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().must_change_password).toBe(true);

    // Choosing one's own password ends the expiry.
    const own = await t.withToken(signedIn.json().token)({
      method: 'PUT',
      url: '/api/users/profile/password',
      payload: {
        current_password: 'Krishna-valley-44',
        new_password: 'Sahyadri-monsoon-71',
        confirm_password: 'Sahyadri-monsoon-71',
      },
    });
    expect(own.statusCode).toBe(200);
    expect(await expiryOf(id)).toBeNull();
    clock.set('2027-06-01T08:00:00Z');
    expect((await login(email, 'Sahyadri-monsoon-71')).statusCode).toBe(200);
  });

  it('follows ONE_TIME_PASSWORD_TTL; an administrator’s own password goes through the profile, not the user form', async () => {
    const short = await createTestApp({ oneTimePasswordTtl: 3600 });
    try {
      clock.set('2026-12-02T08:00:00Z');
      const boss = await short.buildUser({ role: 'admin' });
      const request = short.withToken(await short.signIn(boss.email, boss.password));
      const created = await request({ method: 'POST', url: '/api/users/', payload: newPerson('Tapi-river-bank-9') });
      const [row] = await short.database.db
        .select({ at: users.password_expires_at })
        .from(users)
        .where(eq(users.id, created.json().data.user.id));
      expect(row!.at?.toISOString()).toBe('2026-12-02T09:00:00.000Z');

      // One's own password is changed under Profile only (with the current one), never through the user form.
      const own = await request({
        method: 'PUT',
        url: `/api/users/${boss.id}`,
        payload: { password: 'Bhima-river-song-3' },
      });
      expect(own.statusCode).toBe(409);
      expect(own.json().error).toMatchObject({
        field: 'password',
        message: 'Change your own password from your profile, with your current password',
      });
    } finally {
      await short.close();
    }
  });

  it('gives the CSV import’s one-time passwords the same lifetime', async () => {
    clock.set('2026-12-03T08:00:00Z');
    await t.buildDesignation({ name: 'Police Constable', code: 'PC' });
    const csv = [
      'DESIGNATION,SEVARTH ID,FIRST NAME,MIDDLE NAME,LAST NAME,EMAIL ID,MOBILE NO',
      `Police Constable,SRPFEXP0001,Amol,Ramesh,Shinde,imported.${Date.now()}@srpf.test,9812300001`,
    ].join('\n');
    const answer = await (
      await asAdmin()
    )({
      method: 'POST',
      url: '/api/users/import',
      ...multipartBody([
        { name: 'company_id', value: '1' },
        { name: 'file', filename: 'users.csv', content: csv },
      ]),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [person] = answer.json().data.passwords as { email: string; password: string }[];
    const [row] = await t.database.db
      .select({ at: users.password_expires_at })
      .from(users)
      .where(eq(users.email, person!.email));
    expect(row!.at?.toISOString()).toBe('2026-12-06T08:00:00.000Z');
    clock.set('2026-12-06T08:00:01Z');
    expect((await login(person!.email, person!.password)).json().error.code).toBe('PASSWORD_EXPIRED');
  });
});

describe('common passwords are refused', () => {
  it('on the password change, before the current password is verified', async () => {
    const user = await t.buildUser({
      first_name: 'Vijay',
      last_name: 'Pawar',
      email: `vijay.pawar.${Date.now()}@srpf.test`,
    });
    const request = t.withToken(await t.signIn(user.email, user.password));
    for (const weak of ['password123', 'Passw0rd-1', 'qwertyuiop', 'vijaypawar']) {
      const response = await request({
        method: 'PUT',
        url: '/api/users/profile/password',
        payload: { current_password: 'not-my-password', new_password: weak, confirm_password: weak },
      });
      expect(response.statusCode, weak).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: COMMON_PASSWORD_MESSAGE,
        reason: 'users.password_too_common',
        params: {},
        field: 'new_password',
        details: [
          { field: 'new_password', message: COMMON_PASSWORD_MESSAGE, reason: 'users.password_too_common', params: {} },
        ],
      });
    }
    // The spec's checks come first, with their own messages.
    const short = await request({
      method: 'PUT',
      url: '/api/users/profile/password',
      payload: { current_password: 'x', new_password: 'abc', confirm_password: 'abc' },
    });
    expect(short.json().error.details).toEqual([
      {
        field: 'new_password',
        message: 'New password must be at least 8 characters',
        reason: 'validation.invalid',
        params: {},
      },
    ]);
    // No current password was tried, so nothing counts towards the throttle.
    expect(
      await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email.toLowerCase())),
    ).toHaveLength(1);
  });

  it('when an administrator creates a user or sets a password', async () => {
    const request = await asAdmin();
    const created = await request({ method: 'POST', url: '/api/users/', payload: newPerson('password1234') });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toMatchObject({ field: 'password', message: COMMON_PASSWORD_MESSAGE });

    const target = await t.buildUser();
    const updated = await request({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      payload: { password: 'Welcome@123' },
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().error).toMatchObject({ field: 'password', message: COMMON_PASSWORD_MESSAGE });
    expect((await login(target.email, target.password)).statusCode).toBe(200);
  });
});
