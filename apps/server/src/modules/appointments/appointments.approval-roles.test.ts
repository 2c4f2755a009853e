import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Who takes which step of the approval chain (the authorization issue): the admin and superadmin
 * roles act as commandant; everybody else as their designation record's approval role, which only
 * administrators set. Free text and other role names grant nothing.
 */

type Request = Awaited<ReturnType<TestApp['as']>>;

let t: TestApp;
let asAdmin: Request;

beforeAll(async () => {
  t = await createTestApp();
  clock.set('2026-11-20T06:30:00Z');
  asAdmin = await t.as('admin');
});
afterAll(() => t.close());

const myRole = async (request: Request) =>
  (await request({ method: 'GET', url: '/api/appointments/my-role' })).json().data.remark_role;
const approve = (id: number, request: Request) => request({ method: 'POST', url: `/api/appointments/${id}/approve` });
const abilities = async (id: number, request: Request) =>
  (await request({ method: 'GET', url: `/api/appointments/${id}` })).json().data.appointment.abilities;

describe('the remark role comes from data, not from words', () => {
  it('grants nothing for a free-text designation without a record', async () => {
    for (const text of ['Commandant', 'Executive Assistant', 'Senior Clerk', 'Police Officer']) {
      const { id, request } = await t.asUser({ designation_text: text });
      expect(await myRole(request), text).toBeNull();
      // Their own request they may read, but not decide; the company's others they do not even see.
      const own = await t.buildAppointment({ user_id: id });
      expect((await approve(own.id, request)).statusCode, text).toBe(403);
      const notTheirs = await t.buildAppointment();
      expect((await approve(notTheirs.id, request)).statusCode, text).toBe(404);
    }
  });

  it('grants nothing for role names other than admin and superadmin', async () => {
    for (const role of ['officer', 'executive', 'company_lead', 'manager', 'viewer']) {
      const { id, request } = await t.asUser({ role });
      expect(await myRole(request), role).toBeNull();
      // Their own request they may read, but not decide; the company's others they do not even see.
      const appointment = await t.buildAppointment({ status: 'pending_officer', user_id: id });
      expect((await approve(appointment.id, request)).statusCode, role).toBe(403);
      expect(await abilities(appointment.id, request), role).toMatchObject({
        remark_role: null,
        remark_field: null,
        can_approve: false,
        can_reject: false,
      });
      const notTheirs = await t.buildAppointment({ status: 'pending_officer' });
      expect((await approve(notTheirs.id, request)).statusCode, role).toBe(404);
    }
  });

  it('gives admin and superadmin the commandant’s part whatever their designation', async () => {
    const none = await t.buildDesignation({ name: 'Police Constable', approval_role: 'none' });
    for (const [role, designation] of [
      ['admin', { designation: 'Clerk' }],
      ['superadmin', { designation_id: none.id }],
      ['admin', {}],
    ] as const) {
      const { request } = await t.asUser({ role, ...designation });
      expect(await myRole(request), role).toBe('commandant');
      const appointment = await t.buildAppointment({ status: 'pending_officer' });
      const response = await approve(appointment.id, request);
      expect(response.statusCode, role).toBe(200);
      expect(response.json().data.appointment.status).toBe('approved');
    }
  });

  it('follows the approval role an administrator gives a designation, at once for its holders', async () => {
    // Created through the API without an approval role: the text rule reads 'executive' as commandant.
    const created = await asAdmin({
      method: 'POST',
      url: '/api/designations',
      payload: { name: 'Executive Assistant', code: 'EA' },
    });
    const designation = created.json().data.designation;
    expect(designation.approval_role).toBe('commandant');
    const holder = await t.asUser({ first_name: 'Kiran', last_name: 'Gawde', designation_id: designation.id });
    expect(await myRole(holder.request)).toBe('commandant');

    // The administrator decides an assistant takes no step: the holder's rights end with that answer.
    expect(
      (await asAdmin({ method: 'PUT', url: `/api/designations/${designation.id}`, payload: { approval_role: 'none' } }))
        .statusCode,
    ).toBe(200);
    expect((await holder.request({ method: 'GET', url: '/api/appointments/my-role' })).json().data).toEqual({
      remark_role: null,
      remark_field: null,
      can_delete: false,
    });
    // Without a chain role the holder reads only their own requests: one about them, to decide and remark on.
    const pending = await t.buildAppointment({
      status: 'pending_final',
      is_leave_appointment: true,
      request_type: 'leave related',
      user_id: holder.id,
    });
    expect((await approve(pending.id, holder.request)).statusCode).toBe(403);
    const notTheirs = await t.buildAppointment({
      status: 'pending_final',
      is_leave_appointment: true,
      request_type: 'leave related',
    });
    expect((await approve(notTheirs.id, holder.request)).statusCode).toBe(404);
    expect(await abilities(pending.id, holder.request)).toMatchObject({ remark_role: null, can_approve: false });
    const remark = await holder.request({
      method: 'PUT',
      url: `/api/appointments/${pending.id}`,
      payload: { commandant_remarks: '<p>Granted</p>' },
    });
    expect(remark.statusCode).toBe(403);
    expect(remark.json().error.field).toBe('commandant_remarks');

    // A rename keeps the stored role; an officer's role gives the officer's step and remark.
    await asAdmin({
      method: 'PUT',
      url: `/api/designations/${designation.id}`,
      payload: { name: 'Executive Commandant Assistant' },
    });
    expect(await myRole(holder.request)).toBeNull();
    await asAdmin({ method: 'PUT', url: `/api/designations/${designation.id}`, payload: { approval_role: 'officer' } });
    expect((await holder.request({ method: 'GET', url: '/api/appointments/my-role' })).json().data).toEqual({
      remark_role: 'officer',
      remark_field: 'officer_remarks',
      can_delete: false,
    });
    expect((await approve(pending.id, holder.request)).statusCode).toBe(403);
    const atOfficer = await t.buildAppointment({ status: 'pending_officer' });
    const step = await approve(atOfficer.id, holder.request);
    expect(step.statusCode).toBe(200);
    expect(step.json().data.appointment).toMatchObject({ status: 'pending_final', officer_name: 'Kiran Gawde' });
  });

  it('moves a person with their designation: a new designation_id brings its approval role', async () => {
    const clerkPost = await t.buildDesignation({ name: 'Clerk Typist', approval_role: 'clerk' });
    const constable = await t.buildDesignation({ name: 'Head Constable', approval_role: 'none' });
    const person = await t.asUser({ designation_id: constable.id });
    expect(await myRole(person.request)).toBeNull();
    expect(
      (await asAdmin({ method: 'PUT', url: `/api/users/${person.id}`, payload: { designation_id: clerkPost.id } }))
        .statusCode,
    ).toBe(200);
    expect(await myRole(person.request)).toBe('clerk');
    // The free text the user form may send alongside changes nothing.
    expect(
      (
        await asAdmin({
          method: 'PUT',
          url: `/api/users/${person.id}`,
          payload: { designation_id: constable.id, designation: 'Commandant' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await myRole(person.request)).toBeNull();
  });
});
