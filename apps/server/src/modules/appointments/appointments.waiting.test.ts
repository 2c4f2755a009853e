import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** GET /api/appointments/waiting: the requests waiting for the signed-in person's own step, whatever their date. */

type Request = Awaited<ReturnType<TestApp['as']>>;

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
let clerk: { id: number; request: Request };
let officer: { id: number; request: Request };

beforeAll(async () => {
  t = await createTestApp();
  clock.set('2026-11-20T06:30:00Z');
  companyId = (await t.buildCompany()).id;
  otherCompanyId = (await t.buildCompany()).id;
  clerk = await t.asUser({ designation: 'Senior Clerk', company_id: companyId });
  officer = await t.asUser({ first_name: 'Kavita', designation: 'Police Officer', company_id: companyId });
});
afterAll(() => t.close());

const waiting = (request: Request, query = '') => request({ method: 'GET', url: `/api/appointments/waiting${query}` });
const idsOf = (response: Awaited<ReturnType<Request>>) =>
  (response.json().data as { id: number }[]).map((appointment) => appointment.id);

describe('GET /api/appointments/waiting', () => {
  it('needs a token and a valid page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments/waiting' })).statusCode).toBe(401);
    const bad = await waiting(officer.request, '?limit=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED', field: 'limit' } });
  });

  it('refuses people who take no step of the chain', async () => {
    for (const options of [{ role: 'viewer' }, { designation: 'Police Constable' }, { role: 'officer' }]) {
      const person = await t.asUser({ ...options, company_id: companyId });
      const response = await waiting(person.request);
      expect(response.statusCode, JSON.stringify(options)).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        error: { code: 'FORBIDDEN', reason: 'appointments.waiting_no_chain_role' },
      });
    }
  });

  it('lists an officer the requests at her step in her company, tomorrow’s included, earliest first, with a count', async () => {
    const tomorrow = await t.buildAppointment({
      company_id: companyId,
      status: 'pending_officer',
      appointment_date: '2026-11-21',
    });
    const today = await t.buildAppointment({ company_id: companyId, status: 'pending_officer' });
    const nextMonth = await t.buildAppointment({
      company_id: companyId,
      status: 'pending_officer',
      appointment_date: '2026-12-20',
    });
    // Not hers: another step, another company, closed, or her own request.
    await t.buildAppointment({ company_id: companyId, status: 'scheduled' });
    await t.buildAppointment({ company_id: companyId, status: 'pending_final' });
    await t.buildAppointment({ company_id: companyId, status: 'approved' });
    await t.buildAppointment({ company_id: otherCompanyId, status: 'pending_officer' });
    await t.buildAppointment({ company_id: companyId, status: 'pending_officer', user_id: officer.id });

    const response = await waiting(officer.request);
    expect(response.statusCode).toBe(200);
    expect(idsOf(response)).toEqual([today.id, tomorrow.id, nextMonth.id]);
    expect(response.json().pagination).toMatchObject({ total: 3, page: 1 });

    const firstOnly = await waiting(officer.request, '?limit=1');
    expect(idsOf(firstOnly)).toEqual([today.id]);
    expect(firstOnly.json().pagination.total).toBe(3);
  });

  it('lists a clerk the new requests of her company, and the approved one leaves her list for the officer’s', async () => {
    const fresh = await t.buildAppointment({
      company_id: companyId,
      status: 'scheduled',
      appointment_date: '2026-11-21',
    });
    expect(idsOf(await waiting(clerk.request))).toContain(fresh.id);

    const approved = await clerk.request({ method: 'POST', url: `/api/appointments/${fresh.id}/approve` });
    expect(approved.statusCode).toBe(200);
    expect(idsOf(await waiting(clerk.request))).not.toContain(fresh.id);
    expect(idsOf(await waiting(officer.request))).toContain(fresh.id);
  });

  it('gives an overseer her step in the companies she oversees', async () => {
    const overseer = await t.asUser({
      designation: 'Police Officer',
      company_id: null,
      overseen_company_ids: [otherCompanyId],
    });
    const ids = idsOf(await waiting(overseer.request));
    expect(ids.length).toBeGreaterThan(0);
    const other = await t.buildAppointment({ company_id: otherCompanyId, status: 'pending_officer' });
    expect(idsOf(await waiting(overseer.request))).toContain(other.id);
  });

  it('gives administrators the commandant’s step in every company', async () => {
    const last = await t.buildAppointment({ company_id: otherCompanyId, status: 'pending_final' });
    const response = await waiting(await t.as('admin'), '?limit=100');
    expect(response.statusCode).toBe(200);
    const statuses = (response.json().data as { status: string }[]).map((appointment) => appointment.status);
    expect(new Set(statuses)).toEqual(new Set(['pending_final']));
    expect(idsOf(response)).toContain(last.id);
  });
});
