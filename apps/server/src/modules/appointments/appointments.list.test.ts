import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Request = Awaited<ReturnType<TestApp['as']>>;

let t: TestApp;
let asReader: Request;
let pune: { id: number };
let daund: { id: number };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  // Tokens are signed by the clock too: sign in at the moment the tests run at.
  clock.set('2026-11-20T06:30:00Z');
  pune = await t.buildCompany({ name: 'Group 1 Pune' });
  daund = await t.buildCompany({ name: 'Group 5 Daund' });
  // Someone who oversees both companies reads all their appointments, without a part in their chain.
  asReader = (await t.asUser({ role: 'viewer', overseen_company_ids: [pune.id, daund.id] })).request;
  const designation = await t.buildDesignation({ name: 'Head Constable' });
  const rows = [
    {
      key: 'ganesh',
      first_name: 'Ganesh',
      last_name: 'Jadhav',
      phone_number: '9822012345',
      badge_number: '1204',
      company_id: pune.id,
      status: 'scheduled',
      request_type: 'orderly room',
      appointment_date: '2026-11-20',
      appointment_time: '10:00:00',
      notes: 'Transfer request',
      designation_id: designation.id,
    },
    {
      key: 'rahul',
      first_name: 'राहुल',
      last_name: 'पवार',
      phone_number: '9822054321',
      badge_number: '2210',
      company_id: pune.id,
      status: 'pending_officer',
      request_type: 'leave related',
      is_leave_appointment: true,
      appointment_date: '2026-11-21',
      appointment_time: '09:30:00',
      leave_reason: 'आजारपण',
    },
    {
      key: 'sunita',
      first_name: 'Sunita',
      last_name: 'More',
      phone_number: '9890011122',
      badge_number: '3301',
      company_id: daund.id,
      status: 'approved',
      request_type: 'leave_conversion',
      is_leave_appointment: true,
      appointment_date: '2026-11-20',
      appointment_time: '15:00:00',
    },
    {
      key: 'vikram',
      first_name: 'Vikram',
      last_name: 'Shinde',
      phone_number: '9890033344',
      badge_number: '4401',
      company_id: daund.id,
      status: 'cancelled',
      request_type: 'orderly room',
      appointment_date: '2026-11-22',
      appointment_time: '11:00:00',
      additional_details: 'Housing grievance',
    },
  ];
  for (const [index, { key, ...values }] of rows.entries()) {
    // Created one minute apart, so "newest first" is a known order.
    clock.set(new Date(Date.UTC(2026, 10, 19, 6, index)));
    ids[key] = (await t.buildAppointment(values)).id;
  }
  clock.set('2026-11-20T06:30:00Z');
});
afterAll(() => t.close());

const list = (query: string) => asReader({ method: 'GET', url: `/api/appointments?${query}` });
const names = async (query: string) => (await list(query)).json().data.map((a: { first_name: string }) => a.first_name);

describe('GET /api/appointments', () => {
  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments' })).statusCode).toBe(401);
  });

  it('refuses bad parameters on their fields', async () => {
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      ['status=done', 'status'],
      ['sortBy=password_hash', 'sortBy'],
      // The name sorts as full_name only: no column of the table is named straight from the query.
      ['sortBy=first_name', 'sortBy'],
      ['sortBy=full_name%20desc', 'sortBy'],
      ['sortOrder=up', 'sortOrder'],
      ['company_id=abc', 'company_id'],
      ['appointment_date=20-11-2026', 'appointment_date'],
      ['request_type=transfer', 'request_type'],
      [`search=${'x'.repeat(101)}`, 'search'],
      ['search=a%00b', 'search'],
      ['phone_number=98%00', 'phone_number'],
    ]) {
      const response = await list(query!);
      expect(response.statusCode, query).toBe(400);
      expect(
        response.json().error.details.map((d: { field: string }) => d.field),
        query,
      ).toContain(field);
    }
  });

  it('pages newest first by default with the pagination object', async () => {
    const response = await list('limit=2');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2, hasNext: true, hasPrev: false });
    expect(body.data.map((a: { first_name: string }) => a.first_name)).toEqual(['Vikram', 'Sunita']);
    expect(await names('limit=2&page=2')).toEqual(['राहुल', 'Ganesh']);
    expect(body.data[0]).toMatchObject({ company_name: 'Group 5 Daund', full_name: 'Vikram Shinde' });
    expect(body.data[0]).not.toHaveProperty('timeline');
  });

  it('filters by status, company, date, request type and tab', async () => {
    expect(await names('status=approved')).toEqual(['Sunita']);
    expect(await names(`company_id=${pune.id}`)).toEqual(['राहुल', 'Ganesh']);
    expect(await names('appointment_date=2026-11-20')).toEqual(['Sunita', 'Ganesh']);
    expect(await names('request_type=orderly%20room')).toEqual(['Vikram', 'Ganesh']);
    expect(await names('is_leave_appointment=true')).toEqual(['Sunita', 'राहुल']);
    expect(await names('status=&company_id=&appointment_date=')).toHaveLength(4);
  });

  it('filters by phone after normalising it, whole or partial', async () => {
    expect(await names('phone_number=%2B91%2098220%2012345')).toEqual(['Ganesh']);
    expect(await names('phone_number=919822012345')).toEqual(['Ganesh']);
    expect(await names('phone_number=98900')).toEqual(['Vikram', 'Sunita']);
  });

  it('searches names, badge, phone, notes and details, in any script, every word', async () => {
    expect(await names('search=jadh')).toEqual(['Ganesh']);
    expect(await names('search=पवार')).toEqual(['राहुल']);
    expect(await names('search=राहु')).toEqual(['राहुल']);
    expect(await names('search=आजार')).toEqual(['राहुल']);
    expect(await names('search=3301')).toEqual(['Sunita']);
    expect(await names('search=transfer')).toEqual(['Ganesh']);
    expect(await names('search=housing%20grievance')).toEqual(['Vikram']);
    expect(await names('search=ganesh%20more')).toEqual([]);
    expect(await names('search=100%25')).toEqual([]);
  });

  it('sorts by the whitelisted columns in either direction', async () => {
    expect(await names('sortBy=appointment_date&sortOrder=asc')).toEqual(['Ganesh', 'Sunita', 'राहुल', 'Vikram']);
    expect(await names('sortBy=appointment_time&sortOrder=asc')).toEqual(['राहुल', 'Ganesh', 'Vikram', 'Sunita']);
    expect(await names('sortBy=status&sortOrder=asc')).toEqual(['Sunita', 'Vikram', 'राहुल', 'Ganesh']);
    expect(await names('sortBy=created_at&sortOrder=asc')).toEqual(['Ganesh', 'राहुल', 'Sunita', 'Vikram']);
  });

  it("sorts by the applicant's name either way, and by status the other way", async () => {
    expect(await names('sortBy=full_name&sortOrder=asc')).toEqual(['Ganesh', 'Sunita', 'Vikram', 'राहुल']);
    expect(await names('sortBy=full_name&sortOrder=desc')).toEqual(['राहुल', 'Vikram', 'Sunita', 'Ganesh']);
    expect(await names('sortBy=status&sortOrder=desc')).toEqual(['Ganesh', 'राहुल', 'Vikram', 'Sunita']);
  });

  it('sorts today and later first, earliest first, then the past, latest first', async () => {
    clock.set('2026-11-21T06:30:00Z');
    try {
      // A day later (signed in anew): 21 and 22 November are upcoming, both requests of the 20th past.
      const reader = (await t.asUser({ role: 'viewer', overseen_company_ids: [pune.id, daund.id] })).request;
      const answer = await reader({ method: 'GET', url: '/api/appointments?sortBy=upcoming' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.map((a: { first_name: string }) => a.first_name)).toEqual([
        'राहुल',
        'Vikram',
        'Ganesh',
        'Sunita',
      ]);
    } finally {
      clock.set('2026-11-20T06:30:00Z');
    }
  });
});

describe('GET /api/appointments/{id}', () => {
  it('needs a token and a valid, known id', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${ids.ganesh}` })).statusCode).toBe(401);
    expect((await asReader({ method: 'GET', url: '/api/appointments/abc' })).statusCode).toBe(400);
    expect((await asReader({ method: 'GET', url: '/api/appointments/99999999999' })).statusCode).toBe(400);
    const missing = await asReader({ method: 'GET', url: '/api/appointments/99999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Appointment not found', reason: 'appointments.not_found', params: {} },
    });
  });

  it('answers data.appointment with names, the timeline and the reader’s abilities', async () => {
    const response = await asReader({ method: 'GET', url: `/api/appointments/${ids.ganesh}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.appointment).toMatchObject({
      id: ids.ganesh,
      company_name: 'Group 1 Pune',
      designation_name: 'Head Constable',
      full_name: 'Ganesh Jadhav',
      appointment_date: '2026-11-20',
      appointment_time: '10:00:00',
      timeline: [],
      abilities: { remark_role: null, remark_field: null, can_delete: false, can_approve: false, can_reject: false },
    });
  });

  it('names the designation a requester wrote in by hand when none is chosen from the list', async () => {
    const armourer = await t.buildUser({ designation_text: 'Armourer' });
    const appointment = await t.buildAppointment({
      user_id: armourer.id,
      company_id: pune.id,
      appointment_date: '2026-11-23',
    });
    const response = await asReader({ method: 'GET', url: `/api/appointments/${appointment.id}` });
    expect(response.json().data.appointment).toMatchObject({ designation_id: null, designation_name: 'Armourer' });
  });

  it('leaves the person lookups of the users module in place', async () => {
    const lookup = await asReader({
      method: 'GET',
      url: '/api/appointments/users/find-by-phone?phone_number=9999999999',
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual({ success: true, user: null });
    expect((await asReader({ method: 'GET', url: '/api/appointments/users/search?q=ga' })).statusCode).toBe(200);
  });
});

describe('GET /api/docs/json', () => {
  it('documents every appointments endpoint from the shared schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/appointments/',
        '/api/appointments/{id}',
        '/api/appointments/leave',
        '/api/appointments/leave/{id}',
        '/api/appointments/{id}/reschedule',
        '/api/appointments/{id}/approve',
        '/api/appointments/{id}/reject',
        '/api/appointments/my-role',
      ]),
    );
    const leave = document.paths['/api/appointments/leave'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(leave.properties)).toEqual(
      expect.arrayContaining(['company_id', 'user_id', 'leave_type', 'rewards', 'sick_gairhajar', 'clerk_remarks']),
    );
  });
});
