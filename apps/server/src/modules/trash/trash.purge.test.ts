import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_RECORD_KEYS, TRASH_RETENTION_DAYS_DEFAULT, type Library } from '@srpf/shared';
import { createContext, type AppContext } from '../../context.js';
import {
  auditLog,
  libraryCategories,
  libraryDocuments,
  librarySubcategories,
  storedFileRemovals,
} from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { buildServices, type Services } from '../../services.js';
import { pdfBytes, updateWithFile, upload, type Request } from '../../test/library-fixtures.js';
import * as storeCheck from '../../test/stored-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The retention job (TRASH_RETENTION_DAYS): its handler, `services.trash.purgeExpired()`, run with a
 * set clock on the services of the app under test (built as `main.ts` builds them, on the same
 * database and storage), while people delete and restore through the API.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** 31 days before the retention run: purged by it. */
const OLD = new Date('2026-03-01T06:00:00Z');
/** 29 days before the retention run: kept by it. */
const RECENT = new Date(OLD.getTime() + 2 * DAY_MS);
const RUN = new Date(OLD.getTime() + 31 * DAY_MS);

let t: TestApp;
let dataDir: string;
let filesRoot: string;
let context: AppContext;
let services: Services;
let admin: { id: number; email: string; password: string };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-trash-purge-'));
  filesRoot = path.join(dataDir, 'files');
  t = await createTestApp({ dataDir, apiRateLimit: 100_000 });
  context = createContext(t.config, t.database, { workJobs: false });
  services = await buildServices(context);
  admin = await t.buildUser({ role: 'admin' });
});
afterEach(() => clock.set(null));
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Signed in as the administrator at this moment of the clock. */
async function adminAt(moment: Date): Promise<Request> {
  clock.set(moment);
  return t.withToken(await t.signIn(admin.email, admin.password));
}

let sequence = 0;

async function uploadDocument(
  request: Request,
  library: Library,
  place: { category_id?: number; subcategory_id?: number } = {},
  versions = 2,
): Promise<{ id: number; versions: Buffer[] }> {
  sequence += 1;
  const title = `Retained ${sequence}`;
  const contents = Array.from({ length: versions }, (_, index) => pdfBytes(2500 + sequence, `${title} v${index + 1}`));
  const fields: Record<string, string> = { title, effective_date: '2026-02-20' };
  if (place.category_id !== undefined) fields.category_id = String(place.category_id);
  if (place.subcategory_id !== undefined) fields.subcategory_id = String(place.subcategory_id);
  const created = await upload(request, library, fields, { content: contents[0]! });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data[LIBRARY_RECORD_KEYS[library]].id as number;
  for (const content of contents.slice(1))
    expect((await updateWithFile(request, library, id, {}, { content })).statusCode).toBe(200);
  return { id, versions: contents };
}

async function folders(request: Request, library: Library) {
  sequence += 1;
  const category = await request({
    method: 'POST',
    url: `/api/${library}/categories`,
    payload: { name: `Retention folder ${sequence}` },
  });
  expect(category.statusCode, category.body).toBe(201);
  const categoryId = category.json().data.category.id as number;
  const subcategory = await request({
    method: 'POST',
    url: `/api/${library}/subcategories`,
    payload: { category_id: categoryId, name: `Retention subfolder ${sequence}` },
  });
  return { categoryId, subcategoryId: subcategory.json().data.subcategory.id as number };
}

const fileKeysOf = (ids: number[]) => storeCheck.fileKeysOf(t.database.db, ids);
const storedFile = (key: string) => storeCheck.isStored(filesRoot, key);
const storageProblems = () => storeCheck.storageProblems(t.database.db, filesRoot);
const documentRows = (ids: number[]) => storeCheck.documentRows(t.database.db, ids);

async function expectOk(response: Promise<{ statusCode: number; body: string }>) {
  const done = await response;
  expect(done.statusCode, done.body).toBe(200);
}

async function trashOf(request: Request, library: Library) {
  const response = await request({ method: 'GET', url: `/api/trash?library=${library}&limit=100` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { kind: string; id: number; location: string | null; purges_at: string }[];
}

describe('the retention job', () => {
  it(`purges what was deleted more than ${TRASH_RETENTION_DAYS_DEFAULT} days ago, rows and files together, and keeps what was deleted since`, async () => {
    // 31 days before the run: a folder with its documents, a document and a subcategory on their own.
    const old = await adminAt(OLD);
    const oldFolder = await folders(old, 'orders');
    const oldInCategory = await uploadDocument(old, 'orders', { category_id: oldFolder.categoryId });
    const oldInSubcategory = await uploadDocument(
      old,
      'orders',
      { category_id: oldFolder.categoryId, subcategory_id: oldFolder.subcategoryId },
      3,
    );
    const oldAlone = await uploadDocument(old, 'circulars');
    const host = await folders(old, 'government-decisions');
    const oldSubcategoryDocument = await uploadDocument(old, 'government-decisions', {
      category_id: host.categoryId,
      subcategory_id: host.subcategoryId,
    });
    const live = await uploadDocument(old, 'circulars');
    await expectOk(old({ method: 'DELETE', url: `/api/orders/categories/${oldFolder.categoryId}` }));
    await expectOk(old({ method: 'DELETE', url: `/api/circulars/${oldAlone.id}` }));
    await expectOk(old({ method: 'DELETE', url: `/api/government-decisions/subcategories/${host.subcategoryId}` }));

    // 29 days before the run: the same again.
    const recent = await adminAt(RECENT);
    const recentFolder = await folders(recent, 'orders');
    const recentInFolder = await uploadDocument(recent, 'orders', {
      category_id: recentFolder.categoryId,
      subcategory_id: recentFolder.subcategoryId,
    });
    const recentAlone = await uploadDocument(recent, 'circulars');
    await expectOk(recent({ method: 'DELETE', url: `/api/orders/categories/${recentFolder.categoryId}` }));
    await expectOk(recent({ method: 'DELETE', url: `/api/circulars/${recentAlone.id}` }));

    const purgedIds = [oldInCategory.id, oldInSubcategory.id, oldAlone.id, oldSubcategoryDocument.id];
    const purgedKeys = await fileKeysOf(purgedIds);
    expect(purgedKeys).toHaveLength(2 + 3 + 2 + 2);
    const keptKeys = await fileKeysOf([recentInFolder.id, recentAlone.id, live.id]);
    expect(await storageProblems()).toEqual({ rowsWithoutFile: [], filesWithoutRow: [] });

    clock.set(RUN);
    expect(await services.trash.purgeExpired()).toEqual({ items: 3, documents: 4, files: 0, failed: 0 });

    expect(await documentRows(purgedIds)).toEqual({ documents: 0, versions: 0, events: 0, acknowledgments: 0 });
    for (const key of purgedKeys) expect(storedFile(key), key).toBe(false);
    for (const key of keptKeys) expect(storedFile(key), key).toBe(true);
    const db = t.database.db;
    expect(await db.select().from(libraryCategories).where(eq(libraryCategories.id, oldFolder.categoryId))).toEqual([]);
    expect(
      await db
        .select()
        .from(librarySubcategories)
        .where(inArray(librarySubcategories.id, [oldFolder.subcategoryId, host.subcategoryId])),
    ).toEqual([]);
    expect(await db.select().from(storedFileRemovals)).toEqual([]);
    expect(await storageProblems()).toEqual({ rowsWithoutFile: [], filesWithoutRow: [] });

    // What is 29 days in the trash is still there, and still comes back whole.
    const now = await adminAt(RUN);
    expect((await trashOf(now, 'orders')).map((item) => `${item.kind} ${item.id}`)).toEqual([
      `category ${recentFolder.categoryId}`,
    ]);
    expect((await trashOf(now, 'circulars')).map((item) => `${item.kind} ${item.id}`)).toEqual([
      `document ${recentAlone.id}`,
    ]);
    expect(await trashOf(now, 'government-decisions')).toEqual([]);
    await expectOk(
      now({ method: 'POST', url: '/api/trash/restore', payload: { kind: 'category', id: recentFolder.categoryId } }),
    );
    const restored = await now({ method: 'GET', url: `/api/orders/${recentInFolder.id}/file` });
    expect(restored.rawPayload.equals(recentInFolder.versions[1]!)).toBe(true);
    expect((await now({ method: 'GET', url: `/api/circulars/${live.id}/file` })).statusCode).toBe(200);
    expect(
      (await now({ method: 'GET', url: `/api/government-decisions/categories/${host.categoryId}` })).json().data
        .category,
    ).toMatchObject({ subcategory_count: 0, document_count: 0 });
    await expectOk(
      now({ method: 'POST', url: '/api/trash/restore', payload: { kind: 'document', id: recentAlone.id } }),
    );
    expect(
      (await now({ method: 'GET', url: `/api/circulars/${recentAlone.id}/versions/1/file` })).rawPayload.equals(
        recentAlone.versions[0]!,
      ),
    ).toBe(true);

    // The job's purges are audited as the retention's, with no person.
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, '%.purge'), sql`${auditLog.details}->>'by' = 'retention'`));
    expect(entries.map((entry) => `${entry.action} ${entry.entity_id}`).sort()).toEqual(
      [
        `order_category.purge ${oldFolder.categoryId}`,
        `circular.purge ${oldAlone.id}`,
        `decision_subcategory.purge ${host.subcategoryId}`,
      ].sort(),
    );
    expect(entries.every((entry) => entry.actor_id === null)).toBe(true);

    // Nothing more to do in a second run.
    expect(await services.trash.purgeExpired()).toEqual({ items: 0, documents: 0, files: 0, failed: 0 });
  });

  it(`keeps an item until ${TRASH_RETENTION_DAYS_DEFAULT} days have passed to the moment (its purges_at), and purges it just after`, async () => {
    const deleter = await adminAt(new Date('2026-05-10T09:30:00Z'));
    const document = await uploadDocument(deleter, 'orders', {}, 1);
    await expectOk(deleter({ method: 'DELETE', url: `/api/orders/${document.id}` }));
    const [item] = (await trashOf(deleter, 'orders')).filter((entry) => entry.id === document.id);
    expect(item!.purges_at).toBe('2026-06-09T09:30:00.000Z');

    clock.set(item!.purges_at);
    expect(await services.trash.purgeExpired()).toMatchObject({ items: 0 });
    expect(await documentRows([document.id])).toMatchObject({ documents: 1 });
    clock.set(new Date(new Date(item!.purges_at).getTime() + 1000));
    expect(await services.trash.purgeExpired()).toMatchObject({ items: 1, documents: 1 });
    expect(await documentRows([document.id])).toMatchObject({ documents: 0, versions: 0 });
  });

  it('passes over an item whose purge fails, purges the others, and purges it on the next run', async () => {
    const deleter = await adminAt(OLD);
    const stuck = await uploadDocument(deleter, 'orders', {}, 1);
    const other = await uploadDocument(deleter, 'orders', {}, 1);
    await expectOk(deleter({ method: 'DELETE', url: `/api/orders/${stuck.id}` }));
    await expectOk(deleter({ method: 'DELETE', url: `/api/orders/${other.id}` }));
    clock.set(RUN);
    const db = t.database.db;
    // The database refuses to delete the first one, as a fault would.
    await db.execute(
      sql.raw(
        `create function refuse_purge() returns trigger language plpgsql as $$ begin if old.id = ${stuck.id} then raise exception 'simulated fault'; end if; return old; end $$`,
      ),
    );
    await db.execute(
      sql`create trigger refuse_purge before delete on library_documents for each row execute function refuse_purge()`,
    );
    try {
      expect(await services.trash.purgeExpired()).toMatchObject({ items: 1, failed: 1 });
      expect(await documentRows([stuck.id])).toMatchObject({ documents: 1 });
      expect(await documentRows([other.id])).toMatchObject({ documents: 0 });
    } finally {
      await db.execute(sql`drop trigger refuse_purge on library_documents`);
      await db.execute(sql`drop function refuse_purge()`);
    }
    expect(await services.trash.purgeExpired()).toMatchObject({ items: 1, failed: 0 });
    expect(await documentRows([stuck.id])).toMatchObject({ documents: 0 });
    expect(await storageProblems()).toEqual({ rowsWithoutFile: [], filesWithoutRow: [] });
  });

  it('keeps a document deleted on its own inside a folder that is purged: at the root, restorable, and purged on its own day', async () => {
    // Deleted on their own on the 1st; their folders on the 2nd, and purged by hand on the 3rd.
    const first = await adminAt(new Date('2026-07-01T08:00:00Z'));
    const { categoryId, subcategoryId } = await folders(first, 'circulars');
    const inSubcategory = await uploadDocument(first, 'circulars', {
      category_id: categoryId,
      subcategory_id: subcategoryId,
    });
    const inCategory = await uploadDocument(first, 'circulars', { category_id: categoryId });
    const wentWithFolder = await uploadDocument(first, 'circulars', { category_id: categoryId });
    const restorable = await uploadDocument(first, 'circulars', { category_id: categoryId });
    for (const document of [inSubcategory, inCategory, restorable])
      await expectOk(first({ method: 'DELETE', url: `/api/circulars/${document.id}` }));
    const second = await adminAt(new Date('2026-07-02T08:00:00Z'));
    await expectOk(second({ method: 'DELETE', url: `/api/circulars/categories/${categoryId}` }));
    const third = await adminAt(new Date('2026-07-03T08:00:00Z'));
    await expectOk(third({ method: 'DELETE', url: `/api/trash/category/${categoryId}` }));

    expect(await documentRows([wentWithFolder.id])).toEqual({
      documents: 0,
      versions: 0,
      events: 0,
      acknowledgments: 0,
    });
    for (const key of await fileKeysOf([inSubcategory.id, inCategory.id, restorable.id]))
      expect(storedFile(key)).toBe(true);
    const items = (await trashOf(third, 'circulars')).filter((item) =>
      [inSubcategory.id, inCategory.id, restorable.id].includes(item.id),
    );
    expect(items).toHaveLength(3);
    for (const item of items)
      expect(item).toMatchObject({ kind: 'document', location: null, purges_at: '2026-07-31T08:00:00.000Z' });
    expect(await storageProblems()).toEqual({ rowsWithoutFile: [], filesWithoutRow: [] });

    // Restorable, at the root, its PDFs whole.
    const restored = await third({
      method: 'POST',
      url: '/api/trash/restore',
      payload: { kind: 'document', id: restorable.id },
    });
    expect(restored.json().data.restored).toMatchObject({ kind: 'document', id: restorable.id, documents: 1 });
    expect((await third({ method: 'GET', url: `/api/circulars/${restorable.id}` })).json().data.circular).toMatchObject(
      { category_id: null, subcategory_id: null },
    );
    expect(
      (await third({ method: 'GET', url: `/api/circulars/${restorable.id}/file` })).rawPayload.equals(
        restorable.versions[1]!,
      ),
    ).toBe(true);
    expect(
      (await third({ method: 'GET', url: `/api/circulars/${restorable.id}/versions/1/file` })).rawPayload.equals(
        restorable.versions[0]!,
      ),
    ).toBe(true);

    // The others go when their own 30 days are up, not before.
    clock.set('2026-07-30T08:00:00Z');
    expect(await services.trash.purgeExpired()).toMatchObject({ items: 0 });
    clock.set('2026-07-31T09:00:00Z');
    const keys = await fileKeysOf([inSubcategory.id, inCategory.id]);
    expect(await services.trash.purgeExpired()).toEqual({ items: 2, documents: 2, files: 0, failed: 0 });
    expect(await documentRows([inSubcategory.id, inCategory.id])).toEqual({
      documents: 0,
      versions: 0,
      events: 0,
      acknowledgments: 0,
    });
    for (const key of keys) expect(storedFile(key)).toBe(false);
    expect(await storageProblems()).toEqual({ rowsWithoutFile: [], filesWithoutRow: [] });
  });

  it('removes the files a crash left recorded for removal, and keeps a file some row names again', async () => {
    const put = async (marker: string) => {
      const file = await context.storage.put(Readable.from([pdfBytes(1000, marker)]));
      await context.storage.commit(file.key);
      return file.key;
    };
    // A purge committed its rows and its record of the files, then the process died before removing them.
    const left = [await put('left 1'), await put('left 2')];
    // A file whose removal was recorded, but which a document names (again): never removed.
    const now = await adminAt(new Date('2026-08-01T08:00:00Z'));
    const named = await uploadDocument(now, 'orders', {}, 1);
    const [namedKey] = await fileKeysOf([named.id]);
    await t.database.db.insert(storedFileRemovals).values([...left, namedKey!].map((file_key) => ({ file_key })));
    expect(await storageProblems()).toEqual({ rowsWithoutFile: [], filesWithoutRow: [...left].sort() });

    expect(await services.trash.purgeExpired()).toEqual({ items: 0, documents: 0, files: 2, failed: 0 });
    for (const key of left) expect(storedFile(key)).toBe(false);
    expect(storedFile(namedKey!)).toBe(true);
    expect(
      (await now({ method: 'GET', url: `/api/orders/${named.id}/file` })).rawPayload.equals(named.versions[0]!),
    ).toBe(true);
    expect(await t.database.db.select().from(storedFileRemovals)).toEqual([]);
    expect(await storageProblems()).toEqual({ rowsWithoutFile: [], filesWithoutRow: [] });

    // A record whose file is gone already (removed just before the crash) is settled too.
    await t.database.db.insert(storedFileRemovals).values({ file_key: 'f'.repeat(32) });
    expect(await services.trash.purgeExpired()).toMatchObject({ items: 0, documents: 0 });
    expect(await t.database.db.select().from(storedFileRemovals)).toEqual([]);
  });

  it('works through more expired items than one batch holds', async () => {
    const deletedAt = new Date('2026-09-01T08:00:00Z');
    const rows = Array.from({ length: 205 }, (_, index) => ({
      library: 'orders',
      title: `Expired in bulk ${index}`,
      effective_date: '2026-08-01',
      slug: `expired-in-bulk-${index}`,
      deleted_at: deletedAt,
      deleted_by: admin.id,
    }));
    const inserted = await t.database.db.insert(libraryDocuments).values(rows).returning({ id: libraryDocuments.id });
    clock.set(new Date(deletedAt.getTime() + (TRASH_RETENTION_DAYS_DEFAULT + 1) * DAY_MS));
    expect(await services.trash.purgeExpired()).toEqual({ items: 205, documents: 205, files: 0, failed: 0 });
    expect(await documentRows(inserted.map((row) => row.id))).toMatchObject({ documents: 0 });
  });
});
