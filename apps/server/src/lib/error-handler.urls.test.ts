import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * URLs Fastify's router refuses before any route sees them answer in the error envelope, as every
 * other refusal does (found by the bad-input suite, src/fuzz.test.ts: they used to answer Fastify's
 * own `{error, code: 'FST_ERR_…', message, statusCode}`).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('URLs the router refuses', () => {
  it('a path that does not decode is a 400 in the envelope', async () => {
    const admin = await t.as('admin');
    for (const url of [
      '/api/users/%',
      '/api/users/%E0%A4%A',
      '/api/companies/%ZZ',
      '/api/orders/1/versions/%FF%/file',
    ]) {
      const response = await admin({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json()).toEqual({
        success: false,
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The URL is not valid: it has an escape that does not decode',
          reason: 'request.url_invalid',
          params: {},
          field: 'params',
          details: [
            {
              field: 'params',
              message: 'The URL is not valid: it has an escape that does not decode',
              reason: 'request.url_invalid',
              params: {},
            },
          ],
        },
      });
    }
  });

  it('a path parameter past the router limit is a 414 in the envelope, signed in or not', async () => {
    const url = `/api/users/${'9'.repeat(101)}`;
    for (const response of [
      await t.app.inject({ method: 'GET', url }),
      await (await t.as('admin'))({ method: 'PUT', url, payload: {} }),
    ]) {
      expect(response.statusCode).toBe(414);
      expect(response.json()).toMatchObject({
        success: false,
        error: { code: 'VALIDATION_FAILED', message: 'A path parameter is too long', field: 'params' },
      });
    }
  });
});
