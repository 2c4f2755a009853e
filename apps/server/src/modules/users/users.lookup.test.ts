import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let asOverseer: Awaited<ReturnType<TestApp['as']>>;
let companyId: number;
let ganeshId: number;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await t.buildCompany({ name: 'Group 7 Daund', code: 'G7' })).id;
  // The lookups answer people of the asker's companies: company 1 and the overseen Group 7 here.
  asOverseer = (await t.asUser({ role: 'viewer', company_id: 1, overseen_company_ids: [companyId] })).request;
  const designation = await t.buildDesignation({ name: 'Head Constable', code: 'HC' });
  ganeshId = (
    await t.buildUser({
      first_name: 'गणेश',
      middle_name: 'बाळासाहेब',
      last_name: 'मोरे',
      phone_number: '9123456780',
      badge_no: 1204,
      company_id: companyId,
      designation_id: designation.id,
      dgp_id: 'MORESRP1204',
    })
  ).id;
  await t.buildUser({ first_name: 'Ganesh', last_name: 'Jadhav', phone_number: '9123456781' });
  await t.buildUser({ first_name: 'Ganesh', last_name: 'Inactive', phone_number: '9123456782', is_active: false });
  for (let i = 0; i < 10; i += 1) await t.buildUser({ first_name: 'Santosh', last_name: `Kale${i}` });
});
afterAll(() => t.close());

const LOOKUP_FIELDS = [
  'badge_no',
  'company_id',
  'company_name',
  'designation_name',
  'first_name',
  'full_name',
  'id',
  'last_name',
  'middle_name',
  'phone_number',
];

describe('GET /api/appointments/users/find-by-phone', () => {
  const find = (phone: string) =>
    asOverseer({
      method: 'GET',
      url: `/api/appointments/users/find-by-phone?phone_number=${encodeURIComponent(phone)}`,
    });

  it('needs a token and at least 10 digits', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/appointments/users/find-by-phone?phone_number=9123456780' }))
        .statusCode,
    ).toBe(401);
    for (const phone of ['', '91234', 'abcdefghijk']) {
      const response = await find(phone);
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().error.field).toBe('phone_number');
    }
    expect((await asOverseer({ method: 'GET', url: '/api/appointments/users/find-by-phone' })).statusCode).toBe(400);
  });

  it('finds the person by number, a 91 prefix dropped, answering only the form’s fields', async () => {
    for (const phone of ['9123456780', '919123456780', '+91 91234 56780']) {
      const response = await find(phone);
      expect(response.statusCode).toBe(200);
      const { user } = response.json();
      expect(response.json().success).toBe(true);
      expect(Object.keys(user).sort()).toEqual(LOOKUP_FIELDS);
      expect(user).toMatchObject({
        id: ganeshId,
        full_name: 'गणेश बाळासाहेब मोरे',
        badge_no: 1204,
        company_name: 'Group 7 Daund',
        designation_name: 'Head Constable',
      });
    }
  });

  it('answers null for an unknown or inactive number', async () => {
    expect((await find('9999999999')).json()).toEqual({ success: true, user: null });
    expect((await find('9123456782')).json().user).toBeNull();
  });
});

describe('GET /api/appointments/users/search', () => {
  const search = (q: string, extra = '') =>
    asOverseer({ method: 'GET', url: `/api/appointments/users/search?q=${encodeURIComponent(q)}${extra}` });

  it('needs a token and 2 characters', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments/users/search?q=ga' })).statusCode).toBe(401);
    const short = await search(' g ');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.field).toBe('q');
    expect((await search('x'.repeat(101))).statusCode).toBe(400);
    expect((await search('ga', '&company_id=abc')).statusCode).toBe(400);
  });

  it('finds active people by name in either script, at most 8, with the form’s fields only', async () => {
    const latin = (await search('ganesh')).json().data.users;
    expect(latin.map((u: { full_name: string }) => u.full_name)).toEqual(['Ganesh Jadhav']);
    const devanagari = (await search('गणेश')).json().data.users;
    expect(devanagari).toHaveLength(1);
    expect(Object.keys(devanagari[0]).sort()).toEqual(LOOKUP_FIELDS);
    expect((await search('santosh')).json().data.users).toHaveLength(8);
    expect((await search('1204')).json().data.users[0].id).toBe(ganeshId);
    expect((await search('ganesh', `&company_id=${companyId}`)).json().data.users).toEqual([]);
  });
});
