import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appointmentEvents, auditLog } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  clock.set('2026-11-20T06:30:00Z');
});
afterAll(() => t.close());

const remove = async (id: number | string, role: string) =>
  (await t.as(role))({ method: 'DELETE', url: `/api/appointments/${id}` });

describe('DELETE /api/appointments/{id}', () => {
  it('needs a token and a valid id', async () => {
    const appointment = await t.buildAppointment();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/appointments/${appointment.id}` })).statusCode).toBe(401);
    expect((await remove('abc', 'admin')).statusCode).toBe(400);
  });

  it('is refused with 403 to everybody but admin and superadmin who may read it, a commandant and the person included; 404 to those who may not', async () => {
    for (const role of ['viewer', 'officer', 'executive', 'company_lead', 'manager']) {
      const person = await t.asUser({ role });
      const own = await t.buildAppointment({ user_id: person.id });
      const response = await person.request({ method: 'DELETE', url: `/api/appointments/${own.id}` });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error.message).toBe('Only an administrator can delete appointments');
      expect(
        (await person.request({ method: 'DELETE', url: `/api/appointments/${(await t.buildAppointment()).id}` }))
          .statusCode,
        role,
      ).toBe(404);
    }
    const appointment = await t.buildAppointment();
    const commandant = await t.asUser({ designation: 'Commandant' });
    expect(
      (await commandant.request({ method: 'DELETE', url: `/api/appointments/${appointment.id}` })).statusCode,
    ).toBe(403);
  });

  it('answers 404 for an unknown appointment', async () => {
    const response = await remove(99999, 'admin');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Appointment not found');
  });

  it('deletes with its timeline and keeps an audit row, for admin and superadmin', async () => {
    for (const role of ['admin', 'superadmin']) {
      const appointment = await t.buildAppointment();
      const approver = await t.asUser({ designation: 'Clerk' });
      expect(
        (await approver.request({ method: 'POST', url: `/api/appointments/${appointment.id}/approve` })).statusCode,
      ).toBe(200);
      const response = await remove(appointment.id, role);
      expect(response.statusCode, role).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Appointment deleted successfully' });
      expect(
        (await (await t.as('viewer'))({ method: 'GET', url: `/api/appointments/${appointment.id}` })).statusCode,
      ).toBe(404);
      expect(
        await t.database.db
          .select()
          .from(appointmentEvents)
          .where(eq(appointmentEvents.appointment_id, appointment.id)),
      ).toEqual([]);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'appointment.delete'), eq(auditLog.entity_id, String(appointment.id))));
      expect(entry).toMatchObject({ outcome: 'success' });
    }
  });
});
