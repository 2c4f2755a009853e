import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the permission guard through real routes', () => {
  it('refuses a viewer an admin-only route with 403 and lets admins and superadmins in', async () => {
    const asViewer = await t.as('viewer');
    const denied = await asViewer({ method: 'GET', url: '/api/audit-logs' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      success: false,
      error: { code: 'FORBIDDEN', message: 'You do not have permission to do this', reason: 'forbidden', params: {} },
    });

    for (const role of ['admin', 'superadmin']) {
      const request = await t.as(role);
      const allowed = await request({ method: 'GET', url: '/api/audit-logs?limit=5' });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().pagination).toMatchObject({ page: 1, limit: 5 });
      expect(allowed.json().data.length).toBeGreaterThan(0);
    }
  });

  it('treats a role the permission table does not know as a viewer', async () => {
    // A role row added straight in the database (say, by a later migration) that the table lacks.
    await t.database.db.insert(roles).values({ name: 'deputy_inspector', description: 'not in the permission table' });
    const request = await t.as('deputy_inspector');
    expect((await request({ method: 'GET', url: '/api/audit-logs' })).statusCode).toBe(403);
    // Still signed in: what every user may do, it may do.
    expect((await request({ method: 'GET', url: '/api/kpis/daily?days=1' })).statusCode).toBe(200);
    const me = await request({ method: 'GET', url: '/api/auth/me' });
    expect(me.json().data.user.role).toBe('deputy_inspector');
  });

  it('answers 401 before 403 when there is no token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/audit-logs' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('validates the audit query', async () => {
    const request = await t.as('admin');
    const response = await request({ method: 'GET', url: '/api/audit-logs?limit=1000' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('limit');
  });
});

describe('GET /api/users/{id}', () => {
  it('lets every signed-in user read their own record', async () => {
    const user = await t.buildUser({ first_name: 'Ganesh', last_name: 'Jadhav' });
    const token = await t.signIn(user.email, user.password);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({
      id: user.id,
      first_name: 'Ganesh',
      full_name: 'Ganesh Jadhav',
      role: 'viewer',
    });
    expect(response.json().data.user).not.toHaveProperty('password_hash');
  });

  it('answers a viewer 404 for another user’s record, as if it did not exist, and lets an admin read it', async () => {
    const other = await t.buildUser();
    const asViewer = await t.as('viewer');
    const hidden = await asViewer({ method: 'GET', url: `/api/users/${other.id}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'User not found',
      reason: 'users.not_found',
      params: {},
    });
    const asAdmin = await t.as('admin');
    expect((await asAdmin({ method: 'GET', url: `/api/users/${other.id}` })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const asAdmin = await t.as('admin');
    const missing = await asAdmin({ method: 'GET', url: '/api/users/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'User not found',
      reason: 'users.not_found',
      params: {},
    });
    const malformed = await asAdmin({ method: 'GET', url: '/api/users/abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.field).toBe('id');
  });
});

describe('health, unknown routes and headers', () => {
  it('answers the live and ready checks', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json().status).toBe('ok');
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    // `renderer` (Chromium for payslip PDFs) is reported beside the database: modules/health/health.ready.test.ts.
    expect(ready.json()).toEqual({
      status: 'ok',
      database: 'ok',
      renderer: expect.objectContaining({ available: expect.any(Boolean) }),
    });
  });

  it('answers an unknown route with the 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      error: {
        code: 'NOT_FOUND',
        message: 'Route GET /api/nothing-here not found',
        reason: 'request.route_not_found',
        params: {},
      },
    });
  });

  it('refuses a JSON body over the limit with 413 in the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@srpf.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().success).toBe(false);
  });
});

describe('text the database cannot store', () => {
  it('answers 400, not 500, for a NUL character in a search', async () => {
    const asAdmin = await t.as('admin');
    for (const url of [
      '/api/users?search=a%00b',
      '/api/companies?search=a%00',
      '/api/appointments/users/search?q=ab%00c',
    ]) {
      const response = await asAdmin({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe('VALIDATION_FAILED');
    }
  });
});
