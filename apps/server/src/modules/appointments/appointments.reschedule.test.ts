import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Request = Awaited<ReturnType<TestApp['as']>>;

let t: TestApp;
let asAdmin: Request;
let company: { id: number };

// Friday 20 November 2026, 12:00 in Asia/Kolkata. The 21st is a Saturday, the 22nd a Sunday, the 23rd a Monday.
beforeAll(async () => {
  t = await createTestApp();
  clock.set('2026-11-20T06:30:00Z');
  // An administrator moves the appointments of every company (the tests use several).
  asAdmin = await t.as('admin');
  company = await t.buildCompany({ name: 'Group 1 Pune' });
});
afterAll(() => t.close());

const reschedule = (id: number, payload: object, request: Request = asAdmin) =>
  request({ method: 'POST', url: `/api/appointments/${id}/reschedule`, payload });

function fullDay(date: string) {
  const slots: { appointment_date: string; appointment_time: string }[] = [];
  for (let minutes = 10 * 60; minutes < 17 * 60; minutes += 15) {
    slots.push({
      appointment_date: date,
      appointment_time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`,
    });
  }
  return slots;
}

describe('POST /api/appointments/{id}/reschedule', () => {
  it('needs a token, a date or auto_reschedule, valid values and a known appointment', async () => {
    const appointment = await t.buildAppointment({ company_id: company.id });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/appointments/${appointment.id}/reschedule`,
          payload: { auto_reschedule: true },
        })
      ).statusCode,
    ).toBe(401);
    const cases: [object, string][] = [
      [{}, 'appointment_date'],
      [{ auto_reschedule: false }, 'appointment_date'],
      [{ auto_reschedule: 'yes' }, 'auto_reschedule'],
      [{ appointment_date: '2026-11-31' }, 'appointment_date'],
      [{ appointment_date: '2026-11-23', appointment_time: '7pm' }, 'appointment_time'],
      [{ appointment_date: '2026-11-19' }, 'appointment_date'],
    ];
    for (const [payload, field] of cases) {
      const response = await reschedule(appointment.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.field, JSON.stringify(payload)).toBe(field);
    }
    expect((await reschedule(appointment.id, { appointment_date: '2026-11-19' })).json().error.message).toBe(
      'Appointment date must be today or later',
    );
    expect((await reschedule(99999, { auto_reschedule: true })).statusCode).toBe(404);
    expect(
      (await asAdmin({ method: 'POST', url: '/api/appointments/0/reschedule', payload: { auto_reschedule: true } }))
        .statusCode,
    ).toBe(400);
  });

  it('moves to the chosen date and time, keeps the first date asked for, and records it', async () => {
    const appointment = await t.buildAppointment({
      company_id: company.id,
      appointment_date: '2026-11-20',
      original_request_date: '2026-11-18',
      status: 'pending_clerk',
    });
    const response = await reschedule(appointment.id, { appointment_date: '2026-11-24', appointment_time: '11:30' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Appointment rescheduled successfully! New date: 2026-11-24 at 11:30.');
    expect(body.data.rescheduled).toEqual({
      appointment_date: '2026-11-24',
      appointment_time: '11:30:00',
      auto: false,
    });
    expect(body.data.appointment).toMatchObject({
      appointment_date: '2026-11-24',
      appointment_time: '11:30:00',
      status: 'rescheduled',
      original_request_date: '2026-11-18',
      auto_scheduled: false,
    });
    expect(body.data.appointment.timeline.at(-1)).toMatchObject({
      event: 'rescheduled',
      from_status: 'pending_clerk',
      to_status: 'rescheduled',
      reschedule: {
        from_date: '2026-11-20',
        from_time: '12:00:00',
        to_date: '2026-11-24',
        to_time: '11:30:00',
        auto: false,
      },
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment.reschedule'), eq(auditLog.entity_id, String(appointment.id))));
    expect(entry?.details).toMatchObject({ to_date: '2026-11-24' });

    // Without a time the appointment keeps its own; an original date is set once when it had none.
    const untimed = await t.buildAppointment({
      company_id: company.id,
      appointment_date: '2026-11-21',
      appointment_time: '15:45:00',
    });
    const moved = (await reschedule(untimed.id, { appointment_date: '2026-11-26' })).json().data.appointment;
    expect(moved).toMatchObject({
      appointment_date: '2026-11-26',
      appointment_time: '15:45:00',
      original_request_date: '2026-11-21',
    });
  });

  it('refuses a slot the company already holds with 409, but not one of another company or of a cancelled appointment', async () => {
    await t.buildAppointment({ company_id: company.id, appointment_date: '2026-11-27', appointment_time: '10:00:00' });
    await t.buildAppointment({
      company_id: company.id,
      appointment_date: '2026-11-27',
      appointment_time: '10:15:00',
      status: 'cancelled',
    });
    const appointment = await t.buildAppointment({ company_id: company.id });
    const taken = await reschedule(appointment.id, { appointment_date: '2026-11-27', appointment_time: '10:00' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'CONFLICT',
      message:
        'The slot on 2026-11-27 at 10:00 is already taken for this company. Choose another time or reschedule automatically.',
      reason: 'appointments.slot_taken',
      params: { date: '2026-11-27', time: '10:00' },
      field: 'appointment_time',
    });
    expect(
      (await reschedule(appointment.id, { appointment_date: '2026-11-27', appointment_time: '10:15' })).statusCode,
    ).toBe(200);
    const other = await t.buildAppointment({ company_id: 1 });
    expect((await reschedule(other.id, { appointment_date: '2026-11-27', appointment_time: '10:00' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a final status with 409', async () => {
    for (const status of ['completed', 'cancelled', 'rejected']) {
      const appointment = await t.buildAppointment({ company_id: company.id, status });
      const response = await reschedule(appointment.id, { auto_reschedule: true });
      expect(response.statusCode, status).toBe(409);
      expect(response.json().error.message).toBe(`An appointment that is ${status} cannot be rescheduled`);
    }
  });

  describe('automatically', () => {
    it('takes the next working day at the same time', async () => {
      const appointment = await t.buildAppointment({
        company_id: company.id,
        appointment_date: '2026-11-20',
        appointment_time: '14:00:00',
      });
      const response = await reschedule(appointment.id, { auto_reschedule: true });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Appointment rescheduled successfully! New date: 2026-11-21 at 14:00.');
      expect(response.json().data.rescheduled).toEqual({
        appointment_date: '2026-11-21',
        appointment_time: '14:00:00',
        auto: true,
      });
      expect(response.json().data.appointment).toMatchObject({
        status: 'rescheduled',
        auto_scheduled: true,
        original_request_date: '2026-11-20',
      });
    });

    it('goes from Saturday over Sunday to Monday', async () => {
      const appointment = await t.buildAppointment({
        company_id: company.id,
        appointment_date: '2026-11-21',
        appointment_time: '12:00:00',
      });
      expect((await reschedule(appointment.id, { auto_reschedule: true })).json().data.rescheduled).toEqual({
        appointment_date: '2026-11-23',
        appointment_time: '12:00:00',
        auto: true,
      });
    });

    it('starts from today when the appointment lies in the past', async () => {
      const appointment = await t.buildAppointment({
        company_id: company.id,
        appointment_date: '2026-11-02',
        appointment_time: '16:00:00',
        status: 'no_show',
      });
      expect((await reschedule(appointment.id, { auto_reschedule: true })).json().data.rescheduled).toMatchObject({
        appointment_date: '2026-11-21',
        appointment_time: '16:00:00',
      });
    });

    it('takes the next free 15-minute slot when the same time is taken, and the next working day when the day is full', async () => {
      const busy = await t.buildCompany({ name: 'Busy company' });
      await t.buildAppointment({ company_id: busy.id, appointment_date: '2026-11-24', appointment_time: '12:00:00' });
      await t.buildAppointment({ company_id: busy.id, appointment_date: '2026-11-24', appointment_time: '12:15:00' });
      const monday = await t.buildAppointment({
        company_id: busy.id,
        appointment_date: '2026-11-23',
        appointment_time: '12:00:00',
      });
      expect((await reschedule(monday.id, { auto_reschedule: true })).json().data.rescheduled).toMatchObject({
        appointment_date: '2026-11-24',
        appointment_time: '12:30:00',
      });

      // Saturday 28th is full from 10:00 to 17:00: Friday's 16:45 request moves to Monday 30th at 10:00.
      for (const slot of fullDay('2026-11-28')) await t.buildAppointment({ company_id: busy.id, ...slot });
      const friday = await t.buildAppointment({
        company_id: busy.id,
        appointment_date: '2026-11-27',
        appointment_time: '16:45:00',
      });
      expect((await reschedule(friday.id, { auto_reschedule: true })).json().data.rescheduled).toMatchObject({
        appointment_date: '2026-11-30',
        appointment_time: '10:00:00',
      });
    });
  });
});
