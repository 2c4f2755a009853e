import { afterEach, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { DEFAULT_FORM_TREE, type DefaultFolder } from '@srpf/shared';
import type { DatabaseHandle } from '../../db/client.js';
import { appSettings, auditLog, formFolders } from '../../db/schema/index.js';
import { openTestDatabase } from '../../test/test-database.js';
import { ensureReferenceData } from './setup.bootstrap.js';
import { DEFAULT_FORM_TREE_SETTING } from './setup.default-form-folders.js';

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const count = (folders: readonly DefaultFolder[]): number =>
  folders.reduce((sum, folder) => sum + 1 + count(folder.children ?? []), 0);

describe('the forms library’s default folders', () => {
  it('are seeded at first start with the reference data, once, even by starts at the same moment', async () => {
    database = await openTestDatabase();
    expect(await database.db.$count(formFolders)).toBe(0);
    await Promise.all([ensureReferenceData(database.db), ensureReferenceData(database.db)]);
    await ensureReferenceData(database.db);
    expect(await database.db.$count(formFolders)).toBe(count(DEFAULT_FORM_TREE));
    const categories = await database.db
      .select({ slug: formFolders.slug, level: formFolders.level })
      .from(formFolders)
      .where(isNull(formFolders.parent_id))
      .orderBy(formFolders.sort_order);
    expect(categories).toEqual(DEFAULT_FORM_TREE.map((folder) => ({ slug: folder.slug, level: 1 })));
    const [setting] = await database.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, DEFAULT_FORM_TREE_SETTING));
    expect(setting).toBeDefined();
    // One audit row a folder, by nobody (the installation).
    expect(await database.db.$count(auditLog, eq(auditLog.action, 'form_category.create'))).toBe(
      DEFAULT_FORM_TREE.length,
    );
  });

  it('never come back once deleted: the next starts seed nothing', async () => {
    database = await openTestDatabase();
    await ensureReferenceData(database.db);
    await database.db.delete(formFolders).where(eq(formFolders.slug, 'gpf'));
    await database.db.update(formFolders).set({ deleted_at: new Date() }).where(eq(formFolders.slug, 'ltc'));
    const left = await database.db.$count(formFolders);
    await ensureReferenceData(database.db);
    expect(await database.db.$count(formFolders)).toBe(left);
    expect(await database.db.$count(formFolders, eq(formFolders.slug, 'gpf'))).toBe(0);
  });
});
