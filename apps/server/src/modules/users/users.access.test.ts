import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, roles, users } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * People and the dashboard within the company scope (the authorization issue): the lookups answer
 * only people of one's companies, at most 8 and 60 times a minute; another person's record is 404;
 * grants and overseen companies are given by administrators (superadmins for the latter), audited,
 * and count from the next request, as does a demotion.
 */

type Person = Awaited<ReturnType<TestApp['asUser']>>;

let t: TestApp;
let companyA: number;
let companyB: number;
let viewerA: Person;
let admin: Person;
let superadmin: Person;
let personB: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  clock.set('2026-11-20T06:30:00Z');
  companyA = (await t.buildCompany({ name: 'Group 7 Daund' })).id;
  companyB = (await t.buildCompany({ name: 'Group 2 Pune' })).id;
  viewerA = await t.asUser({ company_id: companyA, first_name: 'Vaibhav', last_name: 'Kale' });
  admin = await t.asUser({ role: 'admin' });
  superadmin = await t.asUser({ role: 'superadmin' });
  for (let index = 0; index < 10; index += 1)
    await t.buildUser({ company_id: companyA, first_name: 'Santosh', last_name: `Shinde${index}` });
  personB = await t.buildUser({
    company_id: companyB,
    first_name: 'Santosh',
    last_name: 'Bhosale',
    phone_number: '9811111111',
  });
});
afterAll(() => t.close());

const search = (person: Person, q: string) =>
  person.request({ method: 'GET', url: `/api/appointments/users/search?q=${encodeURIComponent(q)}` });
const findByPhone = (person: Person, phone: string) =>
  person.request({ method: 'GET', url: `/api/appointments/users/find-by-phone?phone_number=${phone}` });

describe('the people lookups', () => {
  it('answer only people of the asker’s company, at most 8', async () => {
    const response = await search(viewerA, 'Santosh');
    expect(response.statusCode).toBe(200);
    const found = response.json().data.users as { company_id: number; last_name: string }[];
    expect(found).toHaveLength(8);
    expect(found.every((person) => person.company_id === companyA)).toBe(true);
    expect(found.some((person) => person.last_name === 'Bhosale')).toBe(false);
    expect((await findByPhone(viewerA, '9811111111')).json().user).toBeNull();
  });

  it('answer administrators across companies, and overseers in the companies they oversee', async () => {
    expect((await findByPhone(admin, '9811111111')).json().user).toMatchObject({ id: personB.id });
    const overseer = await t.asUser({ company_id: companyA, overseen_company_ids: [companyB] });
    expect((await findByPhone(overseer, '9811111111')).json().user).toMatchObject({ id: personB.id });
    const names = ((await search(overseer, 'Bhosale')).json().data.users as { id: number }[]).map(
      (person) => person.id,
    );
    expect(names).toEqual([personB.id]);
  });

  it('answer a person without a company only about themselves', async () => {
    const loner = await t.asUser({
      company_id: null,
      first_name: 'Santosh',
      last_name: 'Alone',
      phone_number: '9822222222',
    });
    const found = (await search(loner, 'Santosh')).json().data.users as { id: number }[];
    expect(found.map((person) => person.id)).toEqual([loner.id]);
    expect((await findByPhone(loner, '9822222222')).json().user).toMatchObject({ id: loner.id });
  });

  it('refuse a person past the limit of a minute with 429, while others still get answers', async () => {
    const limited = await createTestApp({ lookupRateLimit: 3 });
    clock.set('2026-11-20T06:30:00Z');
    try {
      const first = await limited.asUser({});
      const second = await limited.asUser({});
      for (let index = 0; index < 3; index += 1) expect((await search(first, 'Test')).statusCode).toBe(200);
      const refused = await search(first, 'Test');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await search(second, 'Test')).statusCode).toBe(200);
      for (let index = 0; index < 3; index += 1) expect((await findByPhone(first, '9800000000')).statusCode).toBe(200);
      expect((await findByPhone(first, '9800000000')).statusCode).toBe(429);
    } finally {
      await limited.close();
      clock.set('2026-11-20T06:30:00Z');
    }
  });
});

describe('GET /api/users/{id}', () => {
  it('answers 404 for another person’s record without manage_users, as if it did not exist', async () => {
    const response = await viewerA.request({ method: 'GET', url: `/api/users/${personB.id}` });
    expect(response.statusCode, response.body).toBe(404);
    expect((await viewerA.request({ method: 'GET', url: `/api/users/${viewerA.id}` })).statusCode).toBe(200);
  });
});

describe('grants', () => {
  it('are given by an administrator, audited, shown, and count from the next request', async () => {
    const clerk = await t.asUser({ company_id: companyA });
    const folder = () =>
      clerk.request({
        method: 'POST',
        url: '/api/orders/categories',
        payload: { name: 'Transfers', slug: `transfers-${clerk.id}` },
      });
    expect((await folder()).statusCode).toBe(403);

    const granted = await admin.request({
      method: 'PUT',
      url: `/api/users/${clerk.id}`,
      payload: { granted_permissions: ['manage_categories', 'view_all_kpis'] },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.user).toMatchObject({ granted_permissions: ['manage_categories', 'view_all_kpis'] });
    expect(granted.json().data.user.permissions).toEqual(
      expect.arrayContaining(['manage_categories', 'view_all_kpis', 'upload_documents']),
    );
    expect((await folder()).statusCode).toBe(201);

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.grants_change'), eq(auditLog.entity_id, String(clerk.id))))
      .orderBy(desc(auditLog.id));
    expect(row?.details).toEqual({ before: [], after: ['manage_categories', 'view_all_kpis'] });
  });

  it('refuse a permission that is not grantable with 400 naming the field', async () => {
    const person = await t.buildUser({ company_id: companyA });
    for (const permission of ['manage_users', 'manage_trash', 'fly']) {
      const response = await admin.request({
        method: 'PUT',
        url: `/api/users/${person.id}`,
        payload: { granted_permissions: [permission] },
      });
      expect(response.statusCode, permission).toBe(400);
      expect(response.json().error.field, permission).toMatch(/^granted_permissions/);
    }
  });
});

describe('overseen companies', () => {
  it('are set by a superadmin only, audited, and widen the scope at once', async () => {
    const person = await t.asUser({ company_id: companyA });
    const payload = { overseen_company_ids: [companyB] };
    expect((await admin.request({ method: 'PUT', url: `/api/users/${person.id}`, payload })).statusCode).toBe(403);
    expect(
      (
        await person.request({ method: 'GET', url: `/api/appointments/users/find-by-phone?phone_number=9811111111` })
      ).json().user,
    ).toBeNull();

    const set = await superadmin.request({ method: 'PUT', url: `/api/users/${person.id}`, payload });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.user.overseen_company_ids).toEqual([companyB]);
    expect(
      (
        await person.request({ method: 'GET', url: `/api/appointments/users/find-by-phone?phone_number=9811111111` })
      ).json().user,
    ).toMatchObject({ id: personB.id });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.oversight_change'), eq(auditLog.entity_id, String(person.id))));
    expect(row?.details).toEqual({ before: [], after: [companyB] });

    const unknown = await superadmin.request({
      method: 'PUT',
      url: `/api/users/${person.id}`,
      payload: { overseen_company_ids: [999_999] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.field).toBe('overseen_company_ids');
  });
});

describe('current rights on every request', () => {
  it('takes a demotion into account with the token the person already holds', async () => {
    const demoted = await t.asUser({ role: 'admin' });
    expect((await demoted.request({ method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    const [viewer] = await t.database.db.select().from(roles).where(eq(roles.name, 'viewer'));
    await t.database.db.update(users).set({ role_id: viewer!.id }).where(eq(users.id, demoted.id));
    expect((await demoted.request({ method: 'GET', url: '/api/users' })).statusCode).toBe(403);
  });

  it('refuses the token of a deactivated person', async () => {
    const person = await t.asUser({ company_id: companyA });
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, person.id));
    expect((await person.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });
});

describe('the dashboard', () => {
  it('counts only the appointments the viewer may read, and exports those of their companies with view_all_kpis', async () => {
    const own = await t.buildAppointment({ company_id: companyA, user_id: viewerA.id, appointment_date: '2026-11-20' });
    await t.buildAppointment({ company_id: companyA, appointment_date: '2026-11-20' });
    await t.buildAppointment({ company_id: companyB, appointment_date: '2026-11-20' });
    const daily = await viewerA.request({ method: 'GET', url: '/api/kpis/daily?from=2026-11-20&to=2026-11-20' });
    expect(daily.statusCode).toBe(200);
    expect(daily.json().data.summary.appointments).toBe(1);
    expect((daily.json().data.appointments as { id: number }[]).map((row) => row.id)).toEqual([own.id]);
    expect(
      (await viewerA.request({ method: 'GET', url: '/api/kpis/daily/export?from=2026-11-20&to=2026-11-20' }))
        .statusCode,
    ).toBe(403);

    const analyst = await t.asUser({ company_id: companyA, granted_permissions: ['view_all_kpis'] });
    const exported = await analyst.request({
      method: 'GET',
      url: '/api/kpis/daily/export?from=2026-11-20&to=2026-11-20',
    });
    expect(exported.statusCode).toBe(200);
    const everything = await admin.request({ method: 'GET', url: '/api/kpis/daily?from=2026-11-20&to=2026-11-20' });
    const analystDaily = await analyst.request({ method: 'GET', url: '/api/kpis/daily?from=2026-11-20&to=2026-11-20' });
    expect(analystDaily.json().data.summary.appointments).toBe(2);
    expect(everything.json().data.summary.appointments).toBeGreaterThanOrEqual(3);
    expect(exported.body).toContain(own.last_name!);
  });
});
