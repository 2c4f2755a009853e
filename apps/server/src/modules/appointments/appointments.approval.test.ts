import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Request = Awaited<ReturnType<TestApp['as']>>;

let t: TestApp;
let clerk: { id: number; request: Request };
let officer: { id: number; request: Request };
let commandant: { id: number; request: Request };
let asAdmin: Request;

beforeAll(async () => {
  t = await createTestApp();
  clock.set('2026-11-20T06:30:00Z');
  clerk = await t.asUser({ first_name: 'Sunita', last_name: 'More', designation: 'Senior Clerk' });
  officer = await t.asUser({ first_name: 'Vikram', last_name: 'Shinde', designation: 'Police Officer' });
  commandant = await t.asUser({ first_name: 'Anil', last_name: 'Deshmukh', designation: 'Commandant' });
  asAdmin = await t.as('admin');
});
afterAll(() => t.close());

const approve = (id: number, request: Request, payload?: object) =>
  request({ method: 'POST', url: `/api/appointments/${id}/approve`, ...(payload ? { payload } : {}) });
const reject = (id: number, request: Request, payload?: object) =>
  request({ method: 'POST', url: `/api/appointments/${id}/reject`, ...(payload ? { payload } : {}) });

describe('POST /api/appointments/{id}/approve and /reject', () => {
  it('need a token, a valid id and remark, and a known appointment', async () => {
    const appointment = await t.buildAppointment();
    for (const action of ['approve', 'reject']) {
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/${action}` })).statusCode,
      ).toBe(401);
      expect((await clerk.request({ method: 'POST', url: `/api/appointments/abc/${action}` })).statusCode).toBe(400);
      expect(
        (
          await clerk.request({
            method: 'POST',
            url: `/api/appointments/${appointment.id}/${action}`,
            payload: { remark: 42 },
          })
        ).json().error.field,
      ).toBe('remark');
      const missing = await clerk.request({ method: 'POST', url: `/api/appointments/99999/${action}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toEqual({
        code: 'NOT_FOUND',
        message: 'Appointment not found',
        reason: 'appointments.not_found',
        params: {},
      });
    }
  });

  it('refuses a person without a clerk, officer or commandant part with 403, even on their own request', async () => {
    const viewer = await t.asUser({ role: 'viewer' });
    const appointment = await t.buildAppointment({ user_id: viewer.id });
    const response = await approve(appointment.id, viewer.request);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Only a clerk, an officer or a commandant can approve appointments');
    expect((await reject(appointment.id, viewer.request)).statusCode).toBe(403);
  });

  it('runs the whole chain clerk → officer → commandant, each remark in its column, with the timeline', async () => {
    const appointment = await t.buildAppointment({ is_leave_appointment: true, request_type: 'leave related' });

    // Out of turn: the officer and the clerk cannot skip ahead.
    expect((await approve(appointment.id, officer.request)).statusCode).toBe(403);

    const first = await approve(appointment.id, clerk.request, {
      remark: '<p>Leave balance verified</p><script>x()</script>',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Appointment approved successfully!');
    expect(first.json().data.appointment).toMatchObject({
      status: 'pending_officer',
      clerk_remarks: '<p>Leave balance verified</p>',
    });

    const clerkAgain = await approve(appointment.id, clerk.request);
    expect(clerkAgain.statusCode).toBe(403);
    expect(clerkAgain.json().error.message).toBe(
      'This appointment is waiting for the officer step; a clerk cannot approve it now',
    );

    const second = await approve(appointment.id, officer.request, { remark: '<p><strong>Recommended</strong></p>' });
    expect(second.json().data.appointment).toMatchObject({
      status: 'pending_final',
      officer_remarks: '<p><strong>Recommended</strong></p>',
      officer_id: officer.id,
      officer_name: 'Vikram Shinde',
    });

    const third = await approve(appointment.id, commandant.request, { remark: '<p>Granted</p>' });
    const final = third.json().data.appointment;
    expect(final).toMatchObject({
      status: 'approved',
      commandant_remarks: '<p>Granted</p>',
      clerk_remarks: '<p>Leave balance verified</p>',
    });
    expect(final.abilities).toMatchObject({ remark_role: 'commandant', can_approve: false, can_reject: false });
    expect(
      final.timeline.map(
        (e: { event: string; from_status: string; to_status: string; role: string; actor: { name: string } }) => [
          e.event,
          e.from_status,
          e.to_status,
          e.role,
          e.actor.name,
        ],
      ),
    ).toEqual([
      ['approved', 'scheduled', 'pending_officer', 'clerk', 'Sunita More'],
      ['approved', 'pending_officer', 'pending_final', 'officer', 'Vikram Shinde'],
      ['approved', 'pending_final', 'approved', 'commandant', 'Anil Deshmukh'],
    ]);
    expect(final.timeline[0].remark).toBe('<p>Leave balance verified</p>');

    // Decided: no step applies any more.
    const again = await approve(appointment.id, commandant.request);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'CONFLICT',
      message: 'This appointment is approved; only a pending appointment can be approved',
      reason: 'appointments.not_pending',
      params: {},
    });
    expect((await reject(appointment.id, clerk.request)).statusCode).toBe(409);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment.approve'), eq(auditLog.entity_id, String(appointment.id))));
    expect(audits.map((a) => a.actor_id)).toEqual([clerk.id, officer.id, commandant.id]);
  });

  it('lets a commandant or an administrator decide at any pending step', async () => {
    for (const status of ['scheduled', 'pending', 'pending_clerk', 'pending_officer', 'pending_final']) {
      const appointment = await t.buildAppointment({ status });
      const response = await approve(appointment.id, asAdmin);
      expect(response.statusCode, status).toBe(200);
      expect(response.json().data.appointment.status).toBe('approved');
    }
  });

  it('lets only the role whose step it is reject, and keeps the remark', async () => {
    const atOfficer = await t.buildAppointment({ status: 'pending_officer' });
    expect((await reject(atOfficer.id, clerk.request)).statusCode).toBe(403);
    const rejected = await reject(atOfficer.id, officer.request, { remark: '<p>Papers missing</p>' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().message).toBe('Appointment rejected');
    expect(rejected.json().data.appointment).toMatchObject({
      status: 'rejected',
      officer_remarks: '<p>Papers missing</p>',
    });
    expect(rejected.json().data.appointment.timeline.at(-1)).toMatchObject({
      event: 'rejected',
      from_status: 'pending_officer',
      to_status: 'rejected',
      role: 'officer',
    });

    const atClerk = await t.buildAppointment({ status: 'pending_clerk' });
    expect((await reject(atClerk.id, officer.request)).statusCode).toBe(403);
    expect((await reject(atClerk.id, clerk.request)).json().data.appointment.status).toBe('rejected');

    const atFinal = await t.buildAppointment({ status: 'pending_final' });
    expect((await reject(atFinal.id, commandant.request)).json().data.appointment.status).toBe('rejected');
  });

  it('refuses statuses outside the pending group with 409', async () => {
    for (const status of ['completed', 'cancelled', 'rescheduled', 'rejected', 'no_show']) {
      const appointment = await t.buildAppointment({ status });
      expect((await approve(appointment.id, commandant.request)).statusCode, status).toBe(409);
      expect((await reject(appointment.id, commandant.request)).statusCode, status).toBe(409);
    }
  });

  it('leaves a remark column untouched when the step sends none', async () => {
    const appointment = await t.buildAppointment({ clerk_remarks: '<p>Earlier note</p>' });
    const response = await approve(appointment.id, clerk.request, {});
    expect(response.json().data.appointment.clerk_remarks).toBe('<p>Earlier note</p>');
  });

  it('tells the detail page what the signed-in person may do', async () => {
    const appointment = await t.buildAppointment({ status: 'pending_officer' });
    const asOfficer = (await officer.request({ method: 'GET', url: `/api/appointments/${appointment.id}` })).json().data
      .appointment.abilities;
    expect(asOfficer).toEqual({
      remark_role: 'officer',
      remark_field: 'officer_remarks',
      can_delete: false,
      can_approve: true,
      can_reject: true,
      // An officer neither edits, moves nor closes a request: only its own step and remark.
      can_edit: false,
      can_reschedule: false,
      status_choices: ['pending_officer'],
      status_reason_required: false,
    });
    const asClerk = (await clerk.request({ method: 'GET', url: `/api/appointments/${appointment.id}` })).json().data
      .appointment.abilities;
    expect(asClerk).toMatchObject({ remark_role: 'clerk', can_approve: false, can_reject: false });
    const mine = await commandant.request({ method: 'GET', url: '/api/appointments/my-role' });
    expect(mine.json()).toEqual({
      success: true,
      data: { remark_role: 'commandant', remark_field: 'commandant_remarks', can_delete: false },
    });
    expect((await asAdmin({ method: 'GET', url: '/api/appointments/my-role' })).json().data).toEqual({
      remark_role: 'commandant',
      remark_field: 'commandant_remarks',
      can_delete: true,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments/my-role' })).statusCode).toBe(401);
  });
});
