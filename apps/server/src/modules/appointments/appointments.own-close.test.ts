import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Nobody marks their own request completed or no-show, as nobody approves it (issue 27, item 10). */

type Request = Awaited<ReturnType<TestApp['as']>>;
type Person = { id: number; request: Request };

let t: TestApp;
let clerk: Person;
let commandant: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  clock.set('2026-11-20T06:30:00Z');
  // The clerk and the commandant of company 1, where t.buildAppointment() files its rows.
  clerk = await t.asUser({ designation: 'Clerk' });
  commandant = await t.asUser({ designation: 'Commandant' });
  admin = await t.asUser({ role: 'admin' });
});
afterAll(async () => {
  clock.set(null);
  await t.close();
});

const ownLeave = (person: Person, status = 'scheduled') =>
  t.buildAppointment({
    user_id: person.id,
    created_by: person.id,
    status,
    request_type: 'leave related',
    is_leave_appointment: true,
    leave_type: 'leave_absent',
    leave_start_date: '2026-11-23',
    leave_end_date: '2026-11-24',
    leave_reason: 'Family function',
  });
const setStatus = (person: Person, id: number, payload: object) =>
  person.request({ method: 'PUT', url: `/api/appointments/${id}`, payload });
const read = async (person: Person, id: number) =>
  (await person.request({ method: 'GET', url: `/api/appointments/${id}` })).json().data.appointment;

describe('closing one’s own request', () => {
  it.each([
    ['clerk', () => clerk],
    ['commandant', () => commandant],
  ])('the %s’s own scheduled leave: completed and no-show refused (403), and not offered', async (_, who) => {
    const person = who();
    const leave = await ownLeave(person);
    for (const status of ['completed', 'no_show']) {
      const refused = await setStatus(person, leave.id, { status });
      expect(refused.statusCode, status).toBe(403);
      expect(refused.json()).toEqual({
        success: false,
        error: {
          code: 'FORBIDDEN',
          message: `You cannot mark your own request ${status.replace('_', ' ')}; someone else in the approval chain does`,
          reason: 'appointments.own_status_forbidden',
          params: {},
          field: 'status',
        },
      });
    }
    const own = await read(person, leave.id);
    expect(own.status).toBe('scheduled');
    expect(own.abilities.status_choices).not.toContain('completed');
    expect(own.abilities.status_choices).not.toContain('no_show');
  });

  it('someone else in the chain still completes it: the commandant the clerk’s, an administrator the commandant’s', async () => {
    const clerksLeave = await ownLeave(clerk);
    expect((await setStatus(commandant, clerksLeave.id, { status: 'completed' })).json().data.appointment.status).toBe(
      'completed',
    );
    const commandantsLeave = await ownLeave(commandant);
    const marked = await setStatus(admin, commandantsLeave.id, { status: 'no_show', status_reason: 'Did not report' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data.appointment.status).toBe('no_show');
  });

  it('the person still withdraws their own pending request', async () => {
    for (const person of [clerk, commandant]) {
      const leave = await ownLeave(person, 'pending');
      const withdrawn = await setStatus(person, leave.id, { status: 'cancelled' });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(withdrawn.json().data.appointment.status).toBe('cancelled');
    }
  });
});
