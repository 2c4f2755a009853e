import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appointmentEvents, auditLog } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Request = Awaited<ReturnType<TestApp['as']>>;

let t: TestApp;
let company: { id: number };
let clerk: { id: number; request: Request };
let constable: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  // 06:30 UTC on Friday 20 November 2026 is 12:00 in Asia/Kolkata.
  clock.set('2026-11-20T06:30:00Z');
  company = await t.buildCompany({ name: 'Group 9 Amravati' });
  clerk = await t.asUser({ designation: 'Clerk', role: 'viewer', company_id: company.id });
  constable = await t.buildUser({ first_name: 'Sachin', last_name: 'Pawar', company_id: company.id });
});
afterAll(() => t.close());

const leaveFor = (userId: number, extra: object = {}) => ({
  company_id: company.id,
  user_id: userId,
  leave_type: 'leave_earned',
  leave_start_date: '2026-11-23',
  leave_end_date: '2026-11-27',
  leave_reason: 'Sister’s wedding',
  ...extra,
});
const fileLeave = (payload: object, request: Request = clerk.request) =>
  request({ method: 'POST', url: '/api/appointments/leave', payload });

describe('POST /api/appointments/leave with forward_to_officer (file and forward)', () => {
  it('files the request and records the clerk’s step in one call: it waits for the officer', async () => {
    const response = await fileLeave(leaveFor(constable.id, { forward_to_officer: true, clerk_remarks: '<p>OK</p>' }));
    expect(response.statusCode).toBe(201);
    const appointment = response.json().data.appointment;
    expect(appointment).toMatchObject({
      status: 'pending_officer',
      leave_type: 'leave_earned',
      leave_type_label: 'Earned leave',
      clerk_remarks: '<p>OK</p>',
    });
    expect(appointment.timeline.map((entry: { event: string; to_status: string | null }) => entry.event)).toEqual([
      'created',
      'approved',
    ]);
    expect(appointment.timeline[1]).toMatchObject({
      role: 'clerk',
      from_status: 'scheduled',
      to_status: 'pending_officer',
    });
    // The step is a real step: the details lock, and the officer now decides.
    expect(appointment.abilities).toMatchObject({ can_edit: false, can_approve: false });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_type, 'appointment'), eq(auditLog.entity_id, String(appointment.id))));
    expect(audits.map((row) => row.action).sort()).toEqual(['appointment.approve', 'appointment.create']);
  });

  it('without the flag (or false) the request stays scheduled, as before', async () => {
    const response = await fileLeave(leaveFor(constable.id, { forward_to_officer: false }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.appointment.status).toBe('scheduled');
  });

  it('refuses, and files nothing, for anyone whose chain role in the company is not clerk', async () => {
    const officer = await t.asUser({ designation: 'Police Officer', role: 'viewer', company_id: company.id });
    const admin = await t.as('admin');
    const ownLeave = await t.asUser({ role: 'viewer', company_id: company.id });
    for (const [request, userId] of [
      [officer.request, officer.id],
      [admin, constable.id],
      [ownLeave.request, ownLeave.id],
    ] as const) {
      const response = await fileLeave(leaveFor(userId, { forward_to_officer: true }), request);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, error: { reason: 'appointments.forward_forbidden' } });
    }
    // A clerk's own leave goes to another clerk: the same rule as the approve step.
    const ownClerk = await fileLeave(leaveFor(clerk.id, { forward_to_officer: true }));
    expect(ownClerk.statusCode).toBe(403);
    const filed = await t.database.db
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.actor_id, officer.id));
    expect(filed).toEqual([]);
  });

  it('answers bad input with 400 in the error envelope', async () => {
    const notBoolean = await fileLeave(leaveFor(constable.id, { forward_to_officer: 'yes' }));
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json()).toMatchObject({ success: false, error: { field: 'forward_to_officer' } });
    const missing = await fileLeave({ company_id: company.id, forward_to_officer: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/appointments/leave/previous-counters', () => {
  const previous = (userId: number | string, request: Request = clerk.request) =>
    request({ method: 'GET', url: `/api/appointments/leave/previous-counters?user_id=${userId}` });

  it('needs a token and a valid user id', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/appointments/leave/previous-counters?user_id=${constable.id}` }))
        .statusCode,
    ).toBe(401);
    for (const bad of ['', 'abc', '-1']) {
      const response = await previous(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED', field: 'user_id' } });
    }
    const unknown = await previous(99_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.reason).toBe('validation.user_not_found');
  });

  it('answers null for a person without a leave request, then the latest request’s counters', async () => {
    const person = await t.buildUser({ company_id: company.id });
    expect((await previous(person.id)).json()).toEqual({ success: true, data: { previous: null } });

    await fileLeave(leaveFor(person.id, { remaining_al: 12, sick: 1, date_of_joining: '2012-06-01' }));
    const latest = await fileLeave(leaveFor(person.id, { remaining_al: 7, rewards: 2, punishments: 1 }));
    const response = await previous(person.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.previous).toEqual({
      appointment_id: latest.json().data.appointment.id,
      leave_start_date: '2026-11-23',
      date_of_joining: null,
      rewards: 2,
      punishments: 1,
      remaining_al: 7,
      remaining_pl: 0,
      sick: 0,
      absent: 0,
      sick_hajar: 0,
      sick_gairhajar: 0,
    });
  });

  it('lets a person read their own, and refuses those who may not file leave for the person', async () => {
    const person = await t.asUser({ role: 'viewer', company_id: company.id });
    await fileLeave(leaveFor(person.id, { remaining_pl: 4 }));
    const own = await previous(person.id, person.request);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.previous.remaining_pl).toBe(4);

    const colleague = await t.asUser({ role: 'viewer', company_id: company.id });
    const otherClerk = await t.asUser({
      designation: 'Clerk',
      role: 'viewer',
      company_id: (await t.buildCompany()).id,
    });
    const officer = await t.asUser({ designation: 'Police Officer', role: 'viewer', company_id: company.id });
    for (const request of [colleague.request, otherClerk.request, officer.request]) {
      const response = await previous(person.id, request);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, error: { reason: 'appointments.counters_forbidden' } });
    }
  });
});
