import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeReferenceList } from '../../test/reference-list-suite.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
type Request = Awaited<ReturnType<TestApp['as']>>;
let asAdmin: Request;
let asViewer: Request;

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = await t.as('admin');
  asViewer = await t.as('viewer');
  await t.buildDesignation({ name: 'Police Constable', code: 'PC' });
  await t.buildDesignation({ name: 'Head Constable', code: 'HC' });
  await t.buildDesignation({ name: 'Clerk', code: 'CLERK', active: false });
});
afterAll(() => t.close());

describe('GET /api/designations', () => {
  it('lists with search, the active filter and pages', async () => {
    const page = await asViewer({ method: 'GET', url: '/api/designations?limit=2' });
    expect(page.json().pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true, hasPrev: false });
    expect(page.json().data[0]).toEqual({ id: expect.any(Number), name: 'Clerk', code: 'CLERK', active: false, created_at: expect.any(String) });
    const names = async (query: string) => (await asViewer({ method: 'GET', url: `/api/designations?${query}` })).json().data.map((d: { name: string }) => d.name);
    expect(await names('search=constable')).toEqual(['Head Constable', 'Police Constable']);
    expect(await names('search=hc')).toEqual(['Head Constable']);
    expect(await names('active=true')).toEqual(['Head Constable', 'Police Constable']);
  });
});

describe('GET /api/designations/all and /{id}', () => {
  it('answers every designation as data.designations', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/designations/all' })).statusCode).toBe(401);
    const all = await asViewer({ method: 'GET', url: '/api/designations/all' });
    expect(all.json().data.designations.map((d: { code: string }) => d.code)).toEqual(['CLERK', 'HC', 'PC']);
    const active = await asViewer({ method: 'GET', url: '/api/designations/all?active=true' });
    expect(active.json().data.designations).toHaveLength(2);
  });

  it('answers one designation', async () => {
    const [first] = (await asViewer({ method: 'GET', url: '/api/designations/all' })).json().data.designations;
    expect((await asViewer({ method: 'GET', url: `/api/designations/${first.id}` })).json().data.designation).toEqual(first);
  });
});

describe('POST /api/designations', () => {
  it('requires name and code', async () => {
    const empty = await asAdmin({ method: 'POST', url: '/api/designations', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'code', message: 'Code is required' },
    ]);
    expect((await asAdmin({ method: 'POST', url: '/api/designations', payload: { name: 'x'.repeat(101), code: 'X' } })).json().error.field).toBe('name');
    expect((await asAdmin({ method: 'POST', url: '/api/designations', payload: { name: 'Inspector', code: 7 } })).json().error.field).toBe('code');
  });
});

// Last, since the records it adds would change the lists above.
describeReferenceList({ url: '/api/designations', key: 'designation', noun: 'Designation', build: (app) => app.buildDesignation() }, () => ({ t, asAdmin, asViewer }));
