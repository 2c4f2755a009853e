import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appointments, auditLog } from '../../db/schema/index.js';
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

const create = (payload: object, request: Request = asAdmin) =>
  request({ method: 'POST', url: '/api/companies', payload });

describe('GET /api/companies', () => {
  it('lists for any signed-in user with search by name or code, the active filter and pages up to 1000', async () => {
    const page = await asViewer({ method: 'GET', url: '/api/companies?limit=2' });
    expect(page.statusCode).toBe(200);
    expect(page.json().pagination).toEqual({
      page: 1,
      limit: 2,
      total: 5,
      totalPages: 3,
      hasNext: true,
      hasPrev: false,
    });
    expect(page.json().data[0]).toEqual({
      id: expect.any(Number),
      name: 'Group 1 Pune',
      code: 'G1-PUNE',
      active: true,
      created_at: expect.any(String),
    });
    const names = async (query: string) =>
      (await asViewer({ method: 'GET', url: `/api/companies?${query}` }))
        .json()
        .data.map((c: { name: string }) => c.name);
    expect(await names('search=pune')).toEqual(['Group 1 Pune', 'Group 2 Pune']);
    expect(await names('search=g5-')).toEqual(['Group 5 Daund']);
    expect(await names('active=false')).toEqual(['Group 8 Mumbai']);
    expect((await names('active=&limit=1000')).length).toBe(5);
  });
});

describe('GET /api/companies/{id}', () => {
  it('answers one company', async () => {
    const one = await asViewer({ method: 'GET', url: '/api/companies/1' });
    expect(one.json().data.company).toMatchObject({ id: 1, name: 'Headquarters', code: 'HQ', active: true });
  });
});

describe('POST /api/companies', () => {
  it('requires name and code, with their messages', async () => {
    const empty = await create({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([
      { field: 'name', message: 'Company name is required', reason: 'validation.required', params: {} },
      { field: 'code', message: 'Company code is required', reason: 'validation.required', params: {} },
    ]);
    expect((await create({ name: '  ', code: 'G9' })).json().error.details).toEqual([
      { field: 'name', message: 'Company name is required', reason: 'validation.required', params: {} },
    ]);
    expect((await create({ name: 'G', code: 'x'.repeat(51) })).json().error.field).toBe('code');
    expect((await create({ name: 'G', code: 'G9', active: 'yes' })).json().error.field).toBe('active');
  });

  it('reads the code under any of its names and trims the name', async () => {
    const response = await create({ name: ' Group 9 Nagpur ', companyCode: 'G9-NGP' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.company).toMatchObject({ name: 'Group 9 Nagpur', code: 'G9-NGP', active: true });
    expect((await create({ name: 'Other', company_code: 'G10', active: false })).json().data.company).toMatchObject({
      code: 'G10',
      active: false,
    });
    const duplicate = await create({ name: 'Another', companyCode: 'g9-ngp' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({
      code: 'ALREADY_EXISTS',
      message: 'Company code already exists',
      reason: 'companies.code_taken',
      params: {},
      field: 'code',
    });
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
    expect(busy.json().error).toEqual({
      code: 'CONFLICT',
      message: 'This company still has 1 user. Move or delete them first, or mark the company inactive.',
      reason: 'companies.has_members',
      params: { count: 1 },
    });
    const headquarters = await asAdmin({ method: 'DELETE', url: '/api/companies/1' });
    expect(headquarters.json().error).toEqual({
      code: 'CONFLICT',
      message: 'The default company cannot be deleted',
      reason: 'companies.default_undeletable',
      params: {},
    });

    // Once its only user is deleted (softly), the company can go.
    expect((await asAdmin({ method: 'DELETE', url: `/api/users/${member.id}` })).statusCode).toBe(200);
    const gone = await asAdmin({ method: 'DELETE', url: `/api/companies/${company.id}` });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ success: true, message: 'Company deleted successfully' });
    expect((await asAdmin({ method: 'GET', url: `/api/companies/${company.id}` })).statusCode).toBe(404);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.delete'), eq(auditLog.entity_id, String(company.id))));
    expect(entry).toBeDefined();
  });

  it('refuses with 409 when appointments still point at the company', async () => {
    const company = await t.buildCompany({ name: 'With history' });
    await t.database.db
      .insert(appointments)
      .values({ company_id: company.id, request_type: 'orderly room', appointment_date: '2026-11-20' });
    const response = await asAdmin({ method: 'DELETE', url: `/api/companies/${company.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('Mark it inactive instead');
  });
});

// Last, since the records it adds would change the counts above.
describeReferenceList(
  { url: '/api/companies', key: 'company', noun: 'Company', build: (app) => app.buildCompany() },
  () => ({ t, asAdmin, asViewer }),
);
