import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LIBRARIES, LIBRARY_RECORD_KEYS, type Library } from '@srpf/shared';
import { auditLog } from '../../db/schema/index.js';
import { libraryDocuments } from '../../db/schema/libraries.js';
import { createLibraryTestApp, pdfBytes, type LibraryTestApp, type Request } from '../../test/library-fixtures.js';

let t: LibraryTestApp;
let asAdmin: Request;
let asViewer: Request;
let adminId: number;

beforeAll(async () => {
  t = await createLibraryTestApp();
  const admin = await t.buildUser({ role: 'admin', first_name: 'Anita', last_name: 'Deshmukh' });
  adminId = admin.id;
  asAdmin = t.withToken(await t.signIn(admin.email, admin.password));
  asViewer = await t.as('viewer');
});
afterAll(() => t.close());

describe.each(LIBRARIES)('documents of %s', (library: Library) => {
  const base = `/api/${library}`;
  const key = LIBRARY_RECORD_KEYS[library];
  const create = (payload: object, request: Request = asAdmin) => request({ method: 'POST', url: base, payload });

  it('needs a token on every document route', async () => {
    const routes: [string, string][] = [
      ['GET', base],
      ['GET', `${base}/1`],
      ['POST', base],
      ['POST', `${base}/upload`],
      ['PUT', `${base}/1`],
      ['DELETE', `${base}/1`],
      ['GET', `${base}/1/file`],
    ];
    for (const [method, url] of routes) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        ...(method === 'POST' || method === 'PUT' ? { payload: { title: 'X' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates a document without a file: pending, no file_url, the spec’s defaults', async () => {
    const category = await t.buildCategory(library, { name: 'Establishment' });
    const subcategory = await t.buildSubcategory(category.id, { name: 'Postings' });
    const response = await create({
      title: 'Posting of SRPF Group 5 to Daund',
      effective_date: '2026-11-20',
      category_id: category.id,
      subcategory_id: subcategory.id,
      description: 'Movement order',
      content: library === 'orders' ? undefined : 'Posting of SRPF Group 5 to Daund',
      tags: 'posting, daund ,posting',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body.data)).toEqual([key]);
    expect(body.message).toMatch(/created successfully$/);
    expect(body.data[key]).toEqual({
      id: expect.any(Number),
      title: 'Posting of SRPF Group 5 to Daund',
      description: 'Movement order',
      content: library === 'orders' ? null : 'Posting of SRPF Group 5 to Daund',
      effective_date: '2026-11-20',
      slug: 'posting-of-srpf-group-5-to-daund',
      category_id: category.id,
      subcategory_id: subcategory.id,
      category_name: 'Establishment',
      category_icon: '📄',
      subcategory_name: 'Postings',
      subcategory_icon: '📋',
      priority: 'medium',
      status: 'pending',
      file_url: null,
      file_name: null,
      file_size: null,
      company_id: 1,
      company: { id: 1, name: 'Headquarters' },
      assignee_id: null,
      assignee: null,
      author: { id: adminId, name: 'Anita Deshmukh' },
      dueDate: null,
      is_mandatory: false,
      tags: ['posting', 'daund'],
      acknowledgments: [],
      acknowledgments_count: 0,
      own_acknowledgment: null,
      acknowledged: false,
      version: 1,
      supersedes_id: null,
      versions: [
        {
          version: 1,
          file_name: null,
          file_size: null,
          uploaded_at: expect.any(String),
          uploaded_by: { id: adminId, name: 'Anita Deshmukh' },
          file_url: null,
        },
      ],
      supersedes: null,
      superseded_by: [],
      timeline: [{ event: 'created', at: expect.any(String), by: { id: adminId, name: 'Anita Deshmukh' } }],
      created_at: expect.any(String),
      createdAt: expect.any(String),
      updated_at: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, `${key}.create`), eq(auditLog.entity_id, String(body.data[key].id))));
    expect(entry).toMatchObject({ actor_id: adminId, outcome: 'success' });
  });

  it(`lets a viewer (upload_documents) create ${library}, and the admin delete it; an officer or a viewer (no delete_documents) may not`, async () => {
    const response = await create({ title: `By a viewer ${library}`, effective_date: '2026-11-20' }, asViewer);
    expect(response.statusCode).toBe(201);
    const document = response.json().data[key];
    expect(document).toMatchObject({ title: `By a viewer ${library}`, status: 'pending' });
    const url = `${base}/${document.id}`;
    const asOfficer = await t.as('officer');
    for (const request of [asViewer, asOfficer]) {
      const refused = await request({ method: 'DELETE', url });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().success).toBe(false);
    }
    expect((await asViewer({ method: 'GET', url })).json().data[key].title).toBe(`By a viewer ${library}`);
    expect((await asAdmin({ method: 'DELETE', url })).statusCode).toBe(200);
    expect((await asViewer({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const category = await t.buildCategory(library);
    const otherCategory = await t.buildCategory(library);
    const subcategoryElsewhere = await t.buildSubcategory(otherCategory.id);
    const foreignCategory = await t.buildCategory(LIBRARIES.find((l) => l !== library)!);
    const valid = { title: 'Valid', effective_date: '2026-11-20' };
    const cases: [object, string, string?][] = [
      [{ effective_date: '2026-11-20' }, 'title', 'Title is required'],
      [{ title: '  ', effective_date: '2026-11-20' }, 'title', 'Title is required'],
      [{ title: 12, effective_date: '2026-11-20' }, 'title'],
      [{ title: 'No date' }, 'effective_date', 'Effective date is required'],
      [
        { ...valid, effective_date: '2026-02-30' },
        'effective_date',
        'Effective date must be a valid date (YYYY-MM-DD)',
      ],
      [{ ...valid, effective_date: '20/11/2026' }, 'effective_date'],
      [{ ...valid, effective_date: 20261120 }, 'effective_date'],
      [{ ...valid, category_id: '5' }, 'category_id'],
      [{ ...valid, category_id: -1 }, 'category_id'],
      [{ ...valid, category_id: 999999 }, 'category_id', 'Category not found'],
      [{ ...valid, category_id: foreignCategory.id }, 'category_id', 'Category not found'],
      [{ ...valid, subcategory_id: 999999 }, 'subcategory_id', 'Subcategory not found'],
      [
        { ...valid, category_id: category.id, subcategory_id: subcategoryElsewhere.id },
        'subcategory_id',
        'The subcategory does not belong to the chosen category',
      ],
      [{ ...valid, priority: 'urgent' }, 'priority'],
      [{ ...valid, dueDate: '2026-13-01' }, 'dueDate'],
      [{ ...valid, assignee_id: 999999 }, 'assignee_id', 'User not found'],
      [{ ...valid, company_id: 999999 }, 'company_id', 'Company not found'],
      [{ ...valid, is_mandatory: 'yes' }, 'is_mandatory'],
      [{ ...valid, tags: [1, 2] }, 'tags'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.field, JSON.stringify(payload)).toBe(field);
      if (message) expect(response.json().error.message, JSON.stringify(payload)).toContain(message);
    }
  });

  it('refuses a duplicate slug within a folder with 409, allows it in another folder', async () => {
    const a = await t.buildCategory(library);
    const b = await t.buildCategory(library);
    expect((await create({ title: 'Duty Roster', effective_date: '2026-11-01', category_id: a.id })).statusCode).toBe(
      201,
    );
    const clash = await create({ title: 'Duty roster!', effective_date: '2026-11-02', category_id: a.id });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({ code: 'ALREADY_EXISTS', field: 'slug' });
    expect((await create({ title: 'Duty Roster', effective_date: '2026-11-01', category_id: b.id })).statusCode).toBe(
      201,
    );
    expect(
      (await create({ title: 'Other', slug: 'Duty Roster', effective_date: '2026-11-01', category_id: b.id }))
        .statusCode,
    ).toBe(409);
    // Marathi titles have no Latin slug and never clash.
    for (let i = 0; i < 2; i += 1)
      expect((await create({ title: 'बंदोबस्त आदेश', effective_date: '2026-11-01', category_id: a.id })).statusCode).toBe(
        201,
      );
  });

  it('takes a subcategory alone with its category', async () => {
    const category = await t.buildCategory(library);
    const subcategory = await t.buildSubcategory(category.id);
    const response = await create({
      title: 'Placed by subcategory',
      effective_date: '2026-11-01',
      category_id: null,
      subcategory_id: subcategory.id,
    });
    expect(response.json().data[key]).toMatchObject({ category_id: category.id, subcategory_id: subcategory.id });
  });

  it('lists newest first with pagination, the filters and the list fields', async () => {
    const category = await t.buildCategory(library, { name: 'Listed' });
    const sub = await t.buildSubcategory(category.id, { name: 'Listed sub' });
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push(
        (
          await t.buildDocument(library, {
            title: `Listed ${i}`,
            category_id: category.id,
            subcategory_id: i < 2 ? sub.id : null,
            created_at: new Date(Date.UTC(2026, 10, 1 + i)),
          })
        ).id,
      );
    const withFile = await t.buildDocument(library, {
      title: 'Listed with file',
      category_id: category.id,
      file: pdfBytes(),
      created_at: new Date(Date.UTC(2026, 10, 10)),
    });

    const page = await asViewer({ method: 'GET', url: `${base}?category_id=${category.id}&limit=4` });
    expect(page.statusCode).toBe(200);
    expect(page.json().pagination).toEqual({
      page: 1,
      limit: 4,
      total: 6,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
    });
    const first = page.json().data[0];
    expect(first).toMatchObject({
      id: withFile.id,
      file_url: `/api/${library}/${withFile.id}/file`,
      category_name: 'Listed',
      acknowledgments: 0,
      acknowledged: false,
    });
    expect(page.json().data.map((d: { id: number }) => d.id)).toEqual([withFile.id, ids[4], ids[3], ids[2]]);
    const second = await asViewer({ method: 'GET', url: `${base}?category_id=${category.id}&limit=4&page=2` });
    expect(second.json().data.map((d: { id: number }) => d.id)).toEqual([ids[1], ids[0]]);
    const bySub = await asViewer({ method: 'GET', url: `${base}?subcategory_id=${sub.id}` });
    expect(bySub.json().data.map((d: { id: number }) => d.id)).toEqual([ids[1], ids[0]]);
    expect(bySub.json().data[0]).toMatchObject({ subcategory_name: 'Listed sub', subcategory_icon: '📋' });
    expect((await asViewer({ method: 'GET', url: `${base}?category_id=&subcategory_id=` })).statusCode).toBe(200);
    expect((await asViewer({ method: 'GET', url: base })).json().pagination.limit).toBe(20);

    for (const query of ['limit=101', 'page=0', 'category_id=abc', 'subcategory_id=-4', `search=${'x'.repeat(201)}`]) {
      expect((await asViewer({ method: 'GET', url: `${base}?${query}` })).statusCode, query).toBe(400);
    }
  });

  it('finds Devanagari and English titles, content and tags by whole or partial words', async () => {
    const category = await t.buildCategory(library);
    const marathi = await t.buildDocument(library, {
      title: 'राज्य राखीव पोलीस बल गट क्रमांक ५ बंदोबस्त आदेश',
      category_id: category.id,
    });
    const hindi = await t.buildDocument(library, {
      title: 'वार्षिक निरीक्षण परिपत्र',
      content: 'सभी कंपनियों के लिए अनिवार्य',
      category_id: category.id,
    });
    const english = await t.buildDocument(library, {
      title: 'Annual Inspection Schedule',
      tags: ['inspection', 'Nagpur'],
      category_id: category.id,
    });
    const percent = await t.buildDocument(library, { title: '100% attendance drill', category_id: category.id });
    const search = async (words: string) =>
      (await asViewer({ method: 'GET', url: `${base}?category_id=${category.id}&search=${encodeURIComponent(words)}` }))
        .json()
        .data.map((d: { id: number }) => d.id);

    expect(await search('बंदोबस्त')).toEqual([marathi.id]);
    expect(await search('बंदोब')).toEqual([marathi.id]);
    expect(await search('आदेश राखीव')).toEqual([marathi.id]);
    expect(await search('निरीक्षण')).toEqual([hindi.id]);
    expect(await search('अनिवार्य')).toEqual([hindi.id]);
    expect(await search('INSPECT')).toEqual([english.id]);
    expect(await search('nagpur')).toEqual([english.id]);
    expect(await search('100%')).toEqual([percent.id]);
    expect(await search('%')).toEqual([percent.id]);
    expect(await search('_')).toEqual([]);
    expect(await search('inspection missing')).toEqual([]);
  });

  it('reads one document: 400 malformed, 404 unknown or of another library', async () => {
    const document = await t.buildDocument(library, { title: 'One' });
    const foreign = await t.buildDocument(
      LIBRARIES.find((l) => l !== library)!,
      { title: 'Foreign' },
    );
    expect((await asViewer({ method: 'GET', url: `${base}/abc` })).statusCode).toBe(400);
    expect((await asViewer({ method: 'GET', url: `${base}/0` })).statusCode).toBe(400);
    expect((await asViewer({ method: 'GET', url: `${base}/99999999999` })).statusCode).toBe(400);
    const missing = await asViewer({ method: 'GET', url: `${base}/999999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    expect((await asViewer({ method: 'GET', url: `${base}/${foreign.id}` })).statusCode).toBe(404);
    const one = await asViewer({ method: 'GET', url: `${base}/${document.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data[key]).toMatchObject({
      id: document.id,
      title: 'One',
      file_url: null,
      timeline: [{ event: 'created' }],
    });
  });

  it('updates the fields sent, with 400, 403 and 404 first, and shows the update in the timeline', async () => {
    const category = await t.buildCategory(library);
    const subcategory = await t.buildSubcategory(category.id);
    const otherCategory = await t.buildCategory(library, { name: 'Moved here' });
    const assignee = await t.buildUser({ first_name: 'Suresh', last_name: 'Kale' });
    const created = (
      await create({
        title: 'Before edit',
        effective_date: '2026-11-01',
        category_id: category.id,
        subcategory_id: subcategory.id,
      })
    ).json().data[key];
    const url = `${base}/${created.id}`;

    expect((await asAdmin({ method: 'PUT', url: `${base}/999999`, payload: { title: 'X' } })).statusCode).toBe(404);
    expect((await asAdmin({ method: 'PUT', url, payload: { effective_date: '2026-02-31' } })).json().error.field).toBe(
      'effective_date',
    );
    expect((await asAdmin({ method: 'PUT', url, payload: { title: '' } })).json().error.field).toBe('title');
    expect((await asAdmin({ method: 'PUT', url, payload: { category_id: 'x' } })).json().error.field).toBe(
      'category_id',
    );
    expect((await asAdmin({ method: 'PUT', url, payload: { assignee_id: 999999 } })).json().error.field).toBe(
      'assignee_id',
    );
    // Only the uploader or an administrator edits a document (the documents issue).
    const byViewer = await asViewer({ method: 'PUT', url, payload: { title: 'By viewer' } });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/uploader .* or an administrator/),
    });
    const own = (
      await asViewer({
        method: 'POST',
        url: base,
        payload: { title: 'Filed by a viewer', effective_date: '2026-11-01' },
      })
    ).json().data[key];
    const ownEdit = await asViewer({
      method: 'PUT',
      url: `${base}/${own.id}`,
      payload: { title: 'Edited by its uploader' },
    });
    expect(ownEdit.statusCode).toBe(200);
    expect(ownEdit.json().data[key].title).toBe('Edited by its uploader');

    const response = await asAdmin({
      method: 'PUT',
      url,
      payload: {
        title: 'After Edit',
        effective_date: '2026-12-01',
        priority: 'high',
        dueDate: '2026-12-15',
        assignee_id: assignee.id,
        category_id: otherCategory.id,
        is_mandatory: true,
        tags: ['a', 'b'],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/updated successfully$/);
    const updated = response.json().data[key];
    expect(updated).toMatchObject({
      title: 'After Edit',
      slug: 'after-edit',
      effective_date: '2026-12-01',
      priority: 'high',
      dueDate: '2026-12-15',
      assignee_id: assignee.id,
      assignee: { id: assignee.id, name: 'Suresh Kale' },
      // A new category without a new subcategory leaves the old subcategory behind.
      category_id: otherCategory.id,
      category_name: 'Moved here',
      subcategory_id: null,
      is_mandatory: true,
      tags: ['a', 'b'],
      status: 'pending',
    });
    expect(updated.timeline.map((e: { event: string }) => e.event)).toEqual(['created', 'updated']);
    expect(updated.timeline.at(-1).by).toEqual({ id: adminId, name: 'Anita Deshmukh' });

    const cleared = await asAdmin({
      method: 'PUT',
      url,
      payload: { due_date: null, assignee: null, category_id: null, description: '  ' },
    });
    expect(cleared.json().data[key]).toMatchObject({
      dueDate: null,
      assignee: null,
      category_id: null,
      description: null,
      title: 'After Edit',
    });
    const searchable = await asViewer({ method: 'GET', url: `${base}?search=after%20edit` });
    expect(searchable.json().data.map((d: { id: number }) => d.id)).toContain(created.id);
  });

  it('deletes: 403 for a viewer (no delete permission), 404 unknown, then the document goes to the trash with its file', async () => {
    const document = await t.buildDocument(library, { title: 'To delete', file: pdfBytes(5000) });
    const files = t.countFiles();
    expect((await asViewer({ method: 'DELETE', url: `${base}/${document.id}` })).statusCode).toBe(403);
    expect((await asAdmin({ method: 'DELETE', url: `${base}/999999` })).statusCode).toBe(404);
    expect((await asAdmin({ method: 'DELETE', url: `${base}/abc` })).statusCode).toBe(400);
    const response = await asAdmin({ method: 'DELETE', url: `${base}/${document.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: expect.stringMatching(/deleted successfully$/) });
    const [row] = await t.database.db.select().from(libraryDocuments).where(eq(libraryDocuments.id, document.id));
    expect(row).toMatchObject({ deleted_at: expect.any(Date), trashed_with_folder: false });
    expect(t.countFiles()).toBe(files);
    expect((await asAdmin({ method: 'GET', url: `${base}/${document.id}` })).statusCode).toBe(404);
    expect((await asAdmin({ method: 'GET', url: `${base}/${document.id}/file` })).statusCode).toBe(404);
    expect((await asAdmin({ method: 'DELETE', url: `${base}/${document.id}` })).statusCode).toBe(404);
    expect((await asAdmin({ method: 'GET', url: `${base}/${document.id}` })).statusCode).toBe(404);
  });
});
