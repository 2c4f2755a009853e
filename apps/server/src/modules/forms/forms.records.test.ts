import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, forms } from '../../db/schema/index.js';
import { buildBranch, buildFolder, uploadedForm } from '../../test/form-fixtures.js';
import { createLibraryTestApp, type LibraryTestApp, type Request } from '../../test/library-fixtures.js';

/** The forms of the library: lists, detail, metadata update, delete, stats; private forms in every read. */

let t: LibraryTestApp;
let asAdmin: Request;
let asViewer: Request;
let viewerId: number;
let asOtherViewer: Request;
let asFormsManager: Request;
let asDeleter: Request;

beforeAll(async () => {
  t = await createLibraryTestApp();
  asAdmin = await t.as('admin');
  const viewer = await t.asUser({ role: 'viewer' });
  asViewer = viewer.request;
  viewerId = viewer.id;
  asOtherViewer = (await t.asUser({ role: 'viewer' })).request;
  asFormsManager = (await t.asUser({ role: 'viewer', granted_permissions: ['manage_forms'] })).request;
  asDeleter = (await t.asUser({ role: 'viewer', granted_permissions: ['delete_documents'] })).request;
});
afterAll(() => t.close());

const ids = (response: { json(): { data: { id: number }[] } }) => response.json().data.map((form) => form.id);
const list = (request: Request, query = '') => request({ method: 'GET', url: `/api/forms?limit=100${query}` });

describe('private forms', () => {
  let publicForm: { id: number };
  let privateForm: { id: number };
  beforeAll(async () => {
    publicForm = await uploadedForm(asViewer, { title: 'Visibility public' });
    privateForm = await uploadedForm(asViewer, { title: 'Visibility private', isPublic: 'false' });
  });

  it('are listed, found and read only by their uploader, holders of manage_forms and the admin roles', async () => {
    const search = '&search=visibility';
    expect(ids(await list(asViewer, search)).sort()).toEqual([publicForm.id, privateForm.id].sort());
    expect(ids(await list(asOtherViewer, search))).toEqual([publicForm.id]);
    expect(ids(await list(asFormsManager, search)).sort()).toEqual([publicForm.id, privateForm.id].sort());
    expect(ids(await list(asAdmin, search)).sort()).toEqual([publicForm.id, privateForm.id].sort());
    expect(ids(await asOtherViewer({ method: 'GET', url: '/api/forms/hierarchical?search=visibility' }))).toEqual([
      publicForm.id,
    ]);

    for (const [request, status] of [
      [asViewer, 200],
      [asOtherViewer, 404],
      [asFormsManager, 200],
      [asAdmin, 200],
    ] as const) {
      expect((await request({ method: 'GET', url: `/api/forms/${privateForm.id}` })).statusCode).toBe(status);
      expect((await request({ method: 'GET', url: `/api/forms/${privateForm.id}/download` })).statusCode).toBe(status);
    }
    expect((await asOtherViewer({ method: 'GET', url: `/api/forms/${publicForm.id}` })).statusCode).toBe(200);
    // Another viewer may not even learn it exists by trying to change or delete it.
    expect(
      (await asOtherViewer({ method: 'PUT', url: `/api/forms/${privateForm.id}`, payload: { title: 'Seen?' } }))
        .statusCode,
    ).toBe(404);
    expect((await asDeleter({ method: 'DELETE', url: `/api/forms/${privateForm.id}` })).statusCode).toBe(404);
  });
});

describe('GET /api/forms and /api/forms/hierarchical', () => {
  it('need a token and refuse bad parameters with 400 on the field', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/forms' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/forms/hierarchical' })).statusCode).toBe(401);
    for (const [query, field] of [
      ['language=de', 'language'],
      ['categoryId=abc', 'categoryId'],
      ['subSubcategoryId=0', 'subSubcategoryId'],
      ['isPublic=maybe', 'isPublic'],
      ['dateFrom=2026-02-30', 'dateFrom'],
      ['dateTo=yesterday', 'dateTo'],
      ['limit=500', 'limit'],
      ['page=0', 'page'],
    ]) {
      for (const path of ['/api/forms', '/api/forms/hierarchical']) {
        const response = await asViewer({ method: 'GET', url: `${path}?${query}` });
        expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
        expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
    }
  });

  it('lists newest first with the product’s pagination and `pages`', async () => {
    const marker = 'Pagedmarker';
    const created = [];
    for (let index = 0; index < 3; index += 1)
      created.push(await uploadedForm(asViewer, { title: `${marker} ${index}` }));
    const moments = ['2026-01-01T10:00:00Z', '2026-03-01T10:00:00Z', '2026-02-01T10:00:00Z'];
    for (const [index, form] of created.entries())
      await t.database.db
        .update(forms)
        .set({ created_at: new Date(moments[index]!) })
        .where(eq(forms.id, form.id));
    const response = await asViewer({ method: 'GET', url: `/api/forms?search=${marker}&limit=2` });
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual([created[1]!.id, created[2]!.id]);
    expect(response.json().pagination).toEqual({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      pages: 2,
      hasNext: true,
      hasPrev: false,
    });
    const second = await asViewer({ method: 'GET', url: `/api/forms?search=${marker}&limit=2&page=2` });
    expect(ids(second)).toEqual([created[0]!.id]);
    expect(second.json().pagination).toMatchObject({ page: 2, pages: 2, hasNext: false, hasPrev: true });
    // The default page size is the spec's 20.
    expect((await asViewer({ method: 'GET', url: '/api/forms' })).json().pagination.limit).toBe(20);
  });

  it('filters by folder (everything below it), language, visibility and days of creation', async () => {
    const db = t.database.db;
    const branch = await buildBranch(db);
    const sibling = await buildFolder(db, { parentId: branch.category.id, level: 2 });
    const elsewhere = await buildBranch(db);
    const marker = 'Filtermarker';
    const inCategory = await uploadedForm(asViewer, {
      title: `${marker} category`,
      categoryId: String(branch.category.id),
      language: 'mr',
    });
    const inSub = await uploadedForm(asViewer, {
      title: `${marker} sub`,
      subcategoryId: String(branch.subcategory.id),
    });
    const inDeep = await uploadedForm(asViewer, {
      title: `${marker} deep`,
      subSubcategoryId: String(branch.subSubcategory.id),
      isPublic: 'false',
    });
    const inSibling = await uploadedForm(asViewer, { title: `${marker} sibling`, subcategoryId: String(sibling.id) });
    const outside = await uploadedForm(asViewer, {
      title: `${marker} outside`,
      subSubcategoryId: String(elsewhere.subSubcategory.id),
    });
    const loose = await uploadedForm(asViewer, { title: `${marker} loose` });
    const sorted = (response: Parameters<typeof ids>[0]) => ids(response).sort((a, b) => a - b);
    const query = (extra: string) => list(asViewer, `&search=${marker}&${extra}`);

    expect(sorted(await query(`categoryId=${branch.category.id}`))).toEqual([
      inCategory.id,
      inSub.id,
      inDeep.id,
      inSibling.id,
    ]);
    expect(sorted(await query(`subcategoryId=${branch.subcategory.id}`))).toEqual([inSub.id, inDeep.id]);
    expect(sorted(await query(`subSubcategoryId=${branch.subSubcategory.id}`))).toEqual([inDeep.id]);
    // An id of another level names no folder of that level.
    expect(ids(await query(`categoryId=${branch.subcategory.id}`))).toEqual([]);
    expect(ids(await query(`categoryId=${branch.category.id}&subcategoryId=${elsewhere.subcategory.id}`))).toEqual([]);
    expect(ids(await query('language=mr'))).toEqual([inCategory.id]);
    expect(ids(await query('isPublic=false'))).toEqual([inDeep.id]);
    expect(sorted(await query('isPublic=true'))).toEqual([inCategory.id, inSub.id, inSibling.id, outside.id, loose.id]);

    // Days are the force's (Asia/Kolkata), both ends included: 23:00 UTC on the 9th is already the 10th there.
    await db
      .update(forms)
      .set({ created_at: new Date('2026-03-09T23:00:00Z') })
      .where(eq(forms.id, inSub.id));
    await db
      .update(forms)
      .set({ created_at: new Date('2026-03-12T18:00:00Z') })
      .where(eq(forms.id, outside.id));
    await db
      .update(forms)
      .set({ created_at: new Date('2026-03-12T18:40:00Z') })
      .where(eq(forms.id, loose.id));
    expect(sorted(await query('dateFrom=2026-03-10&dateTo=2026-03-12'))).toEqual([inSub.id, outside.id]);
    expect(ids(await query('dateFrom=2026-03-13&dateTo=2026-03-13'))).toEqual([loose.id]);
    expect(ids(await query('dateFrom=2026-03-12&dateTo=2026-03-11'))).toEqual([]);
  });

  it('searches titles and the legacy category by whole and partial words, in English and Marathi', async () => {
    const gpf = await uploadedForm(asViewer, { title: 'Searchable GPF withdrawal application', category: 'Accounts' });
    const marathi = await uploadedForm(asViewer, { title: 'संगणक अग्रिम searchable अर्ज', language: 'mr' });
    expect(ids(await list(asViewer, '&search=withdraw'))).toEqual([gpf.id]);
    expect(ids(await list(asViewer, '&search=searchable accounts'))).toEqual([gpf.id]);
    expect(ids(await list(asViewer, `&search=${encodeURIComponent('संगणक')}`))).toEqual([marathi.id]);
    expect(ids(await list(asViewer, `&search=${encodeURIComponent('अग्रि')}`))).toEqual([marathi.id]);
    expect(ids(await list(asViewer, '&search=100%25'))).toEqual([]);
    // Whole words rank first.
    const whole = await uploadedForm(asViewer, { title: 'Rankword form' });
    const part = await uploadedForm(asViewer, { title: 'Rankwords forms' });
    await t.database.db
      .update(forms)
      .set({ created_at: new Date('2020-01-01T00:00:00Z') })
      .where(eq(forms.id, whole.id));
    expect(ids(await list(asViewer, '&search=rankword'))).toEqual([whole.id, part.id]);
  });

  it('lists in folder order in /hierarchical: categories, subcategories, sub-subcategories by sort order and name, then titles', async () => {
    const db = t.database.db;
    const second = await buildFolder(db, { name: 'Hier B', sortOrder: 1 });
    const first = await buildFolder(db, { name: 'Hier Z', sortOrder: 0 });
    const alsoFirst = await buildFolder(db, { name: 'Hier A', sortOrder: 0 });
    const subA = await buildFolder(db, { parentId: first.id, level: 2, name: 'Sub A', sortOrder: 5 });
    const subB = await buildFolder(db, { parentId: first.id, level: 2, name: 'Sub B', sortOrder: 2 });
    const deep = await buildFolder(db, { parentId: subB.id, level: 3, name: 'Deep' });
    const marker = 'Hiermarker';
    const upload = (title: string, folder: Record<string, string> = {}) =>
      uploadedForm(asViewer, { title: `${marker} ${title}`, ...folder });
    const loose = await upload('a loose');
    const inSecond = await upload('b in second', { categoryId: String(second.id) });
    const inSubA = await upload('c in sub A', { subcategoryId: String(subA.id) });
    const inDeep = await upload('d in deep', { subSubcategoryId: String(deep.id) });
    const inSubB2 = await upload('f in sub B', { subcategoryId: String(subB.id) });
    const inSubB1 = await upload('e in sub B', { subcategoryId: String(subB.id) });
    const inFirst = await upload('g in first', { categoryId: String(first.id) });
    const inAlsoFirst = await upload('h in also first', { categoryId: String(alsoFirst.id) });
    const response = await asViewer({ method: 'GET', url: `/api/forms/hierarchical?search=${marker}&limit=100` });
    expect(response.statusCode).toBe(200);
    // Sort order 0: 'Hier A' before 'Hier Z'; in Z its own forms, then sub B (2) with its forms before its sub-subfolder's, then sub A (5); then 'Hier B' (1); uncategorised last.
    expect(ids(response)).toEqual([
      inAlsoFirst.id,
      inFirst.id,
      inSubB1.id,
      inSubB2.id,
      inDeep.id,
      inSubA.id,
      inSecond.id,
      loose.id,
    ]);
    const inFolder = await asViewer({ method: 'GET', url: `/api/forms/hierarchical?categoryId=${first.id}&limit=2` });
    expect(ids(inFolder)).toEqual([inFirst.id, inSubB1.id]);
    expect(inFolder.json().pagination).toMatchObject({ total: 5, pages: 3 });
  });
});

describe('GET /api/forms/:id', () => {
  it('answers the form, 404 for an unknown or trashed one, 400 for a bad id, 401 without a token', async () => {
    const form = await uploadedForm(asViewer, { title: 'Detail me' });
    const response = await asOtherViewer({ method: 'GET', url: `/api/forms/${form.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.form).toMatchObject({
      id: form.id,
      title: 'Detail me',
      uploaded_by: viewerId,
      presign: `/api/forms/${form.id}/download`,
    });
    expect((await asViewer({ method: 'GET', url: '/api/forms/999999' })).json().error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Form not found',
    });
    expect((await asViewer({ method: 'GET', url: '/api/forms/abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/forms/${form.id}` })).statusCode).toBe(401);
    await t.database.db.update(forms).set({ deleted_at: new Date() }).where(eq(forms.id, form.id));
    expect((await asViewer({ method: 'GET', url: `/api/forms/${form.id}` })).statusCode).toBe(404);
  });
});

describe('PUT /api/forms/:id', () => {
  it('changes the metadata sent, by the uploader: title, language, visibility, folders; the file stays', async () => {
    const branch = await buildBranch(t.database.db);
    const form = await uploadedForm(
      asViewer,
      { title: 'Edit me', subSubcategoryId: String(branch.subSubcategory.id) },
      { filename: 'original.pdf' },
    );
    const [before] = await t.database.db.select().from(forms).where(eq(forms.id, form.id));
    const response = await asViewer({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      payload: { title: 'Edited', language: 'mr', isPublic: false, category: 'Welfare' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Form updated successfully' });
    expect(response.json().data.form).toMatchObject({
      title: 'Edited',
      language: 'mr',
      is_public: false,
      category: 'Welfare',
      file_path: 'original.pdf',
      subSubcategoryId: branch.subSubcategory.id,
    });
    const [after] = await t.database.db.select().from(forms).where(eq(forms.id, form.id));
    expect(after).toMatchObject({
      file_key: before!.file_key,
      file_sha256: before!.file_sha256,
      search_text: 'edited welfare',
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'form.update'), eq(auditLog.entity_id, String(form.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ fields: ['title', 'category', 'language', 'isPublic'] });
  });

  it('moves the form: a folder alone brings its parents, a new category clears the levels below, null makes it uncategorised', async () => {
    const db = t.database.db;
    const branch = await buildBranch(db);
    const other = await buildBranch(db);
    const form = await uploadedForm(asViewer, { title: 'Move me', subSubcategoryId: String(branch.subSubcategory.id) });
    const put = async (payload: object) => {
      const response = await asViewer({ method: 'PUT', url: `/api/forms/${form.id}`, payload });
      expect(response.statusCode, response.body).toBe(200);
      const { categoryId, subcategoryId, subSubcategoryId } = response.json().data.form;
      return [categoryId, subcategoryId, subSubcategoryId];
    };
    // The same category sent again keeps the form where it is.
    expect(await put({ categoryId: branch.category.id })).toEqual([
      branch.category.id,
      branch.subcategory.id,
      branch.subSubcategory.id,
    ]);
    expect(await put({ subSubcategoryId: null })).toEqual([branch.category.id, branch.subcategory.id, null]);
    expect(await put({ subSubcategoryId: other.subSubcategory.id })).toEqual([
      other.category.id,
      other.subcategory.id,
      other.subSubcategory.id,
    ]);
    expect(await put({ categoryId: branch.category.id })).toEqual([branch.category.id, null, null]);
    expect(await put({ categoryId: other.category.id, subcategoryId: other.subcategory.id })).toEqual([
      other.category.id,
      other.subcategory.id,
      null,
    ]);
    expect(await put({ categoryId: null })).toEqual([null, null, null]);
  });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    const branch = await buildBranch(t.database.db);
    const other = await buildBranch(t.database.db);
    const form = await uploadedForm(asViewer, { title: 'Stay as I am', subcategoryId: String(branch.subcategory.id) });
    const [before] = await t.database.db.select().from(forms).where(eq(forms.id, form.id));
    for (const [payload, field] of [
      [{}, 'body'],
      [{ unknown: 1 }, 'body'],
      [{ title: '' }, 'title'],
      [{ language: 'hi' }, 'language'],
      [{ isPublic: 'no' }, 'isPublic'],
      [{ categoryId: 'x' }, 'categoryId'],
      [{ categoryId: 999999 }, 'categoryId'],
      [{ subSubcategoryId: branch.subcategory.id }, 'subSubcategoryId'],
      [{ categoryId: other.category.id, subcategoryId: branch.subcategory.id }, 'categoryId'],
      [{ subcategoryId: other.subcategory.id, subSubcategoryId: branch.subSubcategory.id }, 'subcategoryId'],
    ] as const) {
      const response = await asViewer({ method: 'PUT', url: `/api/forms/${form.id}`, payload });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect({ payload, field: response.json().error.field }).toEqual({ payload, field });
    }
    const [after] = await t.database.db.select().from(forms).where(eq(forms.id, form.id));
    expect(after).toEqual(before);
  });

  it('is 403 for another viewer, 200 for a holder of manage_forms and for an admin, 404 for an unknown form', async () => {
    const form = await uploadedForm(asViewer, { title: 'Someone else’s' });
    const refused = await asOtherViewer({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      payload: { title: 'Taken over' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect(
      (
        await asFormsManager({
          method: 'PUT',
          url: `/api/forms/${form.id}`,
          payload: { title: 'Tidied by the forms manager' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await asAdmin({ method: 'PUT', url: `/api/forms/${form.id}`, payload: { isPublic: false } })).statusCode,
    ).toBe(200);
    // Made private by someone else, it is still its uploader's.
    expect(
      (await asViewer({ method: 'PUT', url: `/api/forms/${form.id}`, payload: { isPublic: true } })).statusCode,
    ).toBe(200);
    expect((await asViewer({ method: 'PUT', url: '/api/forms/999999', payload: { title: 'Nobody' } })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/forms/${form.id}`, payload: { title: 'No token' } })).statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/forms/:id', () => {
  it('needs delete_documents (403 for a viewer), moves the form to the trash, and then it is gone (404)', async () => {
    const form = await uploadedForm(asViewer, { title: 'Delete me' });
    expect((await asViewer({ method: 'DELETE', url: `/api/forms/${form.id}` })).statusCode).toBe(403);
    expect((await asFormsManager({ method: 'DELETE', url: `/api/forms/${form.id}` })).statusCode).toBe(403);
    const files = t.countFiles();
    const response = await asDeleter({ method: 'DELETE', url: `/api/forms/${form.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Form deleted successfully' });
    const [row] = await t.database.db.select().from(forms).where(eq(forms.id, form.id));
    expect(row).toMatchObject({
      deleted_at: expect.any(Date),
      deleted_by: expect.any(Number),
      trashed_with_folder: false,
    });
    // The file stays until the trash is purged.
    expect(t.countFiles()).toBe(files);
    expect((await asViewer({ method: 'GET', url: `/api/forms/${form.id}` })).statusCode).toBe(404);
    expect(ids(await list(asAdmin, '&search=delete me'))).not.toContain(form.id);
    expect((await asDeleter({ method: 'DELETE', url: `/api/forms/${form.id}` })).statusCode).toBe(404);
    expect((await asAdmin({ method: 'DELETE', url: '/api/forms/999999' })).statusCode).toBe(404);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'form.delete'), eq(auditLog.entity_id, String(form.id))));
    expect(audits).toHaveLength(1);
  });
});

describe('GET /api/forms/:id/stats', () => {
  it('is for the admin roles only (403 otherwise, manage_forms included) and counts every download handed out', async () => {
    const form = await uploadedForm(asViewer, { title: 'Counted' });
    for (const request of [asViewer, asOtherViewer, asFormsManager])
      expect((await request({ method: 'GET', url: `/api/forms/${form.id}/stats` })).statusCode).toBe(403);
    const fresh = await asAdmin({ method: 'GET', url: `/api/forms/${form.id}/stats` });
    expect(fresh.json()).toEqual({
      success: true,
      data: { stats: { totalDownloads: 0, uniqueUsers: 0, lastDownloadedAt: null } },
    });
    for (const request of [asViewer, asViewer, asOtherViewer])
      expect((await request({ method: 'GET', url: `/api/forms/${form.id}/download` })).statusCode).toBe(200);
    const counted = await (await t.as('superadmin'))({ method: 'GET', url: `/api/forms/${form.id}/stats` });
    expect(counted.statusCode).toBe(200);
    expect(counted.json().data.stats).toEqual({
      totalDownloads: 3,
      uniqueUsers: 2,
      lastDownloadedAt: expect.any(String),
    });
    expect((await asAdmin({ method: 'GET', url: '/api/forms/999999/stats' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/forms/${form.id}/stats` })).statusCode).toBe(401);
  });
});
