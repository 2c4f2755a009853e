import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/docs', () => {
  it('publishes an OpenAPI document generated from the zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/refresh',
        '/api/auth/me',
        '/api/kpis/daily',
        '/api/users/{id}',
      ]),
    );
    const login = document.paths['/api/auth/login'].post;
    const loginBody = login.requestBody.content['application/json'].schema;
    expect(Object.keys(loginBody.properties)).toEqual(['email', 'password', 'token_delivery']);
    expect(loginBody.required).toEqual(['email', 'password']);
    expect(login.responses['429']).toBeDefined();
    // The refresh token in the body only on request, and said so.
    expect(loginBody.properties.token_delivery).toMatchObject({
      enum: ['cookie', 'body'],
      description: expect.stringContaining('HttpOnly cookie'),
    });
    const loginAnswer = login.responses['200'].content['application/json'].schema;
    expect(loginAnswer.required).not.toContain('refreshToken');
    expect(loginAnswer.properties.refreshToken.description).toContain("token_delivery 'body'");
  });

  it('documents the people endpoints, both names of an aliased field included', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/users/',
        '/api/users/roles',
        '/api/users/import',
        '/api/users/profile/me',
        '/api/users/profile/password',
        '/api/appointments/users/find-by-phone',
        '/api/appointments/users/search',
        '/api/companies/{id}',
        '/api/designations/all',
      ]),
    );
    const create = document.paths['/api/users/'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(create.properties)).toEqual(
      expect.arrayContaining(['phone', 'phone_number', 'role', 'role_name', 'is_active', 'active']),
    );
  });

  it('serves the interactive page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
