import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { LIBRARIES, type Library } from '@srpf/shared';
import { auditLog } from '../../db/schema/index.js';
import { libraryAcknowledgments, libraryDocuments, librarySubcategories } from '../../db/schema/libraries.js';
import { createLibraryTestApp, pdfBytes, type LibraryTestApp, type Request } from '../../test/library-fixtures.js';

let t: LibraryTestApp;
let asAdmin: Request;
let asViewer: Request;
/** A viewer an administrator granted manage_categories (a records clerk): organises the folders. */
let asKeeper: Request;

beforeAll(async () => {
  t = await createLibraryTestApp();
  asAdmin = await t.as('admin');
  asViewer = await t.as('viewer');
  asKeeper = (await t.asUser({ role: 'viewer', granted_permissions: ['manage_categories'] })).request;
});
afterAll(() => t.close());

describe.each(LIBRARIES)('categories of %s', (library: Library) => {
  const url = `/api/${library}/categories`;

  it('needs a token for every category and subcategory route', async () => {
    const routes: [string, string][] = [
      ['GET', url],
      ['POST', url],
      ['GET', `${url}/1`],
      ['PUT', `${url}/1`],
      ['DELETE', `${url}/1`],
      ['GET', `${url}/1/subcategories`],
      ['POST', `/api/${library}/subcategories`],
      ['GET', `/api/${library}/subcategories/1`],
      ['PUT', `/api/${library}/subcategories/1`],
      ['DELETE', `/api/${library}/subcategories/1`],
    ];
    for (const [method, path] of routes) {
      const response = await t.app.inject({
        method: method as 'GET',
        url: path,
        ...(method === 'POST' || method === 'PUT' ? { payload: { name: 'X' } } : {}),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('creates a category with the spec’s defaults; a viewer needs a manage_categories grant', async () => {
    const payload = { name: '  Standing Orders 2026! ', description: 'Kept for a year' };
    const refused = await asViewer({ method: 'POST', url, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    const response = await asKeeper({ method: 'POST', url, payload });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: 'Category created successfully',
      data: {
        category: {
          id: expect.any(Number),
          name: 'Standing Orders 2026!',
          description: 'Kept for a year',
          slug: 'standing-orders-2026',
          icon: '📄',
          color: '#3B82F6',
          subcategory_count: 0,
          document_count: 0,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      },
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(response.json().data.category.id)));
    expect(entry).toMatchObject({ outcome: 'success' });
  });

  it('refuses bad input with 400 on the field', async () => {
    const cases: [object, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'A', color: 'blue' }, 'color'],
      [{ name: 'A', icon: '' }, 'icon'],
      [{ name: 'A', slug: 'x'.repeat(201) }, 'slug'],
      [{ name: 'x'.repeat(101) }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const response = await asAdmin({ method: 'POST', url, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.field, JSON.stringify(payload)).toBe(field);
    }
    expect((await asAdmin({ method: 'POST', url, payload: {} })).json().error.details).toEqual([
      { field: 'name', message: 'Name is required', reason: 'validation.required', params: {} },
    ]);
  });

  it('keeps slugs unique within the library (409), not across libraries; Marathi names have empty slugs that never clash', async () => {
    const first = await asAdmin({ method: 'POST', url, payload: { name: 'Transfers', icon: '🚚', color: '#10b981' } });
    expect(first.json().data.category).toMatchObject({ slug: 'transfers', icon: '🚚', color: '#10b981' });
    const clash = await asAdmin({ method: 'POST', url, payload: { name: 'Other name', slug: 'Transfers' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toEqual({
      code: 'ALREADY_EXISTS',
      message: 'A category with this slug already exists',
      reason: 'libraries.category_slug_taken',
      params: {},
      field: 'slug',
    });
    const other = LIBRARIES.find((l) => l !== library)!;
    const shared = `shared-${library}`;
    expect((await asAdmin({ method: 'POST', url, payload: { name: 'Shared', slug: shared } })).statusCode).toBe(201);
    expect(
      (await asAdmin({ method: 'POST', url: `/api/${other}/categories`, payload: { name: 'Shared', slug: shared } }))
        .statusCode,
    ).toBe(201);
    for (const name of ['बदली आदेश', 'शासन निर्णय']) {
      const marathi = await asAdmin({ method: 'POST', url, payload: { name } });
      expect(marathi.statusCode).toBe(201);
      expect(marathi.json().data.category).toMatchObject({ name, slug: '' });
    }
  });

  it('reads one category (404 unknown or of another library, 400 malformed) and lists them with counts', async () => {
    const category = await t.buildCategory(library, { name: 'Counted' });
    await t.buildSubcategory(category.id);
    await t.buildDocument(library, { category_id: category.id });
    await t.buildDocument(library, { category_id: category.id });
    const one = await asViewer({ method: 'GET', url: `${url}/${category.id}` });
    expect(one.json().data.category).toMatchObject({
      id: category.id,
      name: 'Counted',
      subcategory_count: 1,
      document_count: 2,
    });
    expect((await asViewer({ method: 'GET', url: `${url}/999999` })).json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Category not found',
      reason: 'libraries.category_not_found',
      params: {},
    });
    expect((await asViewer({ method: 'GET', url: `${url}/abc` })).statusCode).toBe(400);
    const foreign = await t.buildCategory(LIBRARIES.find((l) => l !== library)!);
    expect((await asViewer({ method: 'GET', url: `${url}/${foreign.id}` })).statusCode).toBe(404);

    const list = await asViewer({ method: 'GET', url });
    expect(list.statusCode).toBe(200);
    const { categories } = list.json().data;
    expect(categories.find((c: { id: number }) => c.id === category.id)).toMatchObject({
      subcategory_count: 1,
      document_count: 2,
    });
    expect(categories.some((c: { id: number }) => c.id === foreign.id)).toBe(false);
  });

  it('updates a category: 404, 400, 409, a viewer needs a manage_categories grant, and a new name gives a new slug', async () => {
    const category = await t.buildCategory(library, { name: 'Before' });
    await t.buildCategory(library, { name: 'Taken' });
    expect((await asAdmin({ method: 'PUT', url: `${url}/999999`, payload: { name: 'X' } })).statusCode).toBe(404);
    expect(
      (await asAdmin({ method: 'PUT', url: `${url}/${category.id}`, payload: { color: '#12' } })).json().error.field,
    ).toBe('color');
    expect(
      (await asAdmin({ method: 'PUT', url: `${url}/${category.id}`, payload: { name: 'Taken' } })).statusCode,
    ).toBe(409);
    const rename = { name: 'After Rename', description: '' };
    expect((await asViewer({ method: 'PUT', url: `${url}/${category.id}`, payload: rename })).statusCode).toBe(403);
    const renamed = await asKeeper({ method: 'PUT', url: `${url}/${category.id}`, payload: rename });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: 'Category updated successfully',
      data: { category: { name: 'After Rename', slug: 'after-rename', description: null, icon: '📄' } },
    });
  });

  it('creates, reads, lists, updates and deletes subcategories with their defaults and rules', async () => {
    const category = await t.buildCategory(library, { name: 'Parent' });
    const otherCategory = await t.buildCategory(library, { name: 'Other parent' });
    const foreign = await t.buildCategory(LIBRARIES.find((l) => l !== library)!);
    const post = (payload: object, request = asAdmin) =>
      request({ method: 'POST', url: `/api/${library}/subcategories`, payload });

    expect((await post({ name: 'No parent' })).json().error.field).toBe('category_id');
    expect((await post({ category_id: '1', name: 'String id' })).json().error.field).toBe('category_id');
    expect((await post({ category_id: category.id })).json().error.field).toBe('name');
    const unknown = await post({ category_id: 999999, name: 'Lost' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ field: 'category_id', message: 'Category not found' });
    expect((await post({ category_id: foreign.id, name: 'Wrong library' })).json().error.field).toBe('category_id');

    // A viewer needs a manage_categories grant to add one.
    expect((await post({ category_id: category.id, name: 'Weekly Returns' }, asViewer)).statusCode).toBe(403);
    const created = await post({ category_id: category.id, name: 'Weekly Returns' }, asKeeper);
    expect(created.statusCode).toBe(201);
    const subcategory = created.json().data.subcategory;
    expect(subcategory).toEqual({
      id: expect.any(Number),
      name: 'Weekly Returns',
      description: null,
      slug: 'weekly-returns',
      icon: '📋',
      color: '#6B7280',
      category_id: category.id,
      category_name: 'Parent',
      document_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await post({ category_id: category.id, name: 'Weekly returns' })).statusCode).toBe(409);
    expect((await post({ category_id: otherCategory.id, name: 'Weekly returns' })).statusCode).toBe(201);

    const listed = await asViewer({ method: 'GET', url: `${url}/${category.id}/subcategories` });
    expect(listed.json().data.subcategories.map((s: { name: string }) => s.name)).toEqual(['Weekly Returns']);
    expect((await asViewer({ method: 'GET', url: `${url}/999999/subcategories` })).statusCode).toBe(404);

    const sub = `/api/${library}/subcategories/${subcategory.id}`;
    expect((await asViewer({ method: 'GET', url: sub })).json().data.subcategory.name).toBe('Weekly Returns');
    expect((await asViewer({ method: 'GET', url: `/api/${library}/subcategories/999999` })).statusCode).toBe(404);
    expect((await asAdmin({ method: 'PUT', url: sub, payload: { category_id: foreign.id } })).json().error.field).toBe(
      'category_id',
    );
    expect(
      (await asAdmin({ method: 'PUT', url: `/api/${library}/subcategories/999999`, payload: { name: 'X' } }))
        .statusCode,
    ).toBe(404);
    const updated = await asAdmin({ method: 'PUT', url: sub, payload: { name: 'Monthly Returns', icon: '🗂️' } });
    expect(updated.json().data.subcategory).toMatchObject({
      name: 'Monthly Returns',
      slug: 'monthly-returns',
      icon: '🗂️',
    });
  });

  it('moves a subcategory with its documents to another category', async () => {
    const from = await t.buildCategory(library);
    const to = await t.buildCategory(library);
    const subcategory = await t.buildSubcategory(from.id);
    const document = await t.buildDocument(library, { category_id: from.id, subcategory_id: subcategory.id });
    const moved = await asAdmin({
      method: 'PUT',
      url: `/api/${library}/subcategories/${subcategory.id}`,
      payload: { category_id: to.id },
    });
    expect(moved.json().data.subcategory).toMatchObject({ category_id: to.id, document_count: 1 });
    const [row] = await t.database.db.select().from(libraryDocuments).where(eq(libraryDocuments.id, document.id));
    expect(row).toMatchObject({ category_id: to.id, subcategory_id: subcategory.id });
  });

  it('moves a category with its subcategories, documents, acknowledgments and files to the trash (manage_categories, and delete_documents when it holds documents)', async () => {
    const doomed = await t.buildCategory(library, { name: 'Doomed' });
    const kept = await t.buildCategory(library, { name: 'Kept' });
    const sub1 = await t.buildSubcategory(doomed.id);
    const sub2 = await t.buildSubcategory(doomed.id);
    const inCategory = await t.buildDocument(library, { category_id: doomed.id, file: pdfBytes(3000) });
    await t.buildDocument(library, { category_id: doomed.id, subcategory_id: sub1.id, file: pdfBytes(3000) });
    await t.buildDocument(library, { category_id: doomed.id, subcategory_id: sub2.id, file: pdfBytes(3000) });
    await t.buildDocument(library, { category_id: doomed.id, subcategory_id: sub2.id });
    const survivor = await t.buildDocument(library, { category_id: kept.id, file: pdfBytes(3000) });
    const reader = await t.buildUser();
    await t.database.db.insert(libraryAcknowledgments).values({ document_id: inCategory.id, user_id: reader.id });
    const filesBefore = t.countFiles();

    expect((await asAdmin({ method: 'DELETE', url: `${url}/999999` })).statusCode).toBe(404);
    expect((await asViewer({ method: 'DELETE', url: `${url}/${doomed.id}` })).statusCode).toBe(403);
    // manage_categories alone deletes empty folders only.
    const refused = await asKeeper({ method: 'DELETE', url: `${url}/${doomed.id}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'This folder holds 4 documents: deleting it needs the delete_documents permission',
    );
    const empty = await t.buildCategory(library, { name: 'Empty' });
    expect((await asKeeper({ method: 'DELETE', url: `${url}/${empty.id}` })).json()).toEqual({
      success: true,
      message: 'Category deleted successfully',
    });
    expect(t.countFiles()).toBe(filesBefore);
    const response = await asAdmin({ method: 'DELETE', url: `${url}/${doomed.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Category deleted successfully with 4 documents' });

    // In the trash: nothing shows, nothing is lost.
    const db = t.database.db;
    expect(
      (
        await db
          .select({ n: count() })
          .from(libraryDocuments)
          .where(and(eq(libraryDocuments.category_id, doomed.id), isNotNull(libraryDocuments.deleted_at)))
      )[0]!.n,
    ).toBe(4);
    expect(
      (
        await db
          .select({ n: count() })
          .from(librarySubcategories)
          .where(and(eq(librarySubcategories.category_id, doomed.id), isNotNull(librarySubcategories.deleted_at)))
      )[0]!.n,
    ).toBe(2);
    expect(
      (
        await db
          .select({ n: count() })
          .from(libraryAcknowledgments)
          .where(eq(libraryAcknowledgments.document_id, inCategory.id))
      )[0]!.n,
    ).toBe(1);
    expect(t.countFiles()).toBe(filesBefore);
    expect((await asViewer({ method: 'GET', url: `${url}/${doomed.id}` })).statusCode).toBe(404);
    expect(
      (await asViewer({ method: 'GET', url })).json().data.categories.map((c: { id: number }) => c.id),
    ).not.toContain(doomed.id);
    expect((await asViewer({ method: 'GET', url: `/api/${library}?category_id=${doomed.id}` })).json().data).toEqual(
      [],
    );
    expect((await asViewer({ method: 'GET', url: `/api/${library}/${inCategory.id}` })).statusCode).toBe(404);
    const download = await asViewer({ method: 'GET', url: `/api/${library}/${survivor.id}/file` });
    expect(download.statusCode).toBe(200);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, `${auditKey(library)}_category.delete`), eq(auditLog.entity_id, String(doomed.id))),
      );
    expect(entry?.details).toMatchObject({ name: 'Doomed', subcategories: 2, documents: 4 });
  });

  it('moves a subcategory with its documents only to the trash (manage_categories, and delete_documents when it holds documents)', async () => {
    const category = await t.buildCategory(library);
    const doomed = await t.buildSubcategory(category.id);
    const sibling = await t.buildSubcategory(category.id);
    await t.buildDocument(library, { category_id: category.id, subcategory_id: doomed.id, file: pdfBytes(1000) });
    const kept = await t.buildDocument(library, {
      category_id: category.id,
      subcategory_id: sibling.id,
      file: pdfBytes(1000),
    });
    const direct = await t.buildDocument(library, { category_id: category.id });
    const filesBefore = t.countFiles();

    expect((await asAdmin({ method: 'DELETE', url: `/api/${library}/subcategories/999999` })).statusCode).toBe(404);
    expect((await asViewer({ method: 'DELETE', url: `/api/${library}/subcategories/${doomed.id}` })).statusCode).toBe(
      403,
    );
    expect((await asKeeper({ method: 'DELETE', url: `/api/${library}/subcategories/${doomed.id}` })).statusCode).toBe(
      403,
    );
    expect(t.countFiles()).toBe(filesBefore);
    const response = await asAdmin({ method: 'DELETE', url: `/api/${library}/subcategories/${doomed.id}` });
    expect(response.json()).toEqual({ success: true, message: 'Subcategory deleted successfully with 1 document' });
    expect(t.countFiles()).toBe(filesBefore);
    const left = await asViewer({ method: 'GET', url: `/api/${library}?category_id=${category.id}` });
    expect(
      left
        .json()
        .data.map((d: { id: number }) => d.id)
        .sort(),
    ).toEqual([kept.id, direct.id].sort());
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/categories/${category.id}` })).json().data.category,
    ).toMatchObject({ subcategory_count: 1, document_count: 2 });
  });
});

function auditKey(library: Library): string {
  return { orders: 'order', circulars: 'circular', 'government-decisions': 'decision' }[library];
}

describe('the OpenAPI document', () => {
  it('lists the routes of all three libraries', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/orders/',
        '/api/orders/{id}',
        '/api/orders/upload',
        '/api/orders/{id}/file',
        '/api/orders/{id}/approve',
        '/api/orders/{id}/reject',
        '/api/circulars/{id}/acknowledge',
        '/api/government-decisions/{id}/acknowledge',
        '/api/government-decisions/categories',
        '/api/circulars/categories/{id}/subcategories',
        '/api/orders/subcategories/{id}',
      ]),
    );
    expect(document.paths['/api/circulars/{id}/approve']).toBeUndefined();
    expect(document.paths['/api/orders/{id}/acknowledge']).toBeUndefined();
    expect(
      Object.keys(
        document.paths['/api/circulars/{id}'].get.responses['200'].content['application/json'].schema.properties.data
          .properties,
      ),
    ).toEqual(['circular']);
  });
});
