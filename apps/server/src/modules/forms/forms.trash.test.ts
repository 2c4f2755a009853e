import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { FORM_FOLDER_PATHS, TRASH_RETENTION_DAYS_DEFAULT, type FormFolderLevel } from '@srpf/shared';
import { createContext, type AppContext } from '../../context.js';
import { auditLog, formFolders, forms, libraryCategories, storedFileRemovals } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { buildServices, type Services } from '../../services.js';
import { createBranch, createFolder, insertForm } from '../../test/form-folder-fixtures.js';
import type { Request } from '../../test/library-fixtures.js';
import { isStored } from '../../test/stored-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let dataDir: string;
let filesRoot: string;
let context: AppContext;
let services: Services;
let asAdmin: Request;
let adminId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-forms-trash-'));
  filesRoot = path.join(dataDir, 'files');
  t = await createTestApp({ dataDir, apiRateLimit: 100_000 });
  // The services as main.ts builds them, on the same database and store: the retention job's handler.
  context = createContext(t.config, t.database, { workJobs: false });
  services = await buildServices(context);
  const admin = await t.buildUser({ role: 'admin', first_name: 'Anita', last_name: 'Deshmukh' });
  adminId = admin.id;
  asAdmin = t.withToken(await t.signIn(admin.email, admin.password));
});
afterEach(() => clock.set(null));
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const deleteFolder = (level: FormFolderLevel, id: number) =>
  asAdmin({ method: 'DELETE', url: `/api/forms/${FORM_FOLDER_PATHS[level]}/${id}` });
/** `library` null: the request names none, as clients before the forms library. */
const restore = (kind: string, id: number, library: string | null = 'forms') =>
  asAdmin({ method: 'POST', url: '/api/trash/restore', payload: { kind, id, ...(library ? { library } : {}) } });
const purge = (kind: string, id: number, library: string | null = 'forms') =>
  asAdmin({ method: 'DELETE', url: `/api/trash/${kind}/${id}${library ? `?library=${library}` : ''}` });

interface Item {
  kind: string;
  id: number;
  title?: string;
  name?: string;
  library: string;
  location: string | null;
  documents: number;
  restorable: boolean;
  folder_present: boolean;
  deleted_by: { id: number; name: string } | null;
  purges_at: string;
  deleted_at: string;
}

async function trash(): Promise<Item[]> {
  const response = await asAdmin({ method: 'GET', url: '/api/trash?library=forms&limit=100' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const itemOf = async (kind: string, id: number) => (await trash()).find((item) => item.kind === kind && item.id === id);

/** A form deleted on its own, as the forms' DELETE leaves it. */
async function trashForm(id: number) {
  await t.database.db
    .update(forms)
    .set({ deleted_at: clock.now(), deleted_by: adminId, trashed_with_folder: false })
    .where(eq(forms.id, id));
}

async function formState(id: number) {
  const [row] = await t.database.db.select().from(forms).where(eq(forms.id, id));
  return (
    row && {
      folder_id: row.folder_id,
      live: row.deleted_at === null,
      with_folder: row.trashed_with_folder,
      folder_purged: row.folder_purged,
    }
  );
}
async function folderLive(id: number) {
  const [row] = await t.database.db
    .select({ deleted_at: formFolders.deleted_at })
    .from(formFolders)
    .where(eq(formFolders.id, id));
  return row === undefined ? 'gone' : row.deleted_at === null;
}

describe('the forms library’s trash', () => {
  it('lists forms and the three folder levels with where they were, who deleted them and what went with them', async () => {
    const { category, subcategory, subSubcategory } = await createBranch(asAdmin);
    const alone = await insertForm(t.database.db, { folderId: subSubcategory.id, title: 'Form on its own' });
    await trashForm(alone.id);
    await insertForm(t.database.db, { folderId: subSubcategory.id });
    await insertForm(t.database.db, { folderId: subcategory.id });
    const deleted = await deleteFolder('sub_subcategory', subSubcategory.id);
    expect(deleted.json().data.forms).toBe(1);

    const formItem = await itemOf('form', alone.id);
    expect(formItem).toMatchObject({
      title: 'Form on its own',
      library: 'forms',
      location: `${category.name} / ${subcategory.name} / ${subSubcategory.name}`,
      documents: 1,
      restorable: true,
      folder_present: false,
      deleted_by: { id: adminId, name: 'Anita Deshmukh' },
    });
    expect(formItem!.name).toBeUndefined();
    expect(new Date(formItem!.purges_at).getTime() - new Date(formItem!.deleted_at).getTime()).toBe(
      TRASH_RETENTION_DAYS_DEFAULT * 86_400_000,
    );
    expect(await itemOf('sub_subcategory', subSubcategory.id)).toMatchObject({
      name: subSubcategory.name,
      location: `${category.name} / ${subcategory.name}`,
      documents: 1,
      restorable: true,
      folder_present: true,
    });

    expect((await deleteFolder('category', category.id)).json().data.forms).toBe(1);
    expect(await itemOf('category', category.id)).toMatchObject({
      name: category.name,
      location: null,
      documents: 1,
      restorable: true,
    });
    // What went with the category is not an item of its own; the sub-subcategory deleted before is, and waits for its category.
    expect(await itemOf('subcategory', subcategory.id)).toBeUndefined();
    expect(await itemOf('sub_subcategory', subSubcategory.id)).toMatchObject({
      restorable: false,
      folder_present: false,
    });
    // The document libraries' trash does not show them.
    const orders = await asAdmin({ method: 'GET', url: '/api/trash?library=orders&limit=100' });
    expect(orders.json().data.some((item: Item) => item.library === 'forms')).toBe(false);
  });

  it('restores a folder with exactly what went with it; one deleted on its own before waits for its parent (409), then comes back with its own forms', async () => {
    const { category, subcategory, subSubcategory } = await createBranch(asAdmin);
    const db = t.database.db;
    const inCategory = await insertForm(db, { folderId: category.id });
    const inSub = await insertForm(db, { folderId: subcategory.id });
    const inDeep = await insertForm(db, { folderId: subSubcategory.id });
    const alone = await insertForm(db, { folderId: subcategory.id });
    await trashForm(alone.id);
    const deepAlone = await createFolder(asAdmin, 'sub_subcategory', { subcategoryId: subcategory.id });
    const inDeepAlone = await insertForm(db, { folderId: deepAlone.id });
    expect((await deleteFolder('sub_subcategory', deepAlone.id)).json().data.forms).toBe(1);
    expect((await deleteFolder('category', category.id)).json().data.forms).toBe(3);
    expect(await itemOf('category', category.id)).toMatchObject({ documents: 3 });

    const early = await restore('sub_subcategory', deepAlone.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({
      code: 'CONFLICT',
      message: `Its category "${category.name}" is in the trash: restore the category first`,
    });

    const restored = await restore('category', category.id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({
      success: true,
      message: 'Category restored',
      data: { restored: { kind: 'category', id: category.id, library: 'forms', documents: 3, moved_to_root: false } },
    });
    for (const id of [category.id, subcategory.id, subSubcategory.id]) expect(await folderLive(id)).toBe(true);
    for (const form of [inCategory, inSub, inDeep])
      expect(await formState(form.id)).toMatchObject({ live: true, with_folder: false });
    // Deleted on their own before: still in the trash, on their own.
    expect(await formState(alone.id)).toMatchObject({ live: false, with_folder: false });
    expect(await itemOf('sub_subcategory', deepAlone.id)).toMatchObject({ restorable: true, documents: 1 });

    const later = await restore('sub_subcategory', deepAlone.id);
    expect(later.json().data.restored).toMatchObject({ documents: 1, moved_to_root: false });
    expect(await formState(inDeepAlone.id)).toMatchObject({ live: true, folder_id: deepAlone.id });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'form_category.restore'), eq(auditLog.entity_id, String(category.id))));
    expect(entry?.details).toMatchObject({ forms: 3, moved_to_root: false });
  });

  it('restores a form into its folder, into the nearest live folder above when its folder is gone, else at the root', async () => {
    const db = t.database.db;
    const { category, subcategory, subSubcategory } = await createBranch(asAdmin);
    const home = await insertForm(db, { folderId: subSubcategory.id });
    const up = await insertForm(db, { folderId: subSubcategory.id });
    const root = await insertForm(db, { folderId: subcategory.id });
    const none = await insertForm(db);
    for (const form of [home, up, root, none]) await trashForm(form.id);

    const back = await restore('form', home.id);
    expect(back.json()).toEqual({
      success: true,
      message: 'Form restored',
      data: { restored: { kind: 'form', id: home.id, library: 'forms', documents: 1, moved_to_root: false } },
    });
    expect(await formState(home.id)).toMatchObject({ live: true, folder_id: subSubcategory.id });

    await deleteFolder('sub_subcategory', subSubcategory.id);
    expect(await itemOf('form', up.id)).toMatchObject({ folder_present: false });
    expect((await restore('form', up.id)).json().data.restored).toMatchObject({ moved_to_root: false });
    expect(await formState(up.id)).toMatchObject({ live: true, folder_id: subcategory.id });

    await deleteFolder('category', category.id);
    const moved = await restore('form', root.id);
    expect(moved.json()).toMatchObject({
      message: 'Form restored to the library’s main list, as its folder is gone',
      data: { restored: { moved_to_root: true } },
    });
    expect(await formState(root.id)).toMatchObject({ live: true, folder_id: null });

    expect(await itemOf('form', none.id)).toMatchObject({ location: null, folder_present: true });
    expect((await restore('form', none.id)).json().data.restored).toMatchObject({ moved_to_root: false });
  });

  it.each(['category', 'subcategory', 'sub_subcategory'] as const)(
    'takes a %s with its forms to the trash, brings it back, and purges it',
    async (level) => {
      const db = t.database.db;
      const branch = await createBranch(asAdmin);
      const folder = {
        category: branch.category,
        subcategory: branch.subcategory,
        sub_subcategory: branch.subSubcategory,
      }[level];
      const form = await insertForm(db, { folderId: branch.subSubcategory.id, storage: context.storage });
      expect((await deleteFolder(level, folder.id)).json().data.forms).toBe(1);
      expect(await itemOf(level, folder.id)).toMatchObject({ name: folder.name, documents: 1, restorable: true });
      expect((await restore(level, folder.id)).json().data.restored).toMatchObject({
        kind: level,
        documents: 1,
        moved_to_root: false,
      });
      expect(await folderLive(branch.subSubcategory.id)).toBe(true);
      expect(await formState(form.id)).toMatchObject({ live: true, folder_id: branch.subSubcategory.id });

      await deleteFolder(level, folder.id);
      expect((await purge(level, folder.id)).json().message).toBe(
        `${{ category: 'Category', subcategory: 'Subcategory', sub_subcategory: 'Sub-subcategory' }[level]} deleted permanently`,
      );
      expect(await folderLive(folder.id)).toBe('gone');
      expect(await formState(form.id)).toBeUndefined();
      expect(isStored(filesRoot, form.fileKey)).toBe(false);
      expect(await itemOf(level, folder.id)).toBeUndefined();
    },
  );

  it('refuses to restore a folder whose slug a live sibling took meanwhile (409), and leaves it in the trash', async () => {
    const category = await createFolder(asAdmin, 'category', { name: 'Slug clash' });
    expect((await deleteFolder('category', category.id)).statusCode).toBe(200);
    const successor = await createFolder(asAdmin, 'category', { name: 'Slug clash' });
    const refused = await restore('category', category.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'ALREADY_EXISTS', field: 'slug' });
    expect(await folderLive(category.id)).toBe(false);
    await asAdmin({ method: 'PUT', url: `/api/forms/categories/${successor.id}`, payload: { slug: 'slug-clash-2' } });
    expect((await restore('category', category.id)).statusCode).toBe(200);
  });

  it('purges a form: its row and its file are gone, in the transaction that records the file’s removal', async () => {
    const form = await insertForm(t.database.db, { storage: context.storage });
    expect(isStored(filesRoot, form.fileKey)).toBe(true);
    await trashForm(form.id);
    const response = await purge('form', form.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Form deleted permanently' });
    expect(await formState(form.id)).toBeUndefined();
    expect(isStored(filesRoot, form.fileKey)).toBe(false);
    expect(await t.database.db.$count(storedFileRemovals, eq(storedFileRemovals.file_key, form.fileKey))).toBe(0);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'form.purge'), eq(auditLog.entity_id, String(form.id))));
    expect(entry?.details).toMatchObject({ forms: 1, files: 1, by: 'person' });
  });

  it('purges a folder with its subfolders and what went with it; forms deleted on their own before stay in the trash at the root, a live one stays live', async () => {
    const db = t.database.db;
    const { category, subcategory, subSubcategory } = await createBranch(asAdmin);
    const went = [
      await insertForm(db, { folderId: category.id, storage: context.storage }),
      await insertForm(db, { folderId: subSubcategory.id, storage: context.storage }),
    ];
    const alone = await insertForm(db, { folderId: subcategory.id, storage: context.storage });
    await trashForm(alone.id);
    const deepAlone = await createFolder(asAdmin, 'sub_subcategory', { subcategoryId: subcategory.id });
    const withDeepAlone = await insertForm(db, { folderId: deepAlone.id, storage: context.storage });
    await deleteFolder('sub_subcategory', deepAlone.id);
    await deleteFolder('category', category.id);
    // A form that slipped into the folder after its delete (a racing request).
    const straggler = await insertForm(db, { folderId: subcategory.id, storage: context.storage });

    expect(await itemOf('category', category.id)).toMatchObject({ documents: 2 });
    const response = await purge('category', category.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Category deleted permanently');
    for (const id of [category.id, subcategory.id, subSubcategory.id, deepAlone.id])
      expect(await folderLive(id)).toBe('gone');
    for (const form of went) {
      expect(await formState(form.id)).toBeUndefined();
      expect(isStored(filesRoot, form.fileKey)).toBe(false);
    }
    // Its own items: at the root, in the trash, files kept, and told so when restored.
    for (const form of [alone, withDeepAlone]) {
      expect(await formState(form.id)).toMatchObject({
        live: false,
        folder_id: null,
        with_folder: false,
        folder_purged: true,
      });
      expect(isStored(filesRoot, form.fileKey)).toBe(true);
      expect(await itemOf('form', form.id)).toMatchObject({ location: null, folder_present: false });
    }
    expect(await formState(straggler.id)).toMatchObject({ live: true, folder_id: null });
    expect(isStored(filesRoot, straggler.fileKey)).toBe(true);
    expect((await restore('form', alone.id)).json().data.restored).toMatchObject({ moved_to_root: true });
  });

  it('purges a subcategory on its own with its sub-subcategories and forms, and leaves its category', async () => {
    const db = t.database.db;
    const { category, subcategory, subSubcategory } = await createBranch(asAdmin);
    const went = await insertForm(db, { folderId: subSubcategory.id });
    const stays = await insertForm(db, { folderId: category.id });
    expect((await deleteFolder('subcategory', subcategory.id)).json().data.forms).toBe(1);
    expect((await purge('subcategory', subcategory.id)).statusCode).toBe(200);
    expect(await folderLive(subSubcategory.id)).toBe('gone');
    expect(await formState(went.id)).toBeUndefined();
    expect(await folderLive(category.id)).toBe(true);
    expect(await formState(stays.id)).toMatchObject({ live: true, folder_id: category.id });
  });

  it('routes by library: the forms library’s categories need library=forms; without it the document libraries are meant', async () => {
    const formsCategory = await createFolder(asAdmin, 'category');
    await deleteFolder('category', formsCategory.id);
    // An id of the document libraries' categories that is not in their trash: 404 there, whatever the forms library holds.
    expect((await restore('category', formsCategory.id, null)).statusCode).toBe(404);
    expect((await purge('category', formsCategory.id, null)).statusCode).toBe(404);
    expect((await restore('category', formsCategory.id, 'orders')).statusCode).toBe(404);
    // A library keeping no such kind: 404.
    expect((await restore('form', 1, 'circulars')).statusCode).toBe(404);

    // A documents category with the same id as a form folder in the trash: each library's own.
    const [documentsCategory] = await t.database.db
      .insert(libraryCategories)
      .values({
        library: 'orders',
        name: 'Orders folder',
        slug: 'orders-folder',
        icon: '📄',
        color: '#3B82F6',
        deleted_at: new Date(),
        deleted_by: adminId,
      })
      .returning({ id: libraryCategories.id });
    expect((await restore('category', documentsCategory!.id, null)).json().data.restored).toMatchObject({
      library: 'orders',
    });
    expect((await restore('category', formsCategory.id)).json().data.restored).toMatchObject({ library: 'forms' });
    // The forms-only kinds need no library.
    const form = await insertForm(t.database.db);
    await trashForm(form.id);
    expect((await restore('form', form.id, null)).json().data.restored).toMatchObject({
      kind: 'form',
      library: 'forms',
    });

    const bad = await asAdmin({ method: 'DELETE', url: `/api/trash/form/${form.id}?library=payslips` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('library');
    expect(
      (
        await asAdmin({
          method: 'POST',
          url: '/api/trash/restore',
          payload: { kind: 'form', id: form.id, library: 'payslips' },
        })
      ).json().error.field,
    ).toBe('library');
  });

  it('answers 404 for what is not in the trash: live, gone with its folder, or of another level', async () => {
    const { category, subcategory, subSubcategory } = await createBranch(asAdmin);
    const live = await insertForm(t.database.db, { folderId: subSubcategory.id });
    const cases: [string, number][] = [
      ['form', live.id],
      ['category', category.id],
      ['form', 999_999],
    ];
    for (const [kind, id] of cases) {
      expect((await restore(kind, id)).statusCode, `${kind} ${id}`).toBe(404);
      expect((await purge(kind, id)).statusCode, `${kind} ${id}`).toBe(404);
    }
    await deleteFolder('category', category.id);
    for (const [kind, id] of [
      ['subcategory', subcategory.id],
      ['form', live.id],
      ['sub_subcategory', category.id],
      ['subcategory', category.id],
    ] as const) {
      const response = await restore(kind, id);
      expect(response.statusCode, `${kind} ${id}`).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        error: { code: 'NOT_FOUND', message: 'Not in the trash', reason: 'trash.not_in_trash', params: {} },
      });
    }
    expect(await folderLive(category.id)).toBe(false);
  });

  it('is purged by the retention job once its days are over, with what went with it', async () => {
    const db = t.database.db;
    const { category, subSubcategory } = await createBranch(asAdmin);
    const went = await insertForm(db, { folderId: subSubcategory.id, storage: context.storage });
    const old = await insertForm(db, { storage: context.storage });
    const recent = await insertForm(db, { storage: context.storage });
    await deleteFolder('category', category.id);
    await trashForm(old.id);
    await trashForm(recent.id);
    const longAgo = new Date(Date.now() - (TRASH_RETENTION_DAYS_DEFAULT + 1) * 86_400_000);
    await db.update(formFolders).set({ deleted_at: longAgo }).where(eq(formFolders.id, category.id));
    await db
      .update(forms)
      .set({ deleted_at: longAgo })
      .where(inArray(forms.id, [old.id]));

    const outcome = await services.trash.purgeExpired();
    expect(outcome.failed).toBe(0);
    expect(await folderLive(category.id)).toBe('gone');
    for (const form of [went, old]) {
      expect(await formState(form.id)).toBeUndefined();
      expect(isStored(filesRoot, form.fileKey)).toBe(false);
    }
    expect(await formState(recent.id)).toMatchObject({ live: false });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'form_category.purge'), eq(auditLog.entity_id, String(category.id))));
    expect(entry?.details).toMatchObject({ forms: 1, by: 'retention' });
  });
});
