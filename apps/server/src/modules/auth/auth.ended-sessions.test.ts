import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let asAdmin: Awaited<ReturnType<TestApp['as']>>;

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = await t.as('admin');
});
afterAll(() => t.close());

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const ENDED = {
  code: 'UNAUTHENTICATED',
  message: 'This session has ended. Please sign in again.',
  reason: 'auth.session_ended',
  params: {},
};

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

    expect(
      (await asAdmin({ method: 'PUT', url: `/api/users/${user.id}`, payload: { is_active: false } })).statusCode,
    ).toBe(200);
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
      payload: {
        current_password: user.password,
        new_password: 'Fresh-pass-2026',
        confirm_password: 'Fresh-pass-2026',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(otherDevice)).json().error).toEqual(ENDED);
    expect((await me(changed.json().token)).statusCode).toBe(200);
  });
});

describe('an ended session reaches every instance through the change feed', () => {
  it('a deletion on one instance ends the access tokens on another within 1 s', async () => {
    const instance = await t.secondInstance();
    const second = instance.app;
    try {
      const user = await t.buildUser();
      const token = await t.signIn(user.email, user.password);
      // A route that does not read the user (as /auth/me would): only the ended session can refuse it.
      const meOnSecond = () =>
        second.inject({ method: 'GET', url: '/api/companies?limit=1', headers: { authorization: `Bearer ${token}` } });
      expect((await meOnSecond()).statusCode).toBe(200);

      expect((await asAdmin({ method: 'DELETE', url: `/api/users/${user.id}` })).statusCode).toBe(200);
      const deletedAt = Date.now();
      let answer = await meOnSecond();
      while (answer.statusCode === 200 && Date.now() - deletedAt < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = await meOnSecond();
      }
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error).toEqual(ENDED);
    } finally {
      await instance.close();
    }
  });
});
