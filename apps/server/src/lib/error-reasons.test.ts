import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REASONS, ERROR_STATUS, isErrorReason } from '@srpf/shared';
import type { LightMyRequestResponse } from 'fastify';
import { createLibraryTestApp, PNG_BYTES, upload, type LibraryTestApp } from '../test/library-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Every error answer carries a registered reason whose code is the answer's code, and exactly the
 * params that reason names (strings or numbers), on the error and on each validation detail: the
 * web words them in the reader's language (issue 28).
 */
function expectWorded(response: LightMyRequestResponse, status: number, reason: string): Record<string, unknown> {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = response.json<{ error: Record<string, unknown> & { details?: Record<string, unknown>[] } }>();
  expect(error.reason).toBe(reason);
  for (const item of [error, ...(error.details ?? [])]) {
    if (item !== error && item.reason === undefined && error.code !== 'VALIDATION_FAILED') continue; // a 429's limit, not a field
    expect(isErrorReason(item.reason), `registered reason: ${String(item.reason)}`).toBe(true);
    const registered = ERROR_REASONS[item.reason as keyof typeof ERROR_REASONS];
    if (item === error) expect(registered.code).toBe(error.code);
    const params = item.params as Record<string, unknown>;
    expect(Object.keys(params).sort()).toEqual([...registered.params].sort());
    for (const value of Object.values(params)) expect(['string', 'number']).toContain(typeof value);
  }
  if (status !== 414) expect(ERROR_STATUS[error.code as keyof typeof ERROR_STATUS]).toBe(status);
  return error;
}

let t: LibraryTestApp;
let limited: TestApp;
beforeAll(async () => {
  [t, limited] = await Promise.all([createLibraryTestApp(), createTestApp({ apiRateLimit: 1 })]);
});
afterAll(async () => {
  await Promise.all([t.close(), limited.close()]);
});

describe('error reasons on real answers', () => {
  it('400: a schema failure words each field by its zod issue', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b', password: '12345' },
    });
    const error = expectWorded(short, 400, 'validation.invalid');
    expect(error.details).toEqual([
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

  it('400: a service check names its own reason, on the error and its detail', async () => {
    const asAdmin = await t.as('admin');
    const error = expectWorded(
      await asAdmin({ method: 'PUT', url: '/api/companies/1', payload: {} }),
      400,
      'validation.no_change',
    );
    expect(error.details).toEqual([
      { field: 'body', message: 'Send at least one field to change', reason: 'validation.no_change', params: {} },
    ]);
  });

  it('401 and 403', async () => {
    expectWorded(await t.app.inject({ method: 'GET', url: '/api/auth/me' }), 401, 'unauthenticated');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@srpf.test', password: 'wrong password' },
    });
    expectWorded(bad, 401, 'auth.invalid_credentials');
    const asViewer = await t.as('viewer');
    expectWorded(await asViewer({ method: 'GET', url: '/api/audit-logs' }), 403, 'forbidden');
  });

  it('404: a record, and a route', async () => {
    const asAdmin = await t.as('admin');
    expectWorded(await asAdmin({ method: 'GET', url: '/api/users/999999' }), 404, 'users.not_found');
    expectWorded(await t.app.inject({ method: 'GET', url: '/api/nothing-here' }), 404, 'request.route_not_found');
  });

  it('409: a duplicate code', async () => {
    const asAdmin = await t.as('admin');
    const payload = { name: 'Reason Test Company', code: 'RSN-1' };
    expect((await asAdmin({ method: 'POST', url: '/api/companies', payload })).statusCode).toBe(201);
    const duplicate = await asAdmin({
      method: 'POST',
      url: '/api/companies',
      payload: { ...payload, name: 'Another' },
    });
    expect(expectWorded(duplicate, 409, 'companies.code_taken').field).toBe('code');
  });

  it('413 and 415: a body over the limit, a file that is not a PDF', async () => {
    const large = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@srpf.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectWorded(large, 413, 'request.too_large');
    const asAdmin = await t.as('admin');
    const png = await upload(
      asAdmin,
      'orders',
      { title: 'A picture', effective_date: '2026-11-21' },
      { filename: 'scan.pdf', contentType: 'application/pdf', content: PNG_BYTES },
    );
    expectWorded(png, 415, 'upload.not_pdf');
  });

  it('414: a path parameter past the router limit keeps its status and has a reason', async () => {
    expectWorded(
      await t.app.inject({ method: 'GET', url: `/api/users/${'9'.repeat(101)}` }),
      414,
      'request.path_param_too_long',
    );
  });

  it('429: the API rate limit says how many seconds to wait', async () => {
    await limited.app.inject({ method: 'GET', url: '/api/auth/me' });
    const refused = await limited.app.inject({ method: 'GET', url: '/api/auth/me' });
    const error = expectWorded(refused, 429, 'request.rate_limited');
    expect(error.params).toEqual({ seconds: Number(refused.headers['retry-after']) });
  });
});
