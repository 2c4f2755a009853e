import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARIES, LIBRARY_RECORD_KEYS, TRASH_RETENTION_DAYS_DEFAULT, type Library } from '@srpf/shared';
import {
  auditLog,
  libraryAcknowledgments,
  libraryCategories,
  libraryDocuments,
  librarySubcategories,
  storedFileRemovals,
} from '../../db/schema/index.js';
import { waitFor } from '../../lib/jobs/test-support.js';
import { pdfBytes, updateWithFile, upload, type Request } from '../../test/library-fixtures.js';
import * as storeCheck from '../../test/stored-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let dataDir: string;
/** The storage folder of this app (DATA_DIR/files). */
let filesRoot: string;
let asAdmin: Request;
let adminId: number;
let asViewer: Request;
/** A viewer an administrator granted manage_categories (a records clerk): organises the folders. */
let asKeeper: Request;
/** A viewer granted both manage_categories and delete_documents. */
let asKeeperWhoDeletes: Request;
let noToken: Request;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-trash-test-'));
  filesRoot = path.join(dataDir, 'files');
  // Several hundred requests from one address: more than the default API_RATE_LIMIT allows a minute.
  t = await createTestApp({ dataDir, apiRateLimit: 100_000 });
  const admin = await t.buildUser({ role: 'admin', first_name: 'Anita', last_name: 'Deshmukh' });
  adminId = admin.id;
  asAdmin = t.withToken(await t.signIn(admin.email, admin.password));
  asViewer = await t.as('viewer');
  asKeeper = (await t.asUser({ role: 'viewer', granted_permissions: ['manage_categories'] })).request;
  asKeeperWhoDeletes = (
    await t.asUser({ role: 'viewer', granted_permissions: ['manage_categories', 'delete_documents'] })
  ).request;
  noToken = (options) => t.app.inject(options);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Helpers

interface Uploaded {
  id: number;
  /** The PDFs uploaded, version 1 first; the last is the current one. */
  versions: Buffer[];
}

let sequence = 0;

/** A document uploaded through the API with a PDF, and with `versions - 1` more PDFs after it. */
async function uploadDocument(
  library: Library,
  title: string,
  place: { category_id?: number; subcategory_id?: number } = {},
  versions = 1,
): Promise<Uploaded> {
  sequence += 1;
  const contents = Array.from({ length: versions }, (_, index) =>
    pdfBytes(2000 + sequence * 10 + index, `${title} v${index + 1}`),
  );
  const fields: Record<string, string> = { title, effective_date: '2026-11-21' };
  if (place.category_id !== undefined) fields.category_id = String(place.category_id);
  if (place.subcategory_id !== undefined) fields.subcategory_id = String(place.subcategory_id);
  const created = await upload(asAdmin, library, fields, { content: contents[0]! });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data[LIBRARY_RECORD_KEYS[library]].id as number;
  for (const content of contents.slice(1)) {
    const updated = await updateWithFile(asAdmin, library, id, {}, { content });
    expect(updated.statusCode, updated.body).toBe(200);
  }
  return { id, versions: contents };
}

/** A category and a subcategory in it, through the API. */
async function folders(library: Library, name: string) {
  const category = await asAdmin({ method: 'POST', url: `/api/${library}/categories`, payload: { name } });
  expect(category.statusCode, category.body).toBe(201);
  const categoryId = category.json().data.category.id as number;
  const subcategory = await asAdmin({
    method: 'POST',
    url: `/api/${library}/subcategories`,
    payload: { category_id: categoryId, name: `${name} sub` },
  });
  expect(subcategory.statusCode, subcategory.body).toBe(201);
  return { categoryId, subcategoryId: subcategory.json().data.subcategory.id as number };
}

async function trashOf(library: string, request: Request = asAdmin) {
  const response = await request({ method: 'GET', url: `/api/trash?library=${library}&limit=100` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    kind: string;
    id: number;
    title?: string;
    name?: string;
    library: string;
    location: string | null;
    documents: number;
    deleted_at: string;
    purges_at: string;
  }[];
}

const restore = (kind: string, id: number | string, request: Request = asAdmin) =>
  request({ method: 'POST', url: '/api/trash/restore', payload: { kind, id } });
const purge = (kind: string, id: number | string, request: Request = asAdmin) =>
  request({ method: 'DELETE', url: `/api/trash/${kind}/${id}` });

async function listedIds(library: Library, query = ''): Promise<number[]> {
  const response = await asViewer({ method: 'GET', url: `/api/${library}?limit=100${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((document: { id: number }) => document.id);
}

async function download(library: Library, id: number, version?: number) {
  return asViewer({
    method: 'GET',
    url: version === undefined ? `/api/${library}/${id}/file` : `/api/${library}/${id}/versions/${version}/file`,
  });
}

/** The dashboard's card of this library, where it has one (government decisions have none). */
async function dashboardCount(library: Library): Promise<number | null> {
  if (library === 'government-decisions') return null;
  const response = await asAdmin({ method: 'GET', url: '/api/kpis/daily?days=1' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.summary[library] as number;
}

const fileKeysOf = (ids: number[]) => storeCheck.fileKeysOf(t.database.db, ids);
const storedFile = (key: string) => storeCheck.isStored(filesRoot, key);
/** Final files in storage (tmp/ holds uploads under way, none once a request has answered). */
const countFiles = () => storeCheck.finalFiles(filesRoot).size;
const rowsOf = (ids: number[]) => storeCheck.documentRows(t.database.db, ids);

async function auditRows(action: string, entityId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity_id, String(entityId))));
}

// ---------------------------------------------------------------------------------------------

describe.each(LIBRARIES)('the trash of %s', (library: Library) => {
  const key = LIBRARY_RECORD_KEYS[library];
  const word = `quokka${key}`;

  it('refuses a records clerk (manage_categories alone) a folder that holds documents, and changes nothing', async () => {
    const { categoryId, subcategoryId } = await folders(library, `Guarded ${library}`);
    const document = await uploadDocument(library, `Guarded letter ${library}`, {
      category_id: categoryId,
      subcategory_id: subcategoryId,
    });
    const [fileKey] = await fileKeysOf([document.id]);
    const files = countFiles();

    for (const url of [`/api/${library}/categories/${categoryId}`, `/api/${library}/subcategories/${subcategoryId}`]) {
      const refused = await asKeeper({ method: 'DELETE', url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({
        success: false,
        error: {
          code: 'FORBIDDEN',
          message: 'This folder holds 1 document: deleting it needs the delete_documents permission',
          reason: 'libraries.folder_delete_needs_permission',
          params: { count: 1 },
        },
      });
    }

    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/categories/${categoryId}` })).json().data.category,
    ).toMatchObject({ subcategory_count: 1, document_count: 1 });
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/subcategories/${subcategoryId}` })).json().data
        .subcategory,
    ).toMatchObject({ document_count: 1 });
    expect((await asViewer({ method: 'GET', url: `/api/${library}/${document.id}` })).statusCode).toBe(200);
    expect(await listedIds(library, `&category_id=${categoryId}`)).toEqual([document.id]);
    expect((await download(library, document.id)).rawPayload.equals(document.versions[0]!)).toBe(true);
    const [row] = await t.database.db.select().from(libraryDocuments).where(eq(libraryDocuments.id, document.id));
    expect(row).toMatchObject({ deleted_at: null, deleted_by: null, trashed_with_folder: false });
    expect(storedFile(fileKey!)).toBe(true);
    expect(countFiles()).toBe(files);
    expect(
      (await trashOf(library)).filter((item) => [categoryId, subcategoryId, document.id].includes(item.id)),
    ).toEqual([]);

    // An empty folder is theirs to delete; a folder with documents once they may delete documents too.
    const empty = await folders(library, `Empty ${library}`);
    expect(
      (await asKeeper({ method: 'DELETE', url: `/api/${library}/subcategories/${empty.subcategoryId}` })).statusCode,
    ).toBe(200);
    expect(
      (await asKeeper({ method: 'DELETE', url: `/api/${library}/categories/${empty.categoryId}` })).statusCode,
    ).toBe(200);
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({ kind: 'category', id: empty.categoryId, documents: 0 }),
    );
    expect(
      (await asKeeperWhoDeletes({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` })).statusCode,
    ).toBe(200);
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({ kind: 'category', id: categoryId, documents: 1 }),
    );
  });

  it('moves a folder and its documents to the trash: gone from lists, search, counts and reads, listed once in the trash', async () => {
    const name = `Transfers ${library}`;
    const { categoryId, subcategoryId } = await folders(library, name);
    const countBefore = await dashboardCount(library);
    const inCategory = await uploadDocument(library, `${word} posting order`, { category_id: categoryId });
    const inSubcategory = await uploadDocument(
      library,
      `${word} movement order`,
      { category_id: categoryId, subcategory_id: subcategoryId },
      2,
    );
    const alone = await uploadDocument(library, `${word} leave order`, {
      category_id: categoryId,
      subcategory_id: subcategoryId,
    });
    const elsewhere = await uploadDocument(library, `${word} kept order`);
    const files = countFiles();
    expect((await listedIds(library, `&search=${word}`)).sort()).toEqual(
      [inCategory.id, inSubcategory.id, alone.id, elsewhere.id].sort(),
    );
    if (countBefore !== null) expect(await dashboardCount(library)).toBe(countBefore + 4);

    // One document on its own first, then its folder.
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/${alone.id}` })).statusCode).toBe(200);
    const deleted = await asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` });
    expect(deleted.json()).toEqual({ success: true, message: 'Category deleted successfully with 2 documents' });

    const gone = [inCategory.id, inSubcategory.id, alone.id];
    const listed = await listedIds(library);
    for (const id of gone) expect(listed).not.toContain(id);
    expect(await listedIds(library, `&search=${word}`)).toEqual([elsewhere.id]);
    expect(await listedIds(library, `&category_id=${categoryId}`)).toEqual([]);
    expect(await listedIds(library, `&subcategory_id=${subcategoryId}`)).toEqual([]);
    if (countBefore !== null) expect(await dashboardCount(library)).toBe(countBefore + 1);
    const categories = (await asViewer({ method: 'GET', url: `/api/${library}/categories` })).json().data.categories;
    expect(categories.map((category: { id: number }) => category.id)).not.toContain(categoryId);
    for (const url of [
      `/api/${library}/categories/${categoryId}`,
      `/api/${library}/categories/${categoryId}/subcategories`,
      `/api/${library}/subcategories/${subcategoryId}`,
    ]) {
      expect((await asViewer({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    for (const id of gone) {
      const read = await asViewer({ method: 'GET', url: `/api/${library}/${id}` });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      expect((await download(library, id)).statusCode).toBe(404);
      expect((await download(library, id, 1)).statusCode).toBe(404);
      // Nor can it be changed, deleted again or reviewed while in the trash.
      expect(
        (await asAdmin({ method: 'PUT', url: `/api/${library}/${id}`, payload: { title: 'Changed in the trash' } }))
          .statusCode,
      ).toBe(404);
      expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/${id}` })).statusCode).toBe(404);
      const review = library === 'orders' ? `/api/${library}/${id}/approve` : `/api/${library}/${id}/acknowledge`;
      expect((await asAdmin({ method: 'POST', url: review })).statusCode, review).toBe(404);
    }
    // Nothing is lost: every file is still stored.
    expect(countFiles()).toBe(files);
    for (const fileKey of await fileKeysOf(gone)) expect(storedFile(fileKey)).toBe(true);

    const items = await trashOf(library);
    expect(items.every((item) => item.library === library)).toBe(true);
    const folderItem = items.find((item) => item.kind === 'category' && item.id === categoryId)!;
    expect(folderItem).toEqual({
      kind: 'category',
      id: categoryId,
      name,
      library,
      location: null,
      deleted_at: expect.any(String),
      deleted_by: { id: adminId, name: 'Anita Deshmukh' },
      purges_at: new Date(
        new Date(folderItem.deleted_at).getTime() + TRASH_RETENTION_DAYS_DEFAULT * DAY_MS,
      ).toISOString(),
      documents: 2,
      restorable: true,
      folder_present: true,
    });
    expect(items.find((item) => item.kind === 'document' && item.id === alone.id)).toEqual({
      kind: 'document',
      id: alone.id,
      title: `${word} leave order`,
      library,
      location: `${name} / ${name} sub`,
      deleted_at: expect.any(String),
      deleted_by: { id: adminId, name: 'Anita Deshmukh' },
      purges_at: expect.any(String),
      documents: 1,
      restorable: true,
      // Its folder is in the trash too: restored now, it would go to the library's root.
      folder_present: false,
    });
    // What went with the folder is not listed on its own.
    expect(items.filter((item) => item.id === subcategoryId && item.kind === 'subcategory')).toEqual([]);
    expect(
      items.filter((item) => item.kind === 'document' && [inCategory.id, inSubcategory.id].includes(item.id)),
    ).toEqual([]);
    const times = items.map((item) => new Date(item.deleted_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('moves a subcategory on its own: its category counts less, and the trash names where it was', async () => {
    const name = `Returns ${library}`;
    const { categoryId, subcategoryId } = await folders(library, name);
    await uploadDocument(library, `Return one ${library}`, { category_id: categoryId, subcategory_id: subcategoryId });
    await uploadDocument(library, `Return two ${library}`, { category_id: categoryId });
    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/${library}/subcategories/${subcategoryId}` })).json().message,
    ).toBe('Subcategory deleted successfully with 1 document');
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/categories/${categoryId}` })).json().data.category,
    ).toMatchObject({ subcategory_count: 0, document_count: 1 });
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/categories/${categoryId}/subcategories` })).json().data
        .subcategories,
    ).toEqual([]);
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({
        kind: 'subcategory',
        id: subcategoryId,
        name: `${name} sub`,
        location: name,
        documents: 1,
      }),
    );
  });

  it('restores a folder with exactly what went with it, and its PDFs come back byte for byte', async () => {
    const name = `Circular file ${library}`;
    const { categoryId, subcategoryId } = await folders(library, name);
    const countBefore = await dashboardCount(library);
    const inCategory = await uploadDocument(library, `Restored one ${library}`, { category_id: categoryId });
    const inSubcategory = await uploadDocument(
      library,
      `Restored two ${library}`,
      { category_id: categoryId, subcategory_id: subcategoryId },
      2,
    );
    const alone = await uploadDocument(library, `Left alone ${library}`, {
      category_id: categoryId,
      subcategory_id: subcategoryId,
    });
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/${alone.id}` })).statusCode).toBe(200);
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` })).statusCode).toBe(200);

    const restored = await restore('category', categoryId);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({
      success: true,
      message: 'Category restored',
      data: { restored: { kind: 'category', id: categoryId, library, documents: 2, moved_to_root: false } },
    });

    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/categories/${categoryId}` })).json().data.category,
    ).toMatchObject({ name, subcategory_count: 1, document_count: 2 });
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/subcategories/${subcategoryId}` })).json().data
        .subcategory,
    ).toMatchObject({ document_count: 1 });
    expect((await listedIds(library, `&category_id=${categoryId}`)).sort()).toEqual(
      [inCategory.id, inSubcategory.id].sort(),
    );
    expect(await listedIds(library, `&search=${encodeURIComponent(`Restored two ${library}`)}`)).toEqual([
      inSubcategory.id,
    ]);
    if (countBefore !== null) expect(await dashboardCount(library)).toBe(countBefore + 2);
    const read = await asViewer({ method: 'GET', url: `/api/${library}/${inSubcategory.id}` });
    expect(read.json().data[key]).toMatchObject({
      category_id: categoryId,
      subcategory_id: subcategoryId,
      file_size: inSubcategory.versions[1]!.length,
    });
    for (const document of [inCategory, inSubcategory]) {
      const current = await download(library, document.id);
      expect(current.statusCode).toBe(200);
      expect(current.rawPayload.equals(document.versions.at(-1)!)).toBe(true);
      for (const [index, content] of document.versions.entries())
        expect((await download(library, document.id, index + 1)).rawPayload.equals(content)).toBe(true);
    }
    // The document deleted on its own before stays in the trash, until it is restored on its own.
    expect((await asViewer({ method: 'GET', url: `/api/${library}/${alone.id}` })).statusCode).toBe(404);
    const items = await trashOf(library);
    expect(items.some((item) => item.kind === 'category' && item.id === categoryId)).toBe(false);
    expect(items).toContainEqual(expect.objectContaining({ kind: 'document', id: alone.id }));
    expect((await restore('document', alone.id)).json()).toEqual({
      success: true,
      message: 'Document restored',
      data: { restored: { kind: 'document', id: alone.id, library, documents: 1, moved_to_root: false } },
    });
    expect((await asViewer({ method: 'GET', url: `/api/${library}/${alone.id}` })).json().data[key]).toMatchObject({
      category_id: categoryId,
      subcategory_id: subcategoryId,
    });
    expect((await download(library, alone.id)).rawPayload.equals(alone.versions[0]!)).toBe(true);

    // Restored once: not in the trash any more.
    const again = await restore('category', categoryId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Not in the trash', reason: 'trash.not_in_trash', params: {} },
    });

    const [entry] = await auditRows(`${key}_category.restore`, categoryId);
    expect(entry).toMatchObject({
      actor_id: adminId,
      entity_type: `${key}_category`,
      outcome: 'success',
      details: { name, documents: 2, moved_to_root: false },
    });
    const [documentEntry] = await auditRows(`${key}.restore`, alone.id);
    expect(documentEntry).toMatchObject({
      actor_id: adminId,
      entity_type: key,
      outcome: 'success',
      details: { documents: 1, moved_to_root: false },
    });
  });

  it('restores a document whose folder is gone at the library’s root, and into its category when only its subcategory is gone', async () => {
    // Its category (and subcategory) in the trash.
    const first = await folders(library, `Gone first ${library}`);
    const inTrashedFolder = await uploadDocument(library, `Rootward one ${library}`, {
      category_id: first.categoryId,
      subcategory_id: first.subcategoryId,
    });
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/${inTrashedFolder.id}` })).statusCode).toBe(200);
    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${first.categoryId}` })).statusCode,
    ).toBe(200);
    // Only its subcategory gone.
    const third = await folders(library, `Half gone ${library}`);
    const inTrashedSubcategory = await uploadDocument(library, `Categoryward ${library}`, {
      category_id: third.categoryId,
      subcategory_id: third.subcategoryId,
    });
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/${inTrashedSubcategory.id}` })).statusCode).toBe(
      200,
    );
    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/${library}/subcategories/${third.subcategoryId}` })).statusCode,
    ).toBe(200);

    const restored = await restore('document', inTrashedFolder.id);
    expect(restored.json()).toEqual({
      success: true,
      message: 'Document restored to the library’s main list, as its folder is gone',
      data: { restored: { kind: 'document', id: inTrashedFolder.id, library, documents: 1, moved_to_root: true } },
    });
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/${inTrashedFolder.id}` })).json().data[key],
    ).toMatchObject({ category_id: null, subcategory_id: null });
    expect(await listedIds(library)).toContain(inTrashedFolder.id);
    expect((await download(library, inTrashedFolder.id)).rawPayload.equals(inTrashedFolder.versions[0]!)).toBe(true);
    // The folder in the trash did not come back with it, and still holds none of it.
    expect((await asViewer({ method: 'GET', url: `/api/${library}/categories/${first.categoryId}` })).statusCode).toBe(
      404,
    );
    expect((await restore('category', first.categoryId)).json().data.restored).toMatchObject({ documents: 0 });
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/${inTrashedFolder.id}` })).json().data[key],
    ).toMatchObject({ category_id: null });

    const intoCategory = await restore('document', inTrashedSubcategory.id);
    expect(intoCategory.json().data.restored).toEqual({
      kind: 'document',
      id: inTrashedSubcategory.id,
      library,
      documents: 1,
      moved_to_root: false,
    });
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/${inTrashedSubcategory.id}` })).json().data[key],
    ).toMatchObject({ category_id: third.categoryId, subcategory_id: null });
  });

  it('refuses to restore a subcategory while its category is in the trash (409), and restores it after the category', async () => {
    const name = `Parent ${library}`;
    const { categoryId, subcategoryId } = await folders(library, name);
    const document = await uploadDocument(library, `Inside ${library}`, {
      category_id: categoryId,
      subcategory_id: subcategoryId,
    });
    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/${library}/subcategories/${subcategoryId}` })).statusCode,
    ).toBe(200);
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` })).statusCode).toBe(200);

    const refused = await restore('subcategory', subcategoryId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: {
        code: 'CONFLICT',
        message: `Its category "${name}" is in the trash: restore the category first`,
        reason: 'libraries.category_in_trash',
        params: { name },
      },
    });
    // The trash says so before anyone tries.
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({ kind: 'subcategory', id: subcategoryId, documents: 1, restorable: false }),
    );

    // The category comes back without the subcategory deleted before it.
    expect((await restore('category', categoryId)).json().data.restored).toMatchObject({ documents: 0 });
    expect((await asViewer({ method: 'GET', url: `/api/${library}/subcategories/${subcategoryId}` })).statusCode).toBe(
      404,
    );
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({ kind: 'subcategory', id: subcategoryId, restorable: true, folder_present: true }),
    );
    expect((await restore('subcategory', subcategoryId)).json().data.restored).toEqual({
      kind: 'subcategory',
      id: subcategoryId,
      library,
      documents: 1,
      moved_to_root: false,
    });
    expect((await asViewer({ method: 'GET', url: `/api/${library}/${document.id}` })).json().data[key]).toMatchObject({
      category_id: categoryId,
      subcategory_id: subcategoryId,
    });
  });

  it('refuses a restore when a live item now holds the same slug (409), and leaves it in the trash', async () => {
    const name = `Clash ${library}`;
    const { categoryId } = await folders(library, name);
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` })).statusCode).toBe(200);
    expect((await asAdmin({ method: 'POST', url: `/api/${library}/categories`, payload: { name } })).statusCode).toBe(
      201,
    );
    const refused = await restore('category', categoryId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'ALREADY_EXISTS', field: 'slug' } });
    expect(await trashOf(library)).toContainEqual(expect.objectContaining({ kind: 'category', id: categoryId }));

    const title = `Same title ${library}`;
    const document = await uploadDocument(library, title);
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/${document.id}` })).statusCode).toBe(200);
    await uploadDocument(library, title);
    const clash = await restore('document', document.id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({ code: 'ALREADY_EXISTS', field: 'slug' });
    expect((await asViewer({ method: 'GET', url: `/api/${library}/${document.id}` })).statusCode).toBe(404);
  });

  it('purges a folder now: its rows and every file of every version are gone, and nothing else', async () => {
    const name = `Purged ${library}`;
    const { categoryId, subcategoryId } = await folders(library, name);
    const inCategory = await uploadDocument(library, `Purged one ${library}`, { category_id: categoryId }, 2);
    const inSubcategory = await uploadDocument(
      library,
      `Purged two ${library}`,
      { category_id: categoryId, subcategory_id: subcategoryId },
      3,
    );
    const alone = await uploadDocument(library, `Survivor ${library}`, {
      category_id: categoryId,
      subcategory_id: subcategoryId,
    });
    const kept = await uploadDocument(library, `Bystander ${library}`, {}, 2);
    const reader = await t.buildUser();
    await t.database.db.insert(libraryAcknowledgments).values({ document_id: inCategory.id, user_id: reader.id });
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/${alone.id}` })).statusCode).toBe(200);
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` })).statusCode).toBe(200);
    const doomed = [inCategory.id, inSubcategory.id];
    const doomedKeys = await fileKeysOf(doomed);
    expect(doomedKeys).toHaveLength(5);
    const survivingKeys = await fileKeysOf([alone.id, kept.id]);
    const files = countFiles();

    // A document that went with the folder is not purged on its own.
    expect((await purge('document', inCategory.id)).statusCode).toBe(404);
    const purged = await purge('category', categoryId);
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json()).toEqual({ success: true, message: 'Category deleted permanently' });

    expect(await rowsOf(doomed)).toEqual({ documents: 0, versions: 0, events: 0, acknowledgments: 0 });
    const db = t.database.db;
    expect(await db.select().from(libraryCategories).where(eq(libraryCategories.id, categoryId))).toEqual([]);
    expect(await db.select().from(librarySubcategories).where(eq(librarySubcategories.id, subcategoryId))).toEqual([]);
    expect(await db.select().from(storedFileRemovals).where(inArray(storedFileRemovals.file_key, doomedKeys))).toEqual(
      [],
    );
    for (const fileKey of doomedKeys) expect(storedFile(fileKey), fileKey).toBe(false);
    for (const fileKey of survivingKeys) expect(storedFile(fileKey), fileKey).toBe(true);
    expect(countFiles()).toBe(files - doomedKeys.length);
    expect((await download(library, kept.id, 1)).rawPayload.equals(kept.versions[0]!)).toBe(true);

    // The document deleted on its own outlives its folder, still restorable.
    const items = await trashOf(library);
    expect(items.some((item) => item.kind === 'category' && item.id === categoryId)).toBe(false);
    expect(items).toContainEqual(expect.objectContaining({ kind: 'document', id: alone.id, location: null }));
    expect((await purge('category', categoryId)).statusCode).toBe(404);
    expect((await restore('category', categoryId)).statusCode).toBe(404);

    const [entry] = await auditRows(`${key}_category.purge`, categoryId);
    expect(entry).toMatchObject({
      actor_id: adminId,
      entity_type: `${key}_category`,
      outcome: 'success',
      details: { name, documents: 2, files: 5, by: 'person' },
    });

    // The document deleted on its own, purged now with its file.
    const aloneKeys = await fileKeysOf([alone.id]);
    const purgedAlone = await purge('document', alone.id);
    expect(purgedAlone.json()).toEqual({ success: true, message: 'Document deleted permanently' });
    expect(await rowsOf([alone.id])).toEqual({ documents: 0, versions: 0, events: 0, acknowledgments: 0 });
    for (const fileKey of aloneKeys) expect(storedFile(fileKey)).toBe(false);
    const [documentEntry] = await auditRows(`${key}.purge`, alone.id);
    expect(documentEntry).toMatchObject({
      actor_id: adminId,
      entity_type: key,
      details: { documents: 1, files: 1, by: 'person' },
    });
  });

  it('purges a subcategory on its own with its documents, and leaves its category', async () => {
    const { categoryId, subcategoryId } = await folders(library, `Half purged ${library}`);
    const inside = await uploadDocument(
      library,
      `Inside purged ${library}`,
      { category_id: categoryId, subcategory_id: subcategoryId },
      2,
    );
    const beside = await uploadDocument(library, `Beside purged ${library}`, { category_id: categoryId });
    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/${library}/subcategories/${subcategoryId}` })).statusCode,
    ).toBe(200);
    const keys = await fileKeysOf([inside.id]);
    expect((await purge('subcategory', subcategoryId)).json()).toEqual({
      success: true,
      message: 'Subcategory deleted permanently',
    });
    expect(await rowsOf([inside.id])).toMatchObject({ documents: 0, versions: 0 });
    for (const fileKey of keys) expect(storedFile(fileKey)).toBe(false);
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/categories/${categoryId}` })).json().data.category,
    ).toMatchObject({ subcategory_count: 0, document_count: 1 });
    expect((await download(library, beside.id)).rawPayload.equals(beside.versions[0]!)).toBe(true);
    const [entry] = await auditRows(`${key}_subcategory.purge`, subcategoryId);
    expect(entry).toMatchObject({ actor_id: adminId, details: { documents: 1, files: 2, by: 'person' } });
  });
});

describe('a document deleted on its own, whose folder was purged after it', () => {
  it('restores it at the root and says so (moved_to_root), as when its folder is in the trash', async () => {
    const library: Library = 'orders';
    const key = LIBRARY_RECORD_KEYS[library];
    const { categoryId } = await folders(library, `Gone for good ${library}`);
    const document = await uploadDocument(library, `Rootward two ${library}`, { category_id: categoryId });
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/${document.id}` })).statusCode).toBe(200);
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` })).statusCode).toBe(200);
    expect((await purge('category', categoryId)).statusCode).toBe(200);
    // Still in the trash, where its folder is no more.
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({ kind: 'document', id: document.id, location: null }),
    );

    const restored = await restore('document', document.id);
    expect(restored.statusCode).toBe(200);
    expect((await asViewer({ method: 'GET', url: `/api/${library}/${document.id}` })).json().data[key]).toMatchObject({
      category_id: null,
      subcategory_id: null,
    });
    expect((await download(library, document.id)).rawPayload.equals(document.versions[0]!)).toBe(true);
    // Its folder is gone and it went to the library's root: the answer must say so, as for a folder in the trash.
    expect(restored.json()).toEqual({
      success: true,
      message: 'Document restored to the library’s main list, as its folder is gone',
      data: { restored: { kind: 'document', id: document.id, library, documents: 1, moved_to_root: true } },
    });
  });
});

describe('the trash routes', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/api/trash?library=orders'],
    ['POST', '/api/trash/restore', { kind: 'document', id: 1 }],
    ['DELETE', '/api/trash/document/1'],
  ];

  it('need a session (401), and manage_trash: administrators only (403 for anyone else, grants included)', async () => {
    for (const [method, url, payload] of [...routes, ['GET', '/api/trash/settings'] as [string, string]]) {
      const response = await noToken({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    }
    const everyGrant = (
      await t.asUser({
        role: 'viewer',
        granted_permissions: ['manage_categories', 'delete_documents', 'view_all_kpis', 'approve_orders'],
      })
    ).request;
    const others = [
      asViewer,
      asKeeper,
      asKeeperWhoDeletes,
      everyGrant,
      await t.as('manager'),
      await t.as('executive'),
      await t.as('company_lead'),
      await t.as('officer'),
    ];
    for (const request of others) {
      for (const [method, url, payload] of routes) {
        const response = await request({ method, url, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({
          success: false,
          error: { code: 'FORBIDDEN', message: expect.any(String) },
        });
      }
    }
    const asSuperadmin = await t.as('superadmin');
    expect((await asSuperadmin({ method: 'GET', url: '/api/trash?library=orders' })).statusCode).toBe(200);
  });

  it('refuses a missing or unknown library, a bad kind, a bad id and a bad page with 400 on the field', async () => {
    const cases: [string, string, object | undefined, string][] = [
      ['GET', '/api/trash', undefined, 'library'],
      ['GET', '/api/trash?library=', undefined, 'library'],
      ['GET', '/api/trash?library=payslips', undefined, 'library'],
      ['GET', '/api/trash?library=orders&page=0', undefined, 'page'],
      ['GET', '/api/trash?library=orders&limit=101', undefined, 'limit'],
      ['POST', '/api/trash/restore', {}, 'kind'],
      ['POST', '/api/trash/restore', { kind: 'folder', id: 1 }, 'kind'],
      ['POST', '/api/trash/restore', { kind: 'document' }, 'id'],
      ['POST', '/api/trash/restore', { kind: 'document', id: 'abc' }, 'id'],
      ['POST', '/api/trash/restore', { kind: 'document', id: 0 }, 'id'],
      ['POST', '/api/trash/restore', { kind: 'document', id: -4 }, 'id'],
      ['POST', '/api/trash/restore', { kind: 'document', id: 1.5 }, 'id'],
      ['POST', '/api/trash/restore', { kind: 'document', id: 2_147_483_648 }, 'id'],
      ['DELETE', '/api/trash/folder/1', undefined, 'kind'],
      ['DELETE', '/api/trash/document/abc', undefined, 'id'],
      ['DELETE', '/api/trash/document/0', undefined, 'id'],
      ['DELETE', '/api/trash/category/99999999999', undefined, 'id'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await asAdmin({ method, url, ...(payload ? { payload } : {}) });
      const label = `${method} ${url} ${JSON.stringify(payload)}`;
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject({
        success: false,
        error: { code: 'VALIDATION_FAILED', message: expect.any(String), field },
      });
    }
    expect(
      (
        await asAdmin({ method: 'POST', url: '/api/trash/restore', payload: { kind: 'document', id: 2_147_483_648 } })
      ).json().error.message,
    ).toContain('id is too large');
  });

  it('answers 404 for what is not in the trash: unknown, live, gone with its folder, or a form or folder the forms library does not hold there', async () => {
    const library: Library = 'circulars';
    const live = await uploadDocument(library, 'Live circular');
    const { categoryId } = await folders(library, 'Folder of the 404s');
    const withFolder = await uploadDocument(library, 'Gone with its folder', { category_id: categoryId });
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` })).statusCode).toBe(200);
    const liveFolder = await folders(library, 'Live folder of the 404s');

    const cases: [string, number][] = [
      ['document', 999_999],
      ['category', 999_999],
      ['subcategory', 999_999],
      ['document', live.id],
      ['category', liveFolder.categoryId],
      ['subcategory', liveFolder.subcategoryId],
      ['document', withFolder.id],
      ['form', 1],
      ['sub_subcategory', 1],
    ];
    for (const [kind, id] of cases) {
      for (const response of [await restore(kind, id), await purge(kind, id)]) {
        expect(response.statusCode, `${kind} ${id}`).toBe(404);
        expect(response.json()).toEqual({
          success: false,
          error: { code: 'NOT_FOUND', message: 'Not in the trash', reason: 'trash.not_in_trash', params: {} },
        });
      }
    }
    // None of it changed.
    expect((await download(library, live.id)).rawPayload.equals(live.versions[0]!)).toBe(true);
    expect(await rowsOf([withFolder.id])).toMatchObject({ documents: 1, versions: 1 });
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({ kind: 'category', id: categoryId, documents: 1 }),
    );
    // Nothing of the forms library was deleted here: its trash is empty.
    const forms = await asAdmin({ method: 'GET', url: '/api/trash?library=forms' });
    expect(forms.json()).toEqual({
      success: true,
      data: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 1, hasNext: false, hasPrev: false },
    });
  });

  it('lists newest deletion first, a page at a time', async () => {
    const library: Library = 'government-decisions';
    const documents: Uploaded[] = [];
    for (let index = 0; index < 3; index += 1) documents.push(await uploadDocument(library, `Paged decision ${index}`));
    for (const document of documents)
      expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/${document.id}` })).statusCode).toBe(200);
    // Deleted days apart, the middle one last.
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS);
    for (const [index, daysAgo] of [3, 1, 2].entries()) {
      await t.database.db
        .update(libraryDocuments)
        .set({ deleted_at: at(daysAgo) })
        .where(eq(libraryDocuments.id, documents[index]!.id));
    }
    const ours = (await trashOf(library)).filter((item) => documents.some((document) => document.id === item.id));
    expect(ours.map((item) => item.id)).toEqual([documents[1]!.id, documents[2]!.id, documents[0]!.id]);

    const total = (await trashOf(library)).length;
    const page = await asAdmin({ method: 'GET', url: `/api/trash?library=${library}&limit=1&page=2` });
    expect(page.json().data).toHaveLength(1);
    expect(page.json().pagination).toEqual({
      page: 2,
      limit: 1,
      total,
      totalPages: total,
      hasNext: total > 2,
      hasPrev: true,
    });
  });

  it('tells any signed-in person how long deleted items stay', async () => {
    for (const request of [asViewer, asKeeper, asAdmin]) {
      const response = await request({ method: 'GET', url: '/api/trash/settings' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: { retention_days: TRASH_RETENTION_DAYS_DEFAULT } });
    }
  });
});

describe('a restore or an upload racing a delete of the folder it puts a document into', () => {
  /**
   * On PostgreSQL two requests run at once. A restore (an upload) is held, by a lock on the audit
   * table (the documents table) that this test takes on a connection of its own, after it has looked
   * at the folder and before it commits;
   * the folder's delete runs meanwhile; then both finish. Whatever the order, what was restored into
   * the folder must go to the trash with it: a live document in a folder of the trash would be
   * deleted, files and all, when that folder is purged. The embedded database runs one transaction
   * at a time, so there the two run one after the other, with the same outcome required.
   */
  async function race(
    restoreRequest: () => Promise<{ statusCode: number; body: string }>,
    deleteRequest: () => Promise<{ statusCode: number; body: string }>,
    hold = 'audit_log',
  ) {
    if (t.database.kind !== 'postgres') {
      const restored = await restoreRequest();
      const deleted = await deleteRequest();
      return { restored, deleted };
    }
    const holder = new pg.Client({ connectionString: t.database.connectionString });
    await holder.connect();
    const waiting = async (count: number) =>
      waitFor(async () => {
        const { rows } = await holder.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return rows[0]!.n >= count || null;
      }, 20_000);
    try {
      await holder.query('begin');
      await holder.query(`lock table ${hold} in share mode`);
      const restoring = restoreRequest();
      await waiting(1);
      const deleting = deleteRequest();
      await waiting(2);
      await holder.query('rollback');
      return { restored: await restoring, deleted: await deleting };
    } finally {
      await holder.end();
    }
  }

  it('puts a document restored into a category being deleted in the trash with that category', async () => {
    const library: Library = 'orders';
    const { categoryId } = await folders(library, 'Raced category');
    const document = await uploadDocument(library, 'Raced document', { category_id: categoryId });
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/${document.id}` })).statusCode).toBe(200);

    const { restored, deleted } = await race(
      () => restore('document', document.id),
      () => asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` }),
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect((await asViewer({ method: 'GET', url: `/api/${library}/${document.id}` })).statusCode).toBe(404);
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({ kind: 'category', id: categoryId, documents: 1 }),
    );
    // Purging the folder takes the document with it, and nothing live is lost.
    const [row] = await t.database.db.select().from(libraryDocuments).where(eq(libraryDocuments.id, document.id));
    expect(row).toMatchObject({ category_id: categoryId, trashed_with_folder: true });
    expect(row!.deleted_at).not.toBeNull();
  });

  it('puts a subcategory restored into a category being deleted in the trash with that category', async () => {
    const library: Library = 'circulars';
    const { categoryId, subcategoryId } = await folders(library, 'Raced parent');
    const document = await uploadDocument(library, 'Raced inside', {
      category_id: categoryId,
      subcategory_id: subcategoryId,
    });
    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/${library}/subcategories/${subcategoryId}` })).statusCode,
    ).toBe(200);

    const { restored, deleted } = await race(
      () => restore('subcategory', subcategoryId),
      () => asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` }),
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect((await asViewer({ method: 'GET', url: `/api/${library}/subcategories/${subcategoryId}` })).statusCode).toBe(
      404,
    );
    expect((await asViewer({ method: 'GET', url: `/api/${library}/${document.id}` })).statusCode).toBe(404);
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({ kind: 'category', id: categoryId, documents: 1 }),
    );
    const [subcategory] = await t.database.db
      .select()
      .from(librarySubcategories)
      .where(eq(librarySubcategories.id, subcategoryId));
    expect(subcategory).toMatchObject({ trashed_with_folder: true });
    expect(subcategory!.deleted_at).not.toBeNull();
  });

  it('puts a document uploaded into a category being deleted in the trash with that category', async () => {
    const library: Library = 'government-decisions';
    const { categoryId } = await folders(library, 'Raced upload folder');
    const content = pdfBytes(4000, 'raced upload');
    const { restored: uploaded, deleted } = await race(
      () =>
        upload(
          asAdmin,
          library,
          { title: 'Raced upload', effective_date: '2026-11-21', category_id: String(categoryId) },
          { content },
        ),
      () => asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` }),
      'library_documents',
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const id = JSON.parse(uploaded.body).data[LIBRARY_RECORD_KEYS[library]].id as number;

    // Not a live document in a folder of the trash, which its purge would delete with its file.
    const read = await asViewer({ method: 'GET', url: `/api/${library}/${id}` });
    expect(
      read.statusCode === 404 || read.json().data.decision.category_id !== categoryId,
      `the upload is live in category ${categoryId}, which is in the trash`,
    ).toBe(true);
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({ kind: 'category', id: categoryId, documents: read.statusCode === 404 ? 1 : 0 }),
    );
  });
});

describe('an edit racing a delete of the folder the document is in', () => {
  /**
   * The edit locks the document's folders before the document, in the order a folder's delete takes
   * them, so the two wait for each other instead of deadlocking (PostgreSQL answered the loser 500).
   * Here a connection of the test holds the category row; the edit queues for it, the subcategory's
   * delete runs, then the category is let go. On the embedded database they run one after the other.
   */
  it('never deadlocks: the delete takes the document to the trash, and the edit answers 200 before it or 404 after it', async () => {
    const library: Library = 'circulars';
    const key = LIBRARY_RECORD_KEYS[library];
    const { categoryId, subcategoryId } = await folders(library, 'Edited while deleted');
    const document = await uploadDocument(library, 'Edited inside', {
      category_id: categoryId,
      subcategory_id: subcategoryId,
    });
    const edit = () =>
      asAdmin({ method: 'PUT', url: `/api/${library}/${document.id}`, payload: { title: 'Edited inside (renamed)' } });
    const remove = () => asAdmin({ method: 'DELETE', url: `/api/${library}/subcategories/${subcategoryId}` });
    let edited;
    let deleted;
    if (t.database.kind !== 'postgres') {
      edited = await edit();
      deleted = await remove();
    } else {
      const holder = new pg.Client({ connectionString: t.database.connectionString });
      await holder.connect();
      const waiting = (count: number) =>
        waitFor(async () => {
          const { rows } = await holder.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          return rows[0]!.n >= count || null;
        }, 20_000);
      try {
        await holder.query('begin');
        await holder.query('select id from library_categories where id = $1 for update', [categoryId]);
        const editing = edit();
        await waiting(1);
        const deleting = remove();
        // The delete does not wait for the edit now: it finishes first, while the edit still queues.
        deleted = await deleting;
        await holder.query('rollback');
        edited = await editing;
      } finally {
        await holder.end();
      }
    }
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect([200, 404], edited.body).toContain(edited.statusCode);
    expect((await asViewer({ method: 'GET', url: `/api/${library}/${document.id}` })).statusCode).toBe(404);
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({ kind: 'subcategory', id: subcategoryId, documents: 1 }),
    );
    if (edited.statusCode === 200) expect(edited.json().data[key].title).toBe('Edited inside (renamed)');
  });
});

describe('what a category in the trash counts is what its purge removes', () => {
  it('a subcategory deleted on its own before goes with its category, its documents staying in the trash on their own', async () => {
    const library: Library = 'orders';
    const { categoryId, subcategoryId } = await folders(library, 'Counted category');
    const inSubcategory = await uploadDocument(library, 'In the subcategory', {
      category_id: categoryId,
      subcategory_id: subcategoryId,
    });
    const inCategory = await uploadDocument(library, 'In the category', { category_id: categoryId });
    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/${library}/subcategories/${subcategoryId}` })).statusCode,
    ).toBe(200);
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` })).statusCode).toBe(200);
    expect(await trashOf(library)).toContainEqual(
      expect.objectContaining({ kind: 'category', id: categoryId, documents: 1 }),
    );

    expect((await purge('category', categoryId)).statusCode).toBe(200);
    // Exactly the one document counted went; the subcategory's went with its category, and its
    // document stays in the trash on its own, restorable at the root.
    expect(await rowsOf([inCategory.id])).toMatchObject({ documents: 0 });
    expect(await rowsOf([inSubcategory.id])).toMatchObject({ documents: 1 });
    const trash = await trashOf(library);
    expect(trash).toContainEqual(expect.objectContaining({ kind: 'document', id: inSubcategory.id, location: null }));
    expect(trash.some((item) => item.kind === 'subcategory' && item.id === subcategoryId)).toBe(false);
    const restored = await restore('document', inSubcategory.id);
    expect(restored.json().data.restored).toMatchObject({ moved_to_root: true });
    expect((await download(library, inSubcategory.id)).rawPayload.equals(inSubcategory.versions[0]!)).toBe(true);
  });
});

describe('a purge that meets a live document in the folder', () => {
  it('never deletes it: the document stays, with its file, at the library’s root', async () => {
    // The state the upload race above leaves: a live document in a category of the trash.
    const library: Library = 'orders';
    const { categoryId, subcategoryId } = await folders(library, 'Purged around a live one');
    const trashed = await uploadDocument(library, 'Went with the folder', { category_id: categoryId });
    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/categories/${categoryId}` })).statusCode).toBe(200);
    const live = await uploadDocument(library, 'Uploaded meanwhile');
    const inSubcategory = await uploadDocument(library, 'Uploaded meanwhile too');
    await t.database.db
      .update(libraryDocuments)
      .set({ category_id: categoryId })
      .where(eq(libraryDocuments.id, live.id));
    await t.database.db
      .update(libraryDocuments)
      .set({ category_id: categoryId, subcategory_id: subcategoryId })
      .where(eq(libraryDocuments.id, inSubcategory.id));
    const liveKeys = await fileKeysOf([live.id, inSubcategory.id]);
    const trashedKeys = await fileKeysOf([trashed.id]);

    const purged = await purge('category', categoryId);
    expect(purged.json()).toEqual({ success: true, message: 'Category deleted permanently' });
    expect(await rowsOf([trashed.id])).toMatchObject({ documents: 0, versions: 0 });
    for (const fileKey of trashedKeys) expect(storedFile(fileKey)).toBe(false);
    for (const document of [live, inSubcategory]) {
      const read = await asViewer({ method: 'GET', url: `/api/${library}/${document.id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json().data.order).toMatchObject({ category_id: null, subcategory_id: null });
      expect((await download(library, document.id)).rawPayload.equals(document.versions[0]!)).toBe(true);
    }
    for (const fileKey of liveKeys) expect(storedFile(fileKey)).toBe(true);
    const [entry] = await auditRows('order_category.purge', categoryId);
    expect(entry?.details).toMatchObject({ documents: 1, files: 1 });
  });

  it('never deletes one left in a subcategory it purges: the document stays in the category', async () => {
    const library: Library = 'circulars';
    const { categoryId, subcategoryId } = await folders(library, 'Subfolder purged around a live one');
    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/${library}/subcategories/${subcategoryId}` })).statusCode,
    ).toBe(200);
    const live = await uploadDocument(library, 'Live in a purged subfolder', { category_id: categoryId });
    await t.database.db
      .update(libraryDocuments)
      .set({ subcategory_id: subcategoryId })
      .where(eq(libraryDocuments.id, live.id));

    expect((await purge('subcategory', subcategoryId)).statusCode).toBe(200);
    const read = await asViewer({ method: 'GET', url: `/api/${library}/${live.id}` });
    expect(read.json().data.circular).toMatchObject({ category_id: categoryId, subcategory_id: null });
    expect((await download(library, live.id)).rawPayload.equals(live.versions[0]!)).toBe(true);
  });
});
