import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Refused payslip downloads are audited, but a loop of them cannot flood the log (issue 27, item 7). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  clock.set(null);
  await t.close();
});

const refusedRows = (actorId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.actor_id, actorId), eq(auditLog.action, 'payslip.download'), eq(auditLog.outcome, 'failure')),
    )
    .orderBy(auditLog.id);

describe('refused payslip downloads', () => {
  it('write one row a minute per person; the next row counts those left out', async () => {
    clock.set('2026-11-25T10:00:00Z');
    const person = await t.asUser({ role: 'viewer' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        person.request({ method: 'GET', url: `/api/payslips/${900_000 + i}/download` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 100 }, () => 404));
    let rows = await refusedRows(person.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toEqual({ reason: 'no such payslip' });

    // Another person has a key of their own.
    const other = await t.asUser({ role: 'viewer' });
    expect((await other.request({ method: 'GET', url: '/api/payslips/900000/download' })).statusCode).toBe(404);
    expect(await refusedRows(other.id)).toHaveLength(1);

    // Within the minute still nothing; after it, one row carrying the 99 + 1 left out.
    clock.set('2026-11-25T10:00:59Z');
    expect((await person.request({ method: 'GET', url: '/api/payslips/900000/download' })).statusCode).toBe(404);
    expect(await refusedRows(person.id)).toHaveLength(1);
    clock.set('2026-11-25T10:01:01Z');
    expect((await person.request({ method: 'GET', url: '/api/payslips/900001/download' })).statusCode).toBe(404);
    rows = await refusedRows(person.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      entity_id: '900001',
      outcome: 'failure',
      details: { reason: 'no such payslip', repeated: 100 },
    });
  });
});
