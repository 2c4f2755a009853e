import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Production without API_DOCS=public: the document is for administrators only. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ production: true, apiDocs: 'admins' });
});
afterAll(() => t.close());

describe('the API document in production', () => {
  it('serves neither the viewer nor the public document', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('openapi');
    }
  });

  it('GET /api/admin/openapi.json: 401 signed out, 403 for a non-administrator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json' })).statusCode).toBe(401);
    for (const role of ['viewer', 'executive', 'company_lead']) {
      const response = await (await t.as(role))({ method: 'GET', url: '/api/admin/openapi.json' });
      expect(response.statusCode, role).toBe(403);
    }
  });

  it('GET /api/admin/openapi.json: the whole document for an administrator', async () => {
    for (const role of ['admin', 'superadmin']) {
      const response = await (await t.as(role))({ method: 'GET', url: '/api/admin/openapi.json' });
      expect(response.statusCode, role).toBe(200);
      const document = response.json();
      expect(document.openapi).toMatch(/^3\./);
      expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/api/auth/login', '/api/users/{id}', '/api/admin/openapi.json']),
      );
      expect(
        document.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
      ).toHaveProperty('email');
    }
  });
});

describe('the API document in development and tests', () => {
  it('stays public at /api/docs, and the admin route answers too', async () => {
    const open = await createTestApp();
    try {
      expect((await open.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await open.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
      expect((await (await open.as('admin'))({ method: 'GET', url: '/api/admin/openapi.json' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
