import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { defaultApprovalRoleFor } from '@srpf/shared';
import { MIGRATIONS_FOLDER } from '../../db/client.js';
import { designations } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The backfill at the end of the migration that added designations.approval_role. */
function backfillStatement(): string {
  const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0009_designation_approval_role.sql'), 'utf8');
  const statement = migration
    .split('--> statement-breakpoint')
    .map((part) => part.trim())
    .find((part) => part.includes('UPDATE "designations"'));
  if (!statement) throw new Error('the migration has no backfill');
  return statement;
}

describe('the approval_role backfill (migration 0009)', () => {
  it('gives the designations that existed the text rule’s approval role, as defaultApprovalRoleFor does', async () => {
    const names = [
      'Clerk',
      'Senior clerk',
      'Police Officer',
      'ADMINISTRATIVE OFFICER',
      'Commandant',
      'Deputy Commandant',
      'Executive Assistant',
      'Executive Officer',
      'Clerk to the Commandant',
      'Inspector',
      'Police Constable',
      'Admin',
      'समादेशक',
    ];
    await t.database.db
      .insert(designations)
      .values(names.map((name, i) => ({ name, code: `BF-${i}`, approval_role: 'none' as const })));
    await t.database.db.execute(sql.raw(backfillStatement()));
    const rows = await t.database.db
      .select({ name: designations.name, approval_role: designations.approval_role })
      .from(designations)
      .orderBy(asc(designations.id));
    expect(rows).toEqual(names.map((name) => ({ name, approval_role: defaultApprovalRoleFor(name) })));
    expect(rows.filter((row) => row.approval_role !== 'none').map((row) => row.name)).toEqual([
      'Clerk',
      'Senior clerk',
      'Police Officer',
      'ADMINISTRATIVE OFFICER',
      'Commandant',
      'Deputy Commandant',
      'Executive Assistant',
      'Executive Officer',
      'Clerk to the Commandant',
    ]);
  });

  it('lets the database refuse any other value', async () => {
    await expect(
      t.database.db.execute(
        sql`insert into designations (name, code, approval_role) values ('Chief', 'CHIEF-X', 'admin')`,
      ),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`update designations set approval_role = 'Commandant'`)).rejects.toThrow();
  });
});
