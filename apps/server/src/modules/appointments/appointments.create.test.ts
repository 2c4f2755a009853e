import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LEAVE_REQUIRED_MESSAGE, ORDERLY_ROOM_REQUIRED_MESSAGE } from '@srpf/shared';
import { appointmentEvents, appointments, auditLog } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Request = Awaited<ReturnType<TestApp['as']>>;

let t: TestApp;
let asClerk: Request;
let company: { id: number; name: string };
let person: { id: number };
let designation: { id: number; name: string };

// 06:30 UTC on Friday 20 November 2026 is 12:00 in Asia/Kolkata; 20:00 UTC on the 19th is already the 20th there.
const TODAY = '2026-11-20';

beforeAll(async () => {
  t = await createTestApp();
  clock.set('2026-11-19T20:00:00Z');
  company = await t.buildCompany({ name: 'Group 5 Daund' });
  // The company's clerk files requests for the people of the company.
  asClerk = (await t.asUser({ designation: 'Clerk', role: 'viewer', company_id: company.id })).request;
  designation = await t.buildDesignation({ name: 'Police Naik' });
  person = await t.buildUser({
    first_name: 'Ganesh',
    middle_name: 'Ramesh',
    last_name: 'Jadhav',
    phone_number: '9822012345',
    badge_no: 1204,
    dgp_id: 'SRPFMAH1001',
    company_id: company.id,
    designation_id: designation.id,
  });
});
afterAll(() => t.close());

const orderly = (payload: object, request: Request = asClerk) =>
  request({ method: 'POST', url: '/api/appointments', payload });
const leave = (payload: object, request: Request = asClerk) =>
  request({ method: 'POST', url: '/api/appointments/leave', payload });

const leavePayload = () => ({
  company_id: company.id,
  user_id: person.id,
  leave_type: 'leave_sick',
  leave_start_date: '2026-11-23',
  leave_end_date: '2026-11-25',
  leave_reason: 'Fever',
});

describe('POST /api/appointments (orderly room)', () => {
  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/appointments', payload: {} })).statusCode).toBe(401);
  });

  it('requires company and user with the form’s message', async () => {
    const response = await orderly({});
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: ORDERLY_ROOM_REQUIRED_MESSAGE,
      reason: 'appointments.required_fields_missing',
      params: {},
      field: 'company_id',
      details: [
        { field: 'company_id', message: 'Company is required', reason: 'validation.required', params: {} },
        { field: 'user_id', message: 'User is required', reason: 'validation.required', params: {} },
      ],
    });
    expect((await orderly({ company_id: company.id, user_id: '' })).json().error.details).toEqual([
      { field: 'user_id', message: 'User is required', reason: 'validation.required', params: {} },
    ]);
  });

  it('refuses wrong types, bad values and past dates on their fields', async () => {
    const cases: [object, string][] = [
      [{ company_id: 'HQ', user_id: person.id }, 'company_id'],
      [{ company_id: company.id, user_id: -3 }, 'user_id'],
      [{ company_id: company.id, user_id: person.id, request_type: 'transfer' }, 'request_type'],
      [{ company_id: company.id, user_id: person.id, phone_number: '12345' }, 'phone_number'],
      [{ company_id: company.id, user_id: person.id, preferred_date: '2026-13-01' }, 'preferred_date'],
      [{ company_id: company.id, user_id: person.id, preferred_date: '2026-11-19' }, 'preferred_date'],
      [{ company_id: company.id, user_id: person.id, appointment_date: '2026-11-19' }, 'appointment_date'],
      [{ company_id: company.id, user_id: person.id, appointment_time: '25:00' }, 'appointment_time'],
      [{ company_id: company.id, user_id: person.id, notes: 'x'.repeat(2001) }, 'notes'],
      [{ company_id: company.id, user_id: person.id, whatsapp_language: 'fr' }, 'whatsapp_language'],
      [{ company_id: company.id, user_id: person.id, notes: 'a\u0000b' }, 'notes'],
      [{ company_id: company.id, user_id: person.id, badge_number: {} }, 'badge_number'],
    ];
    for (const [payload, field] of cases) {
      const response = await orderly(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.field, JSON.stringify(payload)).toBe(field);
    }
    expect(
      (await orderly({ company_id: company.id, user_id: person.id, preferred_date: '2026-11-19' })).json().error
        .message,
    ).toBe('Preferred date must be today or later');
  });

  it('refuses another status than scheduled', async () => {
    const response = await orderly({ company_id: company.id, user_id: person.id, status: 'approved' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      field: 'status',
      message: 'status: New appointments are always created as scheduled',
    });
  });

  it('answers 400 on the field for an unknown company or user, and for a deleted user', async () => {
    const noCompany = await orderly({ company_id: 99999, user_id: person.id });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'company_id',
      message: 'Company not found',
    });
    const noUser = await orderly({ company_id: company.id, user_id: 99999 });
    expect(noUser.json().error).toMatchObject({ field: 'user_id', message: 'User not found' });
    const gone = await t.buildUser({ phone_number: '9822099999', company_id: company.id });
    expect((await (await t.as('admin'))({ method: 'DELETE', url: `/api/users/${gone.id}` })).statusCode).toBe(200);
    expect((await orderly({ company_id: company.id, user_id: gone.id })).json().error.field).toBe('user_id');
  });

  it('requires a phone: the one sent or the user’s', async () => {
    const noPhone = await t.buildUser({ first_name: 'Sunil', company_id: company.id });
    const response = await orderly({ company_id: company.id, user_id: noPhone.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ field: 'phone_number', message: 'Phone number is required' });
    const withPhone = await orderly({ company_id: company.id, user_id: noPhone.id, phone_number: '+91 98220 11111' });
    expect(withPhone.statusCode).toBe(201);
    expect(withPhone.json().data.appointment.phone_number).toBe('9822011111');
  });

  it('creates a scheduled appointment filled from the user, with the defaults, a timeline entry and an audit row', async () => {
    const response = await orderly({
      company_id: String(company.id),
      user_id: person.id,
      request_type: 'orderly room',
      additional_details: 'Request to discuss transfer posting',
      notes: 'Brings papers',
      preferred_date: '2026-11-24',
      status: 'scheduled',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Appointment created successfully!');
    expect(body.data.appointment).toMatchObject({
      company_id: company.id,
      company_name: 'Group 5 Daund',
      user_id: person.id,
      first_name: 'Ganesh',
      middle_name: 'Ramesh',
      last_name: 'Jadhav',
      full_name: 'Ganesh Ramesh Jadhav',
      phone_number: '9822012345',
      badge_number: '1204',
      dgp_id: 'SRPFMAH1001',
      designation_id: designation.id,
      designation_name: 'Police Naik',
      role_id: expect.any(Number),
      request_type: 'orderly room',
      appointment_date: '2026-11-24',
      appointment_time: '12:00:00',
      original_request_date: '2026-11-24',
      preferred_date: '2026-11-24',
      status: 'scheduled',
      whatsapp_language: 'en',
      whatsapp_enabled: false,
      auto_scheduled: false,
      is_leave_appointment: false,
      rewards: 0,
      clerk_remarks: null,
      created_at: '2026-11-19T20:00:00.000Z',
    });
    expect(body.data.appointment.timeline).toEqual([
      expect.objectContaining({
        event: 'created',
        from_status: null,
        to_status: 'scheduled',
        actor: { id: expect.any(Number), name: expect.any(String) },
        at: '2026-11-19T20:00:00.000Z',
      }),
    ]);
    expect(body.data.appointment).not.toHaveProperty('password_hash');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment.create'), eq(auditLog.entity_id, String(body.data.appointment.id))));
    expect(entry).toBeDefined();
  });

  it('books today when no date is given, and keeps a sent badge number and time', async () => {
    const response = await orderly({
      company_id: company.id,
      user_id: person.id,
      badge_number: 77,
      appointment_time: '10:15',
    });
    expect(response.json().data.appointment).toMatchObject({
      appointment_date: TODAY,
      appointment_time: '10:15:00',
      badge_number: '77',
    });
  });
});

describe('POST /api/appointments/leave', () => {
  it('needs a token', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/appointments/leave', payload: leavePayload() })).statusCode,
    ).toBe(401);
  });

  it('requires the form’s fields with its message', async () => {
    const response = await leave({ company_id: company.id, leave_reason: '  ' });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message).toBe(LEAVE_REQUIRED_MESSAGE);
    expect(error.details.map((d: { field: string }) => d.field)).toEqual([
      'user_id',
      'leave_type',
      'leave_start_date',
      'leave_end_date',
      'leave_reason',
    ]);
  });

  it('refuses negative, fractional and non-numeric counters on their fields', async () => {
    for (const [field, value] of [
      ['rewards', -1],
      ['punishments', 1.5],
      ['remaining_al', 'many'],
      ['sick_gairhajar', -0.5],
      ['absent', '-2'],
      ['sick_hajar', 1_000_000],
      ['sick', true],
    ] as const) {
      const response = await leave({ ...leavePayload(), [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json().error.field, `${field}=${value}`).toBe(field);
    }
    expect((await leave({ ...leavePayload(), rewards: -1 })).json().error.details).toEqual([
      {
        field: 'rewards',
        message: 'Rewards must be a whole number of 0 or more',
        reason: 'validation.too_small',
        params: { minimum: 0 },
      },
    ]);
  });

  it('refuses an appointment date before today (Asia/Kolkata), an end before the start and a bad time', async () => {
    const past = await leave({ ...leavePayload(), appointment_date: '2026-11-19' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatchObject({
      field: 'appointment_date',
      message: 'Appointment date must be today or later',
    });
    expect((await leave({ ...leavePayload(), appointment_date: TODAY })).statusCode).toBe(201);
    const backwards = await leave({ ...leavePayload(), leave_start_date: '2026-11-25', leave_end_date: '2026-11-23' });
    expect(backwards.json().error).toMatchObject({
      field: 'leave_end_date',
      message: 'End date must be on or after the start date',
    });
    expect((await leave({ ...leavePayload(), appointment_time: 'noon' })).json().error.field).toBe('appointment_time');
    expect((await leave({ ...leavePayload(), leave_start_date: '23/11/2026' })).json().error.field).toBe(
      'leave_start_date',
    );
    expect((await leave({ ...leavePayload(), clerk_remarks: '<p>\u0000</p>' })).json().error.field).toBe(
      'clerk_remarks',
    );
    expect((await leave({ ...leavePayload(), clerk_remarks: { html: '<p>x</p>' } })).json().error.field).toBe(
      'clerk_remarks',
    );
  });

  it('answers 400 on the field for an unknown company or user', async () => {
    expect((await leave({ ...leavePayload(), company_id: 99999 })).json().error.field).toBe('company_id');
    expect((await leave({ ...leavePayload(), user_id: 99999 })).json().error.field).toBe('user_id');
  });

  it('refuses a remark of another role with 403 and stores nothing', async () => {
    const before = (await t.database.db.select().from(appointments)).length;
    const response = await leave({ ...leavePayload(), officer_remarks: '<p>Approved by me</p>' }, asClerk);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Only an officer can write officer remarks',
      reason: 'appointments.remark_not_yours',
      params: {},
      field: 'officer_remarks',
    });
    // A person filing for themselves, without a chain role, writes no clerk's remark either.
    const self = await t.asUser({ role: 'viewer', company_id: company.id });
    const own = await leave({ ...leavePayload(), user_id: self.id, clerk_remarks: '<p>Noted</p>' }, self.request);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatchObject({ code: 'FORBIDDEN', field: 'clerk_remarks' });
    expect((await t.database.db.select().from(appointments)).length).toBe(before);
  });

  it('accepts empty remarks of other roles, as a form sends them', async () => {
    const response = await leave({
      ...leavePayload(),
      clerk_remarks: '',
      officer_remarks: '<p><br></p>',
      commandant_remarks: null,
    });
    expect(response.statusCode).toBe(201);
  });

  it('creates a leave request with the defaults, the counters, the Marathi label and the clerk’s sanitised remark', async () => {
    const response = await leave(
      {
        ...leavePayload(),
        date_of_joining: '2010-06-01',
        rewards: 3,
        punishments: '0',
        remaining_al: 12,
        remaining_pl: 4,
        sick: 2,
        absent: 1,
        sick_hajar: 5,
        sick_gairhajar: 0,
        clerk_remarks:
          '<p class="ql-align-center">Balance checked <script>alert(1)</script><img src=x onerror="alert(1)"></p>',
        whatsapp_enabled: true,
        whatsapp_language: 'mr',
      },
      asClerk,
    );
    expect(response.statusCode).toBe(201);
    const { appointment } = response.json().data;
    expect(appointment).toMatchObject({
      request_type: 'leave related',
      is_leave_appointment: true,
      status: 'scheduled',
      appointment_date: TODAY,
      appointment_time: '12:00:00',
      leave_type: 'leave_sick',
      leave_type_label: 'गैरहजेरीतून हजर',
      leave_start_date: '2026-11-23',
      leave_end_date: '2026-11-25',
      leave_reason: 'Fever',
      date_of_joining: '2010-06-01',
      rewards: 3,
      punishments: 0,
      remaining_al: 12,
      remaining_pl: 4,
      sick: 2,
      absent: 1,
      sick_hajar: 5,
      sick_gairhajar: 0,
      clerk_remarks: '<p class="ql-align-center">Balance checked </p>',
      officer_remarks: null,
      whatsapp_enabled: true,
      whatsapp_language: 'mr',
      abilities: {
        remark_role: 'clerk',
        remark_field: 'clerk_remarks',
        can_delete: false,
        can_approve: true,
        can_reject: true,
      },
    });
    expect(appointment.timeline).toEqual([
      expect.objectContaining({
        event: 'created',
        to_status: 'scheduled',
        role: 'clerk',
        remark: '<p class="ql-align-center">Balance checked </p>',
      }),
    ]);
    const events = await t.database.db
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointment_id, appointment.id));
    expect(events).toHaveLength(1);
  });

  it('keeps free-text leave types', async () => {
    const response = await leave({ ...leavePayload(), leave_type: 'अर्जित रजा' });
    expect(response.json().data.appointment).toMatchObject({ leave_type: 'अर्जित रजा', leave_type_label: 'अर्जित रजा' });
  });

  it('refuses a negative counter in the database too', async () => {
    await expect(t.buildAppointment({ rewards: -1 })).rejects.toThrow();
  });
});
