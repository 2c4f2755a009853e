import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let asAdmin: Awaited<ReturnType<TestApp['as']>>;

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = await t.as('admin');
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const ENDED = { code: 'UNAUTHENTICATED', message: 'This session has ended. Please sign in again.' };

describe('ending a user’s sessions ends their access tokens at once', () => {
  it('when the user is deleted', async () => {
    const user = await t.buildUser();
    const token = await t.signIn(user.email, user.password);
    expect((await me(token)).statusCode).toBe(200);

    expect((await asAdmin({ method: 'DELETE', url: `/api/users/${user.id}` })).statusCode).toBe(200);
    const refused = await me(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual(ENDED);
  });

  it('when the user is deactivated, and not for anyone else', async () => {
    const user = await t.buildUser();
    const colleague = await t.buildUser();
    const token = await t.signIn(user.email, user.password);
    const colleagueToken = await t.signIn(colleague.email, colleague.password);

    expect((await asAdmin({ method: 'PUT', url: `/api/users/${user.id}`, payload: { is_active: false } })).statusCode).toBe(200);
    expect((await me(token)).json().error).toEqual(ENDED);
    expect((await me(colleagueToken)).statusCode).toBe(200);
  });

  it('when the user changes their password: other devices are out, the device that changed it stays in', async () => {
    const user = await t.buildUser();
    const otherDevice = await t.signIn(user.email, user.password);
    const thisDevice = await t.signIn(user.email, user.password);

    const changed = await t.withToken(thisDevice)({
      method: 'PUT',
      url: '/api/users/profile/password',
      payload: { current_password: user.password, new_password: 'Fresh-pass-2026', confirm_password: 'Fresh-pass-2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(otherDevice)).json().error).toEqual(ENDED);
    expect((await me(changed.json().token)).statusCode).toBe(200);
  });
});
