import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appointments, auditLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
type Request = Awaited<ReturnType<TestApp['as']>>;
let asAdmin: Request;
let asViewer: Request;

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = await t.as('admin');
  asViewer = await t.as('viewer');
  for (const [name, code, active] of [
    ['Group 1 Pune', 'G1-PUNE', true],
    ['Group 2 Pune', 'G2-PUNE', true],
    ['Group 5 Daund', 'G5-DAUND', true],
    ['Group 8 Mumbai', 'G8-MUMBAI', false],
  ] as const) {
    await t.buildCompany({ name, code, active });
  }
});
afterAll(() => t.close());

const create = (payload: object, request: Request = asAdmin) => request({ method: 'POST', url: '/api/companies', payload });

describe('GET /api/companies', () => {
  it('needs a token and valid parameters', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/companies' })).statusCode).toBe(401);
    for (const query of ['limit=1001', 'page=0', 'active=yes', `search=${'x'.repeat(101)}`]) {
      expect((await asViewer({ method: 'GET', url: `/api/companies?${query}` })).statusCode, query).toBe(400);
    }
  });

  it('lists for any signed-in user with search by name or code, the active filter and pages up to 1000', async () => {
    const page = await asViewer({ method: 'GET', url: '/api/companies?limit=2' });
    expect(page.statusCode).toBe(200);
    expect(page.json().pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, hasNext: true, hasPrev: false });
    expect(page.json().data[0]).toEqual({ id: expect.any(Number), name: 'Group 1 Pune', code: 'G1-PUNE', active: true, created_at: expect.any(String) });
    const names = async (query: string) => (await asViewer({ method: 'GET', url: `/api/companies?${query}` })).json().data.map((c: { name: string }) => c.name);
    expect(await names('search=pune')).toEqual(['Group 1 Pune', 'Group 2 Pune']);
    expect(await names('search=g5-')).toEqual(['Group 5 Daund']);
    expect(await names('active=false')).toEqual(['Group 8 Mumbai']);
    expect((await names('active=&limit=1000')).length).toBe(5);
  });
});

describe('GET /api/companies/{id}', () => {
  it('answers one company, 404 when unknown, 400 when malformed', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/companies/1' })).statusCode).toBe(401);
    const one = await asViewer({ method: 'GET', url: '/api/companies/1' });
    expect(one.json().data.company).toMatchObject({ id: 1, name: 'Headquarters', code: 'HQ', active: true });
    expect((await asViewer({ method: 'GET', url: '/api/companies/99999' })).json().error).toEqual({ code: 'NOT_FOUND', message: 'Company not found' });
    expect((await asViewer({ method: 'GET', url: '/api/companies/abc' })).statusCode).toBe(400);
  });
});

describe('POST /api/companies', () => {
  it('needs a token and manage_companies', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/companies', payload: { name: 'X', code: 'X' } })).statusCode).toBe(401);
    expect((await create({ name: 'Group 9', code: 'G9' }, asViewer)).statusCode).toBe(403);
  });

  it('requires name and code, with their messages', async () => {
    const empty = await create({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([
      { field: 'name', message: 'Company name is required' },
      { field: 'code', message: 'Company code is required' },
    ]);
    expect((await create({ name: '  ', code: 'G9' })).json().error.details).toEqual([{ field: 'name', message: 'Company name is required' }]);
    expect((await create({ name: 'G', code: 'x'.repeat(51) })).json().error.field).toBe('code');
    expect((await create({ name: 'G', code: 'G9', active: 'yes' })).json().error.field).toBe('active');
  });

  it('creates with code under any of its names, and refuses a duplicate code with 409', async () => {
    const response = await create({ name: ' Group 9 Nagpur ', companyCode: 'G9-NGP' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: 'Company created successfully', data: { company: { name: 'Group 9 Nagpur', code: 'G9-NGP', active: true } } });
    expect((await create({ name: 'Other', company_code: 'G10', active: false })).json().data.company).toMatchObject({ code: 'G10', active: false });
    const duplicate = await create({ name: 'Another', code: 'g9-ngp' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({ code: 'ALREADY_EXISTS', message: 'Company code already exists', field: 'code' });
  });
});

describe('PUT /api/companies/{id}', () => {
  it('needs a token, manage_companies, valid input and a known company', async () => {
    const company = await t.buildCompany();
    expect((await t.app.inject({ method: 'PUT', url: `/api/companies/${company.id}`, payload: {} })).statusCode).toBe(401);
    expect((await asViewer({ method: 'PUT', url: `/api/companies/${company.id}`, payload: { name: 'New' } })).statusCode).toBe(403);
    expect((await asAdmin({ method: 'PUT', url: `/api/companies/${company.id}`, payload: { name: '' } })).statusCode).toBe(400);
    expect((await asAdmin({ method: 'PUT', url: '/api/companies/99999', payload: { name: 'New' } })).statusCode).toBe(404);
  });

  it('updates what is sent, and refuses another company’s code with 409', async () => {
    const company = await t.buildCompany({ name: 'Group 11', code: 'G11' });
    const response = await asAdmin({ method: 'PUT', url: `/api/companies/${company.id}`, payload: { name: 'Group 11 Solapur', active: false } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Company updated successfully', data: { company: { name: 'Group 11 Solapur', code: 'G11', active: false } } });
    const duplicate = await asAdmin({ method: 'PUT', url: `/api/companies/${company.id}`, payload: { code: 'G1-PUNE' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.field).toBe('code');
  });
});

describe('DELETE /api/companies/{id}', () => {
  it('needs a token, manage_companies and a known company', async () => {
    const company = await t.buildCompany();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/companies/${company.id}` })).statusCode).toBe(401);
    expect((await asViewer({ method: 'DELETE', url: `/api/companies/${company.id}` })).statusCode).toBe(403);
    expect((await asAdmin({ method: 'DELETE', url: '/api/companies/99999' })).statusCode).toBe(404);
  });

  it('refuses while the company has users, and for the default company', async () => {
    const company = await t.buildCompany({ name: 'Busy' });
    const member = await t.buildUser({ company_id: company.id });
    const busy = await asAdmin({ method: 'DELETE', url: `/api/companies/${company.id}` });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toEqual({ code: 'CONFLICT', message: 'This company still has 1 user. Move or delete them first, or mark the company inactive.' });
    const headquarters = await asAdmin({ method: 'DELETE', url: '/api/companies/1' });
    expect(headquarters.json().error).toEqual({ code: 'CONFLICT', message: 'The default company cannot be deleted' });

    // Once its only user is deleted (softly), the company can go.
    expect((await asAdmin({ method: 'DELETE', url: `/api/users/${member.id}` })).statusCode).toBe(200);
    const gone = await asAdmin({ method: 'DELETE', url: `/api/companies/${company.id}` });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ success: true, message: 'Company deleted successfully' });
    expect((await asAdmin({ method: 'GET', url: `/api/companies/${company.id}` })).statusCode).toBe(404);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'company.delete'), eq(auditLog.entity_id, String(company.id))));
    expect(entry).toBeDefined();
  });

  it('refuses with 409 when appointments still point at the company', async () => {
    const company = await t.buildCompany({ name: 'With history' });
    await t.database.db.insert(appointments).values({ company_id: company.id, request_type: 'orderly room', appointment_date: '2026-11-20' });
    const response = await asAdmin({ method: 'DELETE', url: `/api/companies/${company.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('Mark it inactive instead');
  });
});
