import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(options: Parameters<TestApp['buildUser']>[0] = {}) {
  const user = await t.buildUser(options);
  // The refresh token in the body too (a script's sign-in), so tests can present it.
  const login = (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password, token_delivery: 'body' },
    })
  ).json();
  return { user, login, request: t.withToken(login.token) };
}

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken, token_delivery: 'body' } });

describe('PUT /api/users/profile/me', () => {
  const profile = { first_name: '  Sunita ', middle_name: 'Ramesh', last_name: 'Patil', phone: '+91 98220 11111' };

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/profile/me', payload: profile })).statusCode).toBe(
      401,
    );
  });

  it('requires and trims each field, with the spec’s messages', async () => {
    const { request } = await signedIn();
    const response = await request({
      method: 'PUT',
      url: '/api/users/profile/me',
      payload: { first_name: ' ', middle_name: '', last_name: '  ', phone: ' ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { field: 'first_name', message: 'First name is required', reason: 'validation.required', params: {} },
      { field: 'middle_name', message: 'Middle name is required', reason: 'validation.required', params: {} },
      { field: 'last_name', message: 'Last name is required', reason: 'validation.required', params: {} },
      { field: 'phone', message: 'Phone number is required', reason: 'validation.required', params: {} },
    ]);
    const badPhone = await request({
      method: 'PUT',
      url: '/api/users/profile/me',
      payload: { ...profile, phone: '12345' },
    });
    expect(badPhone.json().error).toMatchObject({
      field: 'phone',
      details: [{ field: 'phone', message: 'Phone number must be exactly 10 digits and not in use by another person' }],
    });
    const wrongType = await request({
      method: 'PUT',
      url: '/api/users/profile/me',
      payload: { ...profile, first_name: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('saves names and phone of the signed-in user only, never the email', async () => {
    const { user, request } = await signedIn();
    const response = await request({
      method: 'PUT',
      url: '/api/users/profile/me',
      payload: { ...profile, email: 'other@srpf.test' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Profile updated successfully');
    expect(response.json().data.user).toMatchObject({
      id: user.id,
      first_name: 'Sunita',
      middle_name: 'Ramesh',
      last_name: 'Patil',
      full_name: 'Sunita Ramesh Patil',
      phone_number: '9822011111',
      email: user.email,
    });
  });

  it('refuses a phone someone else holds exactly as a malformed one, out of scope or not', async () => {
    const company = await t.buildCompany();
    await t.buildUser({ phone_number: '9822022222', company_id: company.id });
    const { user, request } = await signedIn();
    const save = (phone: string) =>
      request({ method: 'PUT', url: '/api/users/profile/me', payload: { ...profile, phone } });
    const taken = await save('9822022222');
    const malformed = await save('98220');
    expect(taken.statusCode).toBe(400);
    expect(malformed.statusCode).toBe(400);
    expect(taken.json()).toEqual(malformed.json());
    expect(taken.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'phone: Phone number must be exactly 10 digits and not in use by another person',
      reason: 'validation.invalid',
      params: {},
      field: 'phone',
      details: [
        {
          field: 'phone',
          message: 'Phone number must be exactly 10 digits and not in use by another person',
          reason: 'validation.invalid',
          params: {},
        },
      ],
    });
    // Nothing saved.
    expect((await request({ method: 'GET', url: `/api/users/${user.id}` })).json().data.user.phone_number).toBeNull();
  });

  it('lets a person change their own phone 5 times an hour, then 429 with Retry-After; the names stay free', async () => {
    clock.set('2026-11-25T10:00:00Z');
    try {
      await t.buildUser({ phone_number: '9822044444' });
      const { user } = await signedIn({ phone_number: '9822050000' });
      // Signed in afresh at each moment: an access token lasts 15 minutes.
      const save = async (phone: string, first_name = 'Sunita') => {
        const login = (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: user.email, password: user.password },
          })
        ).json();
        return t.withToken(login.token)({
          method: 'PUT',
          url: '/api/users/profile/me',
          payload: { ...profile, first_name, phone },
        });
      };
      expect((await save('9822050001')).statusCode).toBe(200);
      expect((await save('9822044444')).statusCode).toBe(400);
      expect((await save('9822050002')).statusCode).toBe(200);
      expect((await save('9822050003')).statusCode).toBe(200);
      clock.set('2026-11-25T10:20:00Z');
      expect((await save('9822050004')).statusCode).toBe(200);
      const refused = await save('9822050005');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        success: false,
        error: {
          code: 'RATE_LIMITED',
          message: 'Your phone number can be changed 5 times an hour. Try again in 40 minutes.',
          reason: 'users.phone_change_limit',
          params: { perHour: 5, minutes: 40 },
          field: 'phone',
        },
      });
      expect(refused.headers['retry-after']).toBe('2400');
      // The phone kept as it is, the names still change.
      const namesOnly = await save('9822050004', 'Sunanda');
      expect(namesOnly.statusCode).toBe(200);
      expect(namesOnly.json().data.user).toMatchObject({ first_name: 'Sunanda', phone_number: '9822050004' });
      // An hour after the first tries, they no longer count.
      clock.set('2026-11-25T11:00:01Z');
      expect((await save('9822050005')).statusCode).toBe(200);
    } finally {
      clock.set(null);
    }
  });
});

describe('PUT /api/users/profile/password', () => {
  const change = (request: ReturnType<TestApp['withToken']>, payload: object) =>
    request({ method: 'PUT', url: '/api/users/profile/password', payload });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/profile/password', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('runs the five checks in the spec’s order, then the current password', async () => {
    const { user, request } = await signedIn();
    const steps: [object, string, string][] = [
      [{}, 'current_password', 'Current password is required'],
      [{ current_password: user.password }, 'new_password', 'New password is required'],
      [
        { current_password: user.password, new_password: 'short', confirm_password: 'other' },
        'new_password',
        'New password must be at least 8 characters',
      ],
      [
        { current_password: user.password, new_password: 'long-enough-1', confirm_password: 'long-enough-2' },
        'confirm_password',
        'Passwords do not match',
      ],
      [
        { current_password: user.password, new_password: user.password, confirm_password: user.password },
        'new_password',
        'New password must be different from current password',
      ],
      [
        { current_password: 'wrong-password', new_password: 'long-enough-1', confirm_password: 'long-enough-1' },
        'current_password',
        'Current password is incorrect',
      ],
    ];
    for (const [payload, field, message] of steps) {
      const response = await change(request, payload);
      expect(response.statusCode, message).toBe(400);
      // Schema failures list the problem in details; the message leads with the field.
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field });
      expect(response.json().error.message).toContain(message);
      expect(response.json().error.details ?? [{ field, message }]).toEqual([
        { field, message, reason: expect.any(String), params: expect.any(Object) },
      ]);
    }
    expect((await change(request, { current_password: 12345678 })).statusCode).toBe(400);
    const [failure] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'user.password_change'),
          eq(auditLog.entity_id, String(user.id)),
          eq(auditLog.outcome, 'failure'),
        ),
      );
    expect(failure).toBeDefined();
  });

  it('changes the password, signs out every other session, keeps this one and audits it', async () => {
    const { user, request } = await signedIn();
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password, token_delivery: 'body' },
      })
    ).json();

    const response = await change(request, {
      current_password: user.password,
      new_password: 'Brand-new-pass-9',
      confirm_password: 'Brand-new-pass-9',
      token_delivery: 'body',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Password updated successfully',
      must_change_password: false,
      data: { user: { id: user.id } },
    });
    expect(response.cookies.find((c) => c.name === 'srpf_refresh')?.value).toBe(body.refreshToken);

    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await refresh(body.refreshToken)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: user.password },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: 'Brand-new-pass-9' },
        })
      ).statusCode,
    ).toBe(200);
    const [success] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'user.password_change'),
          eq(auditLog.entity_id, String(user.id)),
          eq(auditLog.outcome, 'success'),
        ),
      );
    expect(success).toBeDefined();
  });

  it('answers the new refresh token in its cookie only, unless the request asks for it in the body', async () => {
    const { user, request } = await signedIn();
    const response = await change(request, {
      current_password: user.password,
      new_password: 'Quiet-harbour-lantern-42',
      confirm_password: 'Quiet-harbour-lantern-42',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('refreshToken');
    expect(response.json().token).toEqual(expect.any(String));
    expect(response.cookies.find((c) => c.name === 'srpf_refresh')).toMatchObject({
      httpOnly: true,
      value: expect.stringMatching(/^[\w-]{40,}$/),
    });
  });

  it('throttles wrong current passwords with the account’s failed sign-ins: 429 with Retry-After, and the right one waits too', async () => {
    const { user, request } = await signedIn();
    const wrong = {
      current_password: 'not-my-password',
      new_password: 'Brand-new-pass-9',
      confirm_password: 'Brand-new-pass-9',
    };
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect((await change(request, wrong)).statusCode, `attempt ${attempt}`).toBe(400);

    const refused = await change(request, { ...wrong, current_password: user.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many wrong current passwords\. Try again in \d+ minutes?\.$/),
      reason: 'auth.password_change_throttled',
      params: { minutes: expect.any(Number) },
      details: [{ field: 'limit', message: 'account_address' }],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(429);
  });

  it('is the way out of a required password change', async () => {
    const { user, login, request } = await signedIn({ must_change_password: true });
    expect(login.must_change_password).toBe(true);
    expect(
      (
        await request({
          method: 'PUT',
          url: '/api/users/profile/me',
          payload: { first_name: 'Ab', middle_name: 'C', last_name: 'De', phone: '9822033333' },
        })
      ).json().error.code,
    ).toBe('PASSWORD_CHANGE_REQUIRED');
    const response = await change(request, {
      current_password: user.password,
      new_password: 'My-own-pass-77',
      confirm_password: 'My-own-pass-77',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().must_change_password).toBe(false);
    const fresh = t.withToken(response.json().token);
    expect((await fresh({ method: 'GET', url: '/api/users/roles' })).statusCode).toBe(200);
    expect((await fresh({ method: 'GET', url: `/api/users/${user.id}` })).json().data.user.must_change_password).toBe(
      false,
    );
  });
});

describe('PUT /api/users/profile/settings', () => {
  it('needs a token and one of the four choices', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/users/profile/settings', payload: { session_timeout: '1h' } }))
        .statusCode,
    ).toBe(401);
    const { request } = await signedIn();
    const bad = await request({
      method: 'PUT',
      url: '/api/users/profile/settings',
      payload: { session_timeout: '5m' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('session_timeout');
  });

  it('saves the idle timeout and expires sessions left unused for that long', async () => {
    const { user, login, request } = await signedIn();
    const response = await request({
      method: 'PUT',
      url: '/api/users/profile/settings',
      payload: { session_timeout: '30m' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.session_timeout).toBe('30m');

    const start = Date.now();
    clock.set(new Date(start + 20 * 60_000));
    const used = await refresh(login.refreshToken);
    expect(used.statusCode).toBe(200);
    clock.set(new Date(start + 45 * 60_000));
    const again = await refresh(used.json().refreshToken);
    expect(again.statusCode).toBe(200);
    clock.set(new Date(start + 76 * 60_000));
    const idle = await refresh(again.json().refreshToken);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.message).toBe('Your session has expired. Please sign in again.');
    clock.set(null);

    const never = await t.withToken(await t.signIn(user.email, user.password))({
      method: 'PUT',
      url: '/api/users/profile/settings',
      payload: { session_timeout: 'never' },
    });
    expect(never.json().data.user.session_timeout).toBe('never');
  });

  it('shows the default of 1 hour to a user who chose none', async () => {
    const { user, request } = await signedIn();
    expect((await request({ method: 'GET', url: `/api/users/${user.id}` })).json().data.user.session_timeout).toBe(
      '1h',
    );
  });

  it('never: no idle timeout, only the absolute lifetime of the session', async () => {
    const { login, request } = await signedIn();
    expect(
      (
        await request({ method: 'PUT', url: '/api/users/profile/settings', payload: { session_timeout: 'never' } })
      ).json().data.user.session_timeout,
    ).toBe('never');

    const start = Date.now();
    clock.set(new Date(start + 5 * 3_600_000));
    const late = await refresh(login.refreshToken);
    expect(late.statusCode).toBe(200);
    clock.set(new Date(start + 12 * 3_600_000 + 1000));
    const ended = await refresh(late.json().refreshToken);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.message).toBe('Your session has ended. Please sign in again.');
    clock.set(null);
  });
});
