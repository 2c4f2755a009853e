import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The appointments policy (the authorization issue), one test per rule: who files for whom, who
 * reads (others' answer 404), who edits until the chain starts, who closes and moves, and the
 * administrator's reason for a status set by hand.
 */

type Request = (
  options: Parameters<Awaited<ReturnType<TestApp['as']>>>[0],
) => ReturnType<Awaited<ReturnType<TestApp['as']>>>;
interface Person {
  id: number;
  request: Request;
}

let t: TestApp;
let companyA: number;
let companyB: number;
let viewerA: Person;
let colleagueA: Person;
let clerkA: Person;
let officerA: Person;
let commandantA: Person;
let officerB: Person;
let clerkB: Person;
let overseerOfA: Person;
let withoutCompany: Person;
let admin: Person;

const TODAY = '2026-11-20';

beforeAll(async () => {
  t = await createTestApp();
  clock.set('2026-11-20T06:30:00Z');
  companyA = (await t.buildCompany({ name: 'Group 5 Daund' })).id;
  companyB = (await t.buildCompany({ name: 'Group 1 Pune' })).id;
  viewerA = await t.asUser({ company_id: companyA, phone_number: '9800000001' });
  colleagueA = await t.asUser({ company_id: companyA, phone_number: '9800000002', first_name: 'Sunil' });
  clerkA = await t.asUser({ company_id: companyA, designation: 'Clerk' });
  officerA = await t.asUser({ company_id: companyA, designation: 'Officer' });
  commandantA = await t.asUser({ company_id: companyA, designation: 'Commandant' });
  officerB = await t.asUser({ company_id: companyB, designation: 'Officer' });
  clerkB = await t.asUser({ company_id: companyB, designation: 'Clerk', phone_number: '9800000003' });
  overseerOfA = await t.asUser({ company_id: companyB, overseen_company_ids: [companyA] });
  withoutCompany = await t.asUser({ company_id: null, phone_number: '9800000004' });
  admin = await t.asUser({ role: 'admin' });
});
afterAll(() => t.close());

const orderlyRoom = (by: Person, userId: number, companyId: number) =>
  by.request({
    method: 'POST',
    url: '/api/appointments',
    payload: { company_id: companyId, user_id: userId, phone_number: '9876543210' },
  });

/** An orderly-room request filed by `filer` about `about` in company A (as the API files it). */
async function filed(filer: Person = viewerA, about: Person = filer, companyId = companyA): Promise<number> {
  const response = await orderlyRoom(filer, about.id, companyId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.appointment.id as number;
}

const read = (by: Person, id: number) => by.request({ method: 'GET', url: `/api/appointments/${id}` });
const edit = (by: Person, id: number, payload: object) =>
  by.request({ method: 'PUT', url: `/api/appointments/${id}`, payload });
const approve = (by: Person, id: number) => by.request({ method: 'POST', url: `/api/appointments/${id}/approve` });

describe('filing', () => {
  it('lets people file for themselves in their own company, not for a colleague or in another company', async () => {
    expect((await orderlyRoom(viewerA, viewerA.id, companyA)).statusCode).toBe(201);
    const forColleague = await orderlyRoom(viewerA, colleagueA.id, companyA);
    expect(forColleague.statusCode).toBe(403);
    expect(forColleague.json().error.message).toMatch(/only for yourself/);
    expect((await orderlyRoom(viewerA, viewerA.id, companyB)).statusCode).toBe(403);
  });

  it('lets a clerk file for anyone of their company, and nobody of another', async () => {
    expect((await orderlyRoom(clerkA, colleagueA.id, companyA)).statusCode).toBe(201);
    expect((await orderlyRoom(clerkA, clerkB.id, companyA)).statusCode).toBe(403);
    expect((await orderlyRoom(clerkA, clerkB.id, companyB)).statusCode).toBe(403);
  });

  it('does not let an officer or a commandant file for someone else (filing is the clerk’s work)', async () => {
    expect((await orderlyRoom(officerA, colleagueA.id, companyA)).statusCode).toBe(403);
    expect((await orderlyRoom(commandantA, colleagueA.id, companyA)).statusCode).toBe(403);
  });

  it('lets administrators file for anyone, and a person without a company for themselves anywhere', async () => {
    expect((await orderlyRoom(admin, clerkB.id, companyB)).statusCode).toBe(201);
    expect((await orderlyRoom(withoutCompany, withoutCompany.id, companyB)).statusCode).toBe(201);
    expect((await orderlyRoom(withoutCompany, viewerA.id, companyA)).statusCode).toBe(403);
  });
});

describe('reading', () => {
  it('opens for the person, the chain of its company, its overseers and administrators; 404 for everybody else', async () => {
    const id = await filed(clerkA, viewerA);
    for (const [name, person] of [
      ['the person', viewerA],
      ['the clerk', clerkA],
      ['an officer of the company', officerA],
      ['an overseer', overseerOfA],
      ['an admin', admin],
    ] as const) {
      expect((await read(person, id)).statusCode, name).toBe(200);
    }
    for (const [name, person] of [
      ['a colleague', colleagueA],
      ['an officer of another company', officerB],
      ['a clerk of another company', clerkB],
      ['a person without a company', withoutCompany],
    ] as const) {
      const response = await read(person, id);
      expect(response.statusCode, name).toBe(404);
      expect(response.json().error.code, name).toBe('NOT_FOUND');
    }
  });

  it('lists only what each may read, filtered in the query (totals included)', async () => {
    const own = await filed(colleagueA);
    const list = async (person: Person) => {
      const response = await person.request({ method: 'GET', url: '/api/appointments?limit=100' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      return {
        ids: body.data as { id: number; company_id: number; user_id: number }[],
        total: body.pagination.total as number,
      };
    };
    const colleague = await list(colleagueA);
    expect(colleague.ids.every((row) => row.user_id === colleagueA.id)).toBe(true);
    expect(colleague.ids.map((row) => row.id)).toContain(own);
    expect(colleague.total).toBe(colleague.ids.length);
    const other = await list(officerB);
    expect(other.ids.some((row) => row.company_id === companyA)).toBe(false);
    const clerk = await list(clerkA);
    expect(clerk.ids.map((row) => row.id)).toContain(own);
  });

  it('keeps approving out of reach of another company’s chain (404, as if it did not exist)', async () => {
    const id = await filed();
    expect((await approve(clerkB, id)).statusCode).toBe(404);
    expect((await approve(clerkA, id)).statusCode).toBe(200);
  });
});

describe('deciding one’s own request', () => {
  it('is refused to everybody in the chain; another holder decides it', async () => {
    const own = await filed(clerkA);
    const refused = await approve(clerkA, own);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/your own request/);
    expect((await read(clerkA, own)).json().data.appointment.abilities.can_approve).toBe(false);
    expect((await approve(commandantA, own)).statusCode).toBe(200);
    const commandants = await filed(commandantA);
    expect((await approve(commandantA, commandants)).statusCode).toBe(403);
    expect((await approve(admin, commandants)).statusCode).toBe(200);
  });
});

describe('editing the business fields', () => {
  it('is for the filer, a clerk of its company or an admin until the first step, and for nobody after', async () => {
    const id = await filed(viewerA);
    expect((await edit(viewerA, id, { notes: 'by the filer' })).statusCode).toBe(200);
    expect((await edit(clerkA, id, { notes: 'by the clerk' })).statusCode).toBe(200);
    expect((await edit(officerA, id, { notes: 'by an officer' })).statusCode).toBe(403);
    expect((await edit(admin, id, { notes: 'by an admin' })).statusCode).toBe(200);
    expect((await read(viewerA, id)).json().data.appointment.abilities.can_edit).toBe(true);

    expect((await approve(clerkA, id)).statusCode).toBe(200);
    for (const person of [viewerA, clerkA, admin]) {
      const response = await edit(person, id, { appointment_date: '2026-12-01' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toMatch(/approval chain/);
    }
    expect((await read(viewerA, id)).json().data.appointment.abilities.can_edit).toBe(false);
  });

  it('does not let the person a clerk filed for change it, nor move it to another person', async () => {
    const id = await filed(clerkA, colleagueA);
    expect((await edit(colleagueA, id, { notes: 'mine' })).statusCode).toBe(403);
    expect((await edit(viewerA, id, { notes: 'not mine' })).statusCode).toBe(404);
    const own = await filed(viewerA);
    expect((await edit(viewerA, own, { user_id: colleagueA.id })).statusCode).toBe(403);
    expect((await edit(clerkA, own, { user_id: colleagueA.id })).statusCode).toBe(200);
  });

  it('still takes remarks from the chain after the first step (its own field only)', async () => {
    const id = await filed();
    expect((await approve(clerkA, id)).statusCode).toBe(200);
    const remark = await edit(officerA, id, { officer_remarks: '<p>Seen</p>' });
    expect(remark.statusCode).toBe(200);
    expect(remark.json().data.appointment.officer_remarks).toBe('<p>Seen</p>');
    expect((await edit(officerA, id, { clerk_remarks: '<p>No</p>' })).statusCode).toBe(403);
  });
});

describe('closing and moving', () => {
  it('gives completed, no-show and cancelled to the company’s clerk or commandant, or an admin', async () => {
    const id = await filed(viewerA);
    for (const status of ['cancelled', 'completed', 'no_show']) {
      expect((await edit(viewerA, id, { status })).statusCode, `the filer: ${status}`).toBe(403);
      expect((await edit(officerA, id, { status })).statusCode, `an officer: ${status}`).toBe(403);
    }
    expect((await edit(clerkA, id, { status: 'completed' })).statusCode).toBe(200);
    const other = await filed(viewerA);
    expect((await edit(commandantA, other, { status: 'cancelled' })).statusCode).toBe(200);
  });

  it('offers the filer only the statuses they may set, and the clerk the closing ones too', async () => {
    const id = await filed(viewerA);
    const choices = async (person: Person) =>
      (await read(person, id)).json().data.appointment.abilities.status_choices as string[];
    const filer = await choices(viewerA);
    expect(filer[0]).toBe('scheduled');
    expect(filer).toContain('rescheduled');
    expect(filer).not.toContain('completed');
    expect(filer).not.toContain('cancelled');
    expect(filer).not.toContain('no_show');
    expect(await choices(clerkA)).toEqual(expect.arrayContaining(['completed', 'cancelled', 'no_show']));
  });

  it('lets only the clerk, the commandant or an admin move an approved request', async () => {
    const id = await filed(viewerA);
    expect((await approve(commandantA, id)).statusCode).toBe(200);
    const reschedule = (person: Person) =>
      person.request({
        method: 'POST',
        url: `/api/appointments/${id}/reschedule`,
        payload: { appointment_date: '2026-11-27', appointment_time: '11:00' },
      });
    expect((await reschedule(viewerA)).statusCode).toBe(403);
    expect((await reschedule(officerA)).statusCode).toBe(403);
    expect((await reschedule(clerkA)).statusCode).toBe(200);
  });

  it('asks an admin for the reason of a status set by hand, and keeps it in the audit and the timeline', async () => {
    const id = await filed(viewerA);
    const missing = await edit(admin, id, { status: 'cancelled' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'status_reason' });
    expect((await read(admin, id)).json().data.appointment.abilities.status_reason_required).toBe(true);

    const done = await edit(admin, id, { status: 'cancelled', status_reason: 'Filed twice by mistake' });
    expect(done.statusCode).toBe(200);
    const timeline = done.json().data.appointment.timeline as { event: string; remark: string | null }[];
    expect(timeline.find((entry) => entry.event === 'status_changed')?.remark).toBe('Filed twice by mistake');
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment.update'), eq(auditLog.entity_id, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.details).toMatchObject({ status_reason: 'Filed twice by mistake', changed: ['status'] });
  });

  it('does not ask the company’s clerk for a reason', async () => {
    const id = await filed(viewerA);
    expect((await read(clerkA, id)).json().data.appointment.abilities.status_reason_required).toBe(false);
    expect((await edit(clerkA, id, { status: 'cancelled' })).statusCode).toBe(200);
  });
});

describe('the approval date is today', () => {
  it('keeps the clock on the day of these tests', () => {
    expect(clock.now().toISOString().slice(0, 10)).toBe(TODAY);
  });
});

describe('a request that names no person', () => {
  it('moves to another company by an administrator only', async () => {
    const orphan = await t.buildAppointment({ company_id: companyA, user_id: null });
    expect((await edit(clerkA, orphan.id, { company_id: companyB })).statusCode).toBe(403);
    const moved = await edit(admin, orphan.id, { company_id: companyB });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.appointment.company_id).toBe(companyB);
  });
});
