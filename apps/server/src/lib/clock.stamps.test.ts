import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { clock } from './clock.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  clock.set(null);
  await t.close();
});

// Far from the machine's time, so a stamp taken from the database's own now() could not pass.
const CREATED = '2024-03-01T04:30:00.000Z';
const UPDATED = '2024-03-02T09:15:00.000Z';

describe('the moments rows record come from the clock module', () => {
  it('stamps creation, change and the audit row with the clock’s now', async () => {
    clock.set(CREATED);
    const target = await t.buildUser({ first_name: 'Sunil' });

    clock.set(UPDATED);
    const { request: asAdmin } = await t.asUser({ role: 'admin' });
    const updated = await asAdmin({ method: 'PUT', url: `/api/users/${target.id}`, payload: { first_name: 'Sunita' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.user).toMatchObject({ first_name: 'Sunita', created_at: CREATED, updated_at: UPDATED });

    const [row] = await t.database.db
      .select({ created_at: auditLog.created_at })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.update'), eq(auditLog.entity_id, String(target.id))));
    expect(row?.created_at.toISOString()).toBe(UPDATED);
  });

  it('stamps a company created and changed through the API', async () => {
    // Signed in afresh at each moment: an access token lives 15 minutes of the clock.
    clock.set(CREATED);
    const created = await (
      await t.asUser({ role: 'superadmin' })
    ).request({ method: 'POST', url: '/api/companies', payload: { name: 'Group 9 Amravati', code: 'G9' } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data.company;
    expect(created.json().data.company.created_at).toBe(CREATED);

    clock.set(UPDATED);
    expect(
      (
        await (
          await t.asUser({ role: 'superadmin' })
        ).request({ method: 'PUT', url: `/api/companies/${id}`, payload: { name: 'Group 9, Amravati' } })
      ).statusCode,
    ).toBe(200);
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, id));
    expect([company?.created_at.toISOString(), company?.updated_at.toISOString()]).toEqual([CREATED, UPDATED]);
  });
});
