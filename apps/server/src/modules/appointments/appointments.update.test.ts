import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { LEAVE_REQUIRED_MESSAGE } from '@srpf/shared';
import { auditLog } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Request = Awaited<ReturnType<TestApp['as']>>;

let t: TestApp;
let asAdmin: Request;
let clerk: { id: number; request: Request };
let officer: { id: number; request: Request };

beforeAll(async () => {
  t = await createTestApp();
  clock.set('2026-11-20T06:30:00Z');
  asAdmin = await t.as('admin');
  // The clerk of company 1, where t.buildAppointment() files its rows: edits their details and closes them.
  clerk = await t.asUser({ designation: 'Clerk' });
  officer = await t.asUser({ designation: 'Officer' });
});
afterAll(() => t.close());

const put = (id: number, payload: object, request: Request = clerk.request) =>
  request({ method: 'PUT', url: `/api/appointments/${id}`, payload });
const putLeave = (id: number, payload: object, request: Request = clerk.request) =>
  request({ method: 'PUT', url: `/api/appointments/leave/${id}`, payload });
const leaveRow = () =>
  t.buildAppointment({
    request_type: 'leave related',
    is_leave_appointment: true,
    leave_type: 'leave_absent',
    leave_start_date: '2026-11-23',
    leave_end_date: '2026-11-24',
    leave_reason: 'Family function',
  });

async function lastAudit(id: number) {
  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'appointment.update'), eq(auditLog.entity_id, String(id))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

describe('PUT /api/appointments/{id}', () => {
  it('needs a token, valid fields and a known appointment', async () => {
    const appointment = await t.buildAppointment();
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/appointments/${appointment.id}`, payload: {} })).statusCode,
    ).toBe(401);
    for (const [payload, field] of [
      [{ status: 'finished' }, 'status'],
      [{ appointment_time: '12:60' }, 'appointment_time'],
      [{ company_id: 'one' }, 'company_id'],
      [{ user_id: null }, 'user_id'],
      [{ whatsapp_enabled: 'yes' }, 'whatsapp_enabled'],
      [{ appointment_date: '2026-11-19' }, 'appointment_date'],
      [{ company_id: 99999 }, 'company_id'],
      [{ user_id: 99999 }, 'user_id'],
      [{ phone_number: null }, 'phone_number'],
    ] as [object, string][]) {
      const response = await put(appointment.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.field, JSON.stringify(payload)).toBe(field);
    }
    expect((await put(99999, { notes: 'x' })).statusCode).toBe(404);
    expect((await put(0, { notes: 'x' })).statusCode).toBe(400);
  });

  it('changes only the fields sent that differ, and audits their names', async () => {
    const appointment = await t.buildAppointment({ notes: 'Old note', appointment_time: '10:00:00' });
    const response = await put(appointment.id, {
      notes: 'New note',
      appointment_time: '10:00',
      additional_details: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Appointment updated successfully!');
    expect(response.json().data.appointment).toMatchObject({
      notes: 'New note',
      appointment_time: '10:00:00',
      first_name: 'Rahul',
      status: 'scheduled',
    });
    expect((await lastAudit(appointment.id))?.details).toEqual({ changed: ['notes'] });

    // Nothing different: nothing written, nothing audited.
    const auditsBefore = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity_id, String(appointment.id)))
    ).length;
    expect((await put(appointment.id, { notes: 'New note' })).statusCode).toBe(200);
    expect(
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entity_id, String(appointment.id)))
      ).length,
    ).toBe(auditsBefore);
  });

  it('moves the date forward and keeps the first date asked for', async () => {
    const appointment = await t.buildAppointment({ appointment_date: '2026-11-20' });
    const moved = (await put(appointment.id, { appointment_date: '2026-11-25' })).json().data.appointment;
    expect(moved).toMatchObject({ appointment_date: '2026-11-25', original_request_date: '2026-11-20' });
  });

  it('refills the requester from a newly chosen user', async () => {
    const company = await t.buildCompany({ name: 'Group 8 Mumbai' });
    const person = await t.buildUser({
      first_name: 'Meena',
      last_name: 'Kale',
      phone_number: '9811122233',
      badge_no: 55,
      company_id: company.id,
    });
    const appointment = await t.buildAppointment();
    // Moving a request to a person of another company: an administrator's (who may file for anyone).
    const response = await put(appointment.id, { user_id: person.id, company_id: company.id }, asAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.appointment).toMatchObject({
      user_id: person.id,
      first_name: 'Meena',
      last_name: 'Kale',
      phone_number: '9811122233',
      badge_number: '55',
      company_name: 'Group 8 Mumbai',
    });
  });

  it('follows the status table: allowed changes with a timeline entry, others 409', async () => {
    const appointment = await t.buildAppointment();
    const completed = await put(appointment.id, { status: 'completed' });
    expect(completed.statusCode).toBe(200);
    expect(completed.json().data.appointment.timeline).toEqual([
      expect.objectContaining({ event: 'status_changed', from_status: 'scheduled', to_status: 'completed' }),
    ]);

    const reopened = await put(appointment.id, { status: 'scheduled' });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().error).toEqual({
      code: 'CONFLICT',
      message: 'An appointment that is completed cannot be changed to scheduled',
      reason: 'appointments.status_change_invalid',
      params: {},
      field: 'status',
    });

    // The approval steps own approved, rejected and the officer's and final steps.
    const fresh = await t.buildAppointment();
    for (const status of ['approved', 'rejected', 'pending_officer', 'pending_final']) {
      expect((await put(fresh.id, { status })).statusCode, status).toBe(409);
    }
    expect((await put(fresh.id, { status: 'scheduled' })).statusCode).toBe(200);
  });

  it('lets only the remark’s own role write it, sanitised; unchanged remarks pass', async () => {
    // About a person without a part in the chain: they read it, but write no remark.
    const person = await t.asUser({ role: 'viewer' });
    const appointment = await t.buildAppointment({ officer_remarks: '<p>Seen</p>', user_id: person.id });
    const forbidden = await put(appointment.id, { officer_remarks: '<p>Changed by a clerk</p>' }, clerk.request);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Only an officer can write officer remarks',
      reason: 'appointments.remark_not_yours',
      params: {},
      field: 'officer_remarks',
    });
    const byPerson = await put(appointment.id, { clerk_remarks: '<p>x</p>' }, person.request);
    expect(byPerson.statusCode).toBe(403);
    expect(byPerson.json().error.field).toBe('clerk_remarks');

    const written = await put(
      appointment.id,
      { clerk_remarks: '<p>Checked</p>', officer_remarks: '<p>Seen</p>' },
      clerk.request,
    );
    expect(written.statusCode).toBe(200);
    const { appointment: saved } = written.json().data;
    expect(saved).toMatchObject({ clerk_remarks: '<p>Checked</p>', officer_remarks: '<p>Seen</p>' });
    expect(saved.timeline.at(-1)).toMatchObject({ event: 'remark_updated', role: 'clerk', remark: '<p>Checked</p>' });
  });

  it('stores remarks without script, event handlers, styles or unsafe links', async () => {
    const appointment = await t.buildAppointment();
    const payload =
      '<h2 class="ql-align-right" style="color:red" onclick="steal()">Title</h2>' +
      '<p>Hello <script>alert(document.cookie)</script><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://srpf.example/order" target="_blank" rel="opener">good</a> <a href="mailto:desk@srpf.example">mail</a>' +
      '<span style="background:url(x)">kept text</span><strong>b</strong><em>i</em><u>u</u><s>s</s></p>' +
      '<ol><li data-list="bullet" class="ql-align-center ql-indent-1" onmouseover="x()">one</li></ol><svg><script>alert(1)</script></svg>';
    const response = await put(appointment.id, { officer_remarks: payload }, officer.request);
    expect(response.statusCode).toBe(200);
    const stored = response.json().data.appointment.officer_remarks as string;
    expect(stored).toBe(
      '<h2 class="ql-align-right">Title</h2>' +
        '<p>Hello ' +
        '<a rel="noopener noreferrer">bad</a> <a href="https://srpf.example/order" target="_blank" rel="noopener noreferrer">good</a> <a href="mailto:desk@srpf.example" rel="noopener noreferrer">mail</a>' +
        'kept text<strong>b</strong><em>i</em><u>u</u><s>s</s></p>' +
        '<ol><li data-list="bullet" class="ql-align-center">one</li></ol>',
    );
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'onmouseover',
      'javascript:',
      'style=',
      '<img',
      '<iframe',
      '<svg',
    ])
      expect(stored).not.toContain(bad);
  });

  it('stores an emptied editor as no remark', async () => {
    const appointment = await t.buildAppointment({ clerk_remarks: '<p>Old</p>' });
    const response = await put(appointment.id, { clerk_remarks: '<p><br></p>' }, clerk.request);
    expect(response.json().data.appointment.clerk_remarks).toBeNull();
  });
});

describe('PUT /api/appointments/leave/{id}', () => {
  it('needs a token, valid counters and a known leave request', async () => {
    const appointment = await leaveRow();
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/appointments/leave/${appointment.id}`, payload: {} })).statusCode,
    ).toBe(401);
    for (const [payload, field] of [
      [{ rewards: -1 }, 'rewards'],
      [{ sick: 2.5 }, 'sick'],
      [{ leave_end_date: '2026-11-22' }, 'leave_end_date'],
      [{ leave_start_date: 'tomorrow' }, 'leave_start_date'],
    ] as [object, string][]) {
      const response = await putLeave(appointment.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.field, JSON.stringify(payload)).toBe(field);
    }
    expect((await putLeave(99999, { rewards: 1 })).statusCode).toBe(404);
  });

  it('refuses to clear a required leave field, with the form’s message', async () => {
    const appointment = await leaveRow();
    const response = await putLeave(appointment.id, { leave_reason: '', leave_type: null });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: LEAVE_REQUIRED_MESSAGE,
      details: [
        { field: 'leave_type', message: 'Leave type is required' },
        { field: 'leave_reason', message: 'Reason is required' },
      ],
    });
  });

  it('refuses an orderly-room appointment with 409', async () => {
    const orderly = await t.buildAppointment();
    const response = await putLeave(orderly.id, { rewards: 1 });
    expect(response.statusCode).toBe(409);
  });

  it('updates the leave fields sent, and only those', async () => {
    const appointment = await leaveRow();
    const response = await putLeave(appointment.id, {
      rewards: 2,
      remaining_al: '14',
      leave_end_date: '2026-11-26',
      leave_type: 'leave_sick',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Leave appointment updated successfully!');
    expect(response.json().data.appointment).toMatchObject({
      rewards: 2,
      remaining_al: 14,
      punishments: 0,
      leave_end_date: '2026-11-26',
      leave_type_label: 'गैरहजेरीतून हजर',
      leave_reason: 'Family function',
    });
    expect((await lastAudit(appointment.id))?.details).toEqual({
      changed: ['leave_type', 'leave_end_date', 'rewards', 'remaining_al'],
    });
  });

  it('ignores leave fields sent to the general edit', async () => {
    const appointment = await leaveRow();
    const response = await put(appointment.id, { rewards: 9, notes: 'n' });
    expect(response.json().data.appointment).toMatchObject({ rewards: 0, notes: 'n' });
  });
});
