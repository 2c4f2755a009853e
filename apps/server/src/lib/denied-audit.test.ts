import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { clock } from './clock.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The denied-request rows of a route (Fastify names a prefix's root route with or without its slash). */
const deniedRows = async (route: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'access.denied'))).filter(
    (row) => row.entity_id?.replace(/\/$/, '') === route,
  );

describe('refused requests are audited', () => {
  it('a 403 once a minute per person and route, with the status and who', async () => {
    clock.set('2026-11-25T10:00:00Z');
    const viewer = await t.asUser({ role: 'viewer' });
    for (let i = 0; i < 3; i += 1)
      expect((await viewer.request({ method: 'GET', url: '/api/audit-logs' })).statusCode).toBe(403);
    let rows = await deniedRows('GET /api/audit-logs');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: viewer.id,
      outcome: 'failure',
      entity_type: 'route',
      details: { status: 403, url: '/api/audit-logs' },
    });

    // Another route is another row; the same route a minute later is too.
    expect((await viewer.request({ method: 'GET', url: '/api/users/' })).statusCode).toBe(403);
    expect(await deniedRows('GET /api/users')).toHaveLength(1);
    clock.set('2026-11-25T10:01:01Z');
    expect((await viewer.request({ method: 'GET', url: '/api/audit-logs' })).statusCode).toBe(403);
    rows = await deniedRows('GET /api/audit-logs');
    expect(rows).toHaveLength(2);
  });

  it('the next row counts the refusals left out since the last one', async () => {
    clock.set('2026-11-25T11:00:00Z');
    const viewer = await t.asUser({ role: 'viewer' });
    for (let i = 0; i < 5; i += 1)
      expect((await viewer.request({ method: 'GET', url: '/api/trash' })).statusCode).toBe(403);
    clock.set('2026-11-25T11:01:00Z');
    expect((await viewer.request({ method: 'GET', url: '/api/trash' })).statusCode).toBe(403);
    const rows = (await deniedRows('GET /api/trash')).filter((row) => row.actor_id === viewer.id);
    expect(rows.map((row) => (row.details as { repeated?: number }).repeated)).toEqual([undefined, 4]);
  });

  it('a 401 is recorded against the address; sign-in keeps its own audit', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/companies', headers: { authorization: 'Bearer not-a-token' } }))
        .statusCode,
    ).toBe(401);
    const [row] = await deniedRows('GET /api/companies');
    expect(row).toMatchObject({ actor_id: null, ip: '127.0.0.1', details: { status: 401 } });

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'nobody@srpf.test', password: 'wrong-password' },
        })
      ).statusCode,
    ).toBe(401);
    expect(await deniedRows('POST /api/auth/login')).toHaveLength(0);
  });
});

describe('sensitive reads are audited', () => {
  it('opening another person’s record, not one’s own', async () => {
    const admin = await t.asUser({ role: 'admin' });
    const other = await t.buildUser();
    expect((await admin.request({ method: 'GET', url: `/api/users/${admin.id}` })).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `/api/users/${other.id}` })).statusCode).toBe(200);
    const reads = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.read'));
    expect(reads.map((row) => [row.actor_id, row.entity_id])).toEqual([[admin.id, String(other.id)]]);
  });

  it('opening an appointment about someone else, not one’s own', async () => {
    // A clerk of company 1 reads the company's appointments as well as their own.
    const person = await t.asUser({ role: 'viewer', designation: 'Clerk' });
    const own = await t.buildAppointment({ user_id: person.id });
    const others = await t.buildAppointment();
    expect((await person.request({ method: 'GET', url: `/api/appointments/${own.id}` })).statusCode).toBe(200);
    expect((await person.request({ method: 'GET', url: `/api/appointments/${others.id}` })).statusCode).toBe(200);
    const reads = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'appointment.read'));
    expect(reads.map((row) => [row.actor_id, row.entity_id])).toEqual([[person.id, String(others.id)]]);
  });
});
