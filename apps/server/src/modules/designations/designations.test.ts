import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('needs a token and valid parameters', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/designations' })).statusCode).toBe(401);
    for (const query of ['limit=1001', 'page=-1', 'active=1']) {
      expect((await asViewer({ method: 'GET', url: `/api/designations?${query}` })).statusCode, query).toBe(400);
    }
  });

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

  it('answers one designation, 404 when unknown, 400 when malformed', async () => {
    const [first] = (await asViewer({ method: 'GET', url: '/api/designations/all' })).json().data.designations;
    expect((await t.app.inject({ method: 'GET', url: `/api/designations/${first.id}` })).statusCode).toBe(401);
    expect((await asViewer({ method: 'GET', url: `/api/designations/${first.id}` })).json().data.designation).toEqual(first);
    expect((await asViewer({ method: 'GET', url: '/api/designations/99999' })).json().error).toEqual({ code: 'NOT_FOUND', message: 'Designation not found' });
    expect((await asViewer({ method: 'GET', url: '/api/designations/0' })).statusCode).toBe(400);
  });
});

describe('POST /api/designations', () => {
  it('needs a token and manage_companies', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/designations', payload: { name: 'Inspector', code: 'PI' } })).statusCode).toBe(401);
    expect((await asViewer({ method: 'POST', url: '/api/designations', payload: { name: 'Inspector', code: 'PI' } })).statusCode).toBe(403);
  });

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

  it('creates, active by default, and refuses a code already used in any case with 409', async () => {
    const response = await asAdmin({ method: 'POST', url: '/api/designations', payload: { name: 'Inspector', code: 'PI' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: 'Designation created successfully', data: { designation: { name: 'Inspector', code: 'PI', active: true } } });
    const duplicate = await asAdmin({ method: 'POST', url: '/api/designations', payload: { name: 'Police Inspector', code: 'pi' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({ code: 'ALREADY_EXISTS', message: 'Designation code already exists', field: 'code' });
  });
});

describe('PUT /api/designations/{id}', () => {
  it('needs a token, manage_companies, valid input and a known designation', async () => {
    const designation = await t.buildDesignation();
    expect((await t.app.inject({ method: 'PUT', url: `/api/designations/${designation.id}`, payload: {} })).statusCode).toBe(401);
    expect((await asViewer({ method: 'PUT', url: `/api/designations/${designation.id}`, payload: { name: 'New' } })).statusCode).toBe(403);
    expect((await asAdmin({ method: 'PUT', url: `/api/designations/${designation.id}`, payload: { code: ' ' } })).statusCode).toBe(400);
    expect((await asAdmin({ method: 'PUT', url: '/api/designations/99999', payload: { name: 'New' } })).statusCode).toBe(404);
  });

  it('updates what is sent and refuses a duplicate code', async () => {
    const designation = await t.buildDesignation({ name: 'Naik', code: 'NK' });
    const response = await asAdmin({ method: 'PUT', url: `/api/designations/${designation.id}`, payload: { name: 'Police Naik', active: false } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Designation updated successfully', data: { designation: { name: 'Police Naik', code: 'NK', active: false } } });
    const duplicate = await asAdmin({ method: 'PUT', url: `/api/designations/${designation.id}`, payload: { code: 'Pc' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.field).toBe('code');
  });
});
