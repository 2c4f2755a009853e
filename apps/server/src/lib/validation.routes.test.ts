import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Every route of the API document that takes input answers bad input with the one 400 shape:
 * {success:false, error:{code:'VALIDATION_FAILED', message, field, details:[{field, message}]}},
 * `field` being the first detail's. New routes are covered without writing anything here.
 */
interface Operation {
  method: string;
  path: string;
  parameters?: {
    in: string;
    name: string;
    required?: boolean;
    schema?: { type?: string | string[]; enum?: unknown[] };
  }[];
  requestBody?: { content: Record<string, unknown> };
}

let t: TestApp;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

/**
 * POST routes with no input of the API's own to get wrong, each with why (their own tests cover them):
 * the queue's resume acts on one fixed thing; Meta's webhook checks its signature before it reads a
 * body (401 unsigned) and answers Meta's shape, not the API's.
 */
const OUTSIDE_THE_SHAPE: Record<string, string> = {
  'POST /api/whatsapp/queue/resume': 'takes no input',
  'POST /api/whatsapp/webhook': 'signed by Meta; whatsapp.webhook.test.ts',
};

/** A request that breaks the route's input: a word for a numeric path id, a body that is no object, or a wrong query value. */
function badRequestFor(
  operation: Operation,
): { url: string; payload?: string; headers?: Record<string, string> } | null {
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
  if (pathParams.length > 0) return { url: operation.path.replace(/\{[^}]+\}/g, 'not-a-number') };
  // A JSON array where an object (or a multipart form) is expected.
  if (OUTSIDE_THE_SHAPE[`${operation.method} ${operation.path}`]) return null;
  if (operation.requestBody || ['POST', 'PUT', 'PATCH'].includes(operation.method))
    return { url: operation.path, payload: '["not", "an", "object"]', headers: { 'content-type': 'application/json' } };
  const typedQuery = (operation.parameters ?? []).find(
    (p) => p.in === 'query' && (p.schema?.enum || ['integer', 'number', 'boolean'].includes(String(p.schema?.type))),
  );
  if (typedQuery) return { url: `${operation.path}?${typedQuery.name}=%E2%9C%97not-valid` };
  const requiredQuery = (operation.parameters ?? []).find((p) => p.in === 'query' && p.required);
  if (requiredQuery) return { url: operation.path };
  return null;
}

describe('every route answers bad input with the one 400 shape', () => {
  it('walks the routes of the API document', async () => {
    const request = await t.as('superadmin');
    const checked: string[] = [];
    const withoutInput: string[] = [];
    for (const operation of operations) {
      const bad = badRequestFor(operation);
      const name = `${operation.method} ${operation.path}`;
      if (!bad) {
        withoutInput.push(name);
        continue;
      }
      const response = await request({
        method: operation.method,
        url: bad.url,
        payload: bad.payload,
        headers: bad.headers,
      });
      const body = response.json();
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
      expect(body.success, name).toBe(false);
      expect(body.error.code, name).toBe('VALIDATION_FAILED');
      expect(typeof body.error.message, name).toBe('string');
      expect(body.error.field, name).toEqual(expect.any(String));
      expect(body.error.details.length, name).toBeGreaterThan(0);
      expect(body.error.details[0].field, name).toBe(body.error.field);
      for (const detail of body.error.details) {
        expect(detail, name).toEqual({
          field: expect.any(String),
          message: expect.any(String),
          reason: expect.any(String),
          params: expect.any(Object),
        });
      }
      checked.push(name);
    }
    // Routes without any input to get wrong: reads of fixed things, and those named above.
    expect(withoutInput.filter((name) => !name.startsWith('GET ')).sort()).toEqual(
      Object.keys(OUTSIDE_THE_SHAPE).sort(),
    );
    expect(checked.length).toBeGreaterThan(40);
  });

  it('answers a service check with the same shape (a company that does not exist)', async () => {
    const request = await t.as('admin');
    const response = await request({
      method: 'POST',
      url: '/api/users/',
      payload: {
        first_name: 'Asha',
        last_name: 'Patil',
        email: 'asha.v@srpf.test',
        password: 'Tapi-river-bank-9',
        role: 'viewer',
        company_id: 999999,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Company not found',
      reason: 'validation.company_not_found',
      params: {},
      field: 'company_id',
      details: [
        { field: 'company_id', message: 'Company not found', reason: 'validation.company_not_found', params: {} },
      ],
    });
  });
});
