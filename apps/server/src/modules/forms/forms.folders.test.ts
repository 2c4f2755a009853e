import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_FORM_TREE,
  defaultFolderIcon,
  FORM_FOLDER_LEVELS,
  FORM_FOLDER_MESSAGES as M,
  FORM_FOLDER_PATHS,
  type DefaultFolder,
  type FormFolderLevel,
} from '@srpf/shared';
import { auditLog, formFolders, forms } from '../../db/schema/index.js';
import { createBranch, createFolder, folderName, insertForm } from '../../test/form-folder-fixtures.js';
import type { Request } from '../../test/library-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let asAdmin: Request;
let asViewer: Request;
/** A viewer granted manage_categories: keeps the folder tree. */
let asKeeper: Request;
/** A viewer granted manage_categories and delete_documents. */
let asKeeperWhoDeletes: Request;

beforeAll(async () => {
  t = await createTestApp({ apiRateLimit: 100_000 });
  asAdmin = await t.as('admin');
  asViewer = await t.as('viewer');
  asKeeper = (await t.asUser({ role: 'viewer', granted_permissions: ['manage_categories'] })).request;
  asKeeperWhoDeletes = (
    await t.asUser({ role: 'viewer', granted_permissions: ['manage_categories', 'delete_documents'] })
  ).request;
});
afterAll(() => t.close());

const url = (level: FormFolderLevel, id?: number) =>
  `/api/forms/${FORM_FOLDER_PATHS[level]}${id === undefined ? '' : `/${id}`}`;
const KEYS = {
  category: ['category', 'categories'],
  subcategory: ['subcategory', 'subcategories'],
  sub_subcategory: ['subSubcategory', 'subSubcategories'],
} as const;

interface TreeFolder {
  id: number;
  name: string;
  nameMr: string | null;
  slug: string;
  label: string;
  icon: string;
  color: string;
  sortOrder: number;
  formCount: number;
  subcategories?: TreeFolder[];
  subSubcategories?: TreeFolder[];
}

async function tree(request: Request = asViewer, language = 'en'): Promise<TreeFolder[]> {
  const response = await request({ method: 'GET', url: `/api/forms/categories/tree?language=${language}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.categories;
}

async function list(level: FormFolderLevel, query = '', request: Request = asViewer) {
  const response = await request({ method: 'GET', url: `${url(level)}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data[KEYS[level][1]] as (TreeFolder & {
    isActive: boolean;
    categoryId?: number;
    subcategoryId?: number;
  })[];
}

async function formCountOf(level: FormFolderLevel, id: number, request: Request): Promise<number | undefined> {
  return (await list(level, '', request)).find((folder) => folder.id === id)?.formCount;
}

type ParentField = { categoryId?: number; subcategoryId?: number };
/** The parent field of a level's body. */
const parentOf = (level: FormFolderLevel, id: number): ParentField =>
  level === 'subcategory' ? { categoryId: id } : level === 'sub_subcategory' ? { subcategoryId: id } : {};
/** A live parent for a new folder of the level. */
async function parentFor(level: FormFolderLevel): Promise<ParentField> {
  if (level === 'category') return {};
  const branch = await createBranch(asAdmin);
  return parentOf(level, level === 'subcategory' ? branch.category.id : branch.subcategory.id);
}

describe('the default tree', () => {
  /** The tree as DEFAULT_FORM_TREE writes it: slug, names, icon and colour (subfolders wear their category's). */
  const expected = (folders: readonly DefaultFolder[], color = '#3B82F6'): unknown[] =>
    folders.map((folder, index) => {
      const own = folder.color ?? color;
      return {
        slug: folder.slug,
        name: folder.name,
        nameMr: folder.nameMr,
        icon: defaultFolderIcon(folder.slug),
        color: own,
        sortOrder: index,
        children: expected(folder.children ?? [], own),
      };
    });
  const shape = (folders: TreeFolder[]): unknown[] =>
    folders.map(({ slug, name, nameMr, icon, color, sortOrder, subcategories, subSubcategories }) => ({
      slug,
      name,
      nameMr,
      icon,
      color,
      sortOrder,
      children: shape(subcategories ?? subSubcategories ?? []),
    }));

  it('is what a fresh installation has: DEFAULT_FORM_TREE, with English and Marathi names, icons by slug and colours', async () => {
    const fresh = await createTestApp();
    try {
      const response = await (
        await fresh.as('viewer')
      )({ method: 'GET', url: '/api/forms/categories/tree?language=en' });
      expect(response.statusCode).toBe(200);
      expect(shape(response.json().data.categories)).toEqual(expected(DEFAULT_FORM_TREE));
      expect(await fresh.database.db.$count(formFolders)).toBe(21);
    } finally {
      await fresh.close();
    }
  });
});

describe('the tree', () => {
  it('labels folders in the language asked: the Marathi name for mr and hi where there is one', async () => {
    const mr = await tree(asViewer, 'mr');
    const gpf = mr.find((folder) => folder.slug === 'gpf')!;
    expect(gpf.label).toBe('भविष्य निर्वाह निधी');
    expect(gpf.subcategories!.map((folder) => folder.label)).toEqual(['परतावा', 'ना-परतावा']);
    expect((await tree(asViewer, 'hi')).find((folder) => folder.slug === 'gpf')!.label).toBe('भविष्य निर्वाह निधी');
    const en = await tree(asViewer, 'en');
    expect(en.find((folder) => folder.slug === 'gpf')!.label).toBe('GPF');
    // Without a Marathi name, the name in every language.
    const plain = await createFolder(asAdmin, 'category', { name: folderName('Plain') });
    expect((await tree(asViewer, 'mr')).find((folder) => folder.id === plain.id)!.label).toBe(plain.name);
  });

  it('nests every live folder in sort order then name, inactive ones included, trashed ones not', async () => {
    const category = await createFolder(asAdmin, 'category', { sortOrder: 0, name: 'Aaa nest test' });
    const later = await createFolder(asAdmin, 'subcategory', { categoryId: category.id, name: 'Alpha', sortOrder: 2 });
    const first = await createFolder(asAdmin, 'subcategory', {
      categoryId: category.id,
      name: 'Zulu',
      sortOrder: 1,
      isActive: false,
    });
    const sameOrderB = await createFolder(asAdmin, 'subcategory', {
      categoryId: category.id,
      name: 'Bravo',
      sortOrder: 2,
    });
    const deep = await createFolder(asAdmin, 'sub_subcategory', { subcategoryId: first.id, name: 'Deep' });
    const trashed = await createFolder(asAdmin, 'subcategory', { categoryId: category.id, name: 'Gone' });
    expect((await asAdmin({ method: 'DELETE', url: url('subcategory', trashed.id) })).statusCode).toBe(200);

    const found = (await tree()).find((folder) => folder.id === category.id)!;
    expect(found.subcategories!.map((folder) => folder.id)).toEqual([first.id, later.id, sameOrderB.id]);
    expect(found.subcategories![0]!.subSubcategories!.map((folder) => folder.id)).toEqual([deep.id]);
    expect(found.subcategories![1]!.subSubcategories).toEqual([]);
  });

  it('refuses an unknown language with 400 on the field, and needs a session', async () => {
    const response = await asViewer({ method: 'GET', url: '/api/forms/categories/tree?language=fr' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'language' });
    expect((await t.app.inject({ method: 'GET', url: '/api/forms/categories/tree' })).statusCode).toBe(401);
  });
});

describe('access', () => {
  it('needs a session for every folder route (401)', async () => {
    for (const level of FORM_FOLDER_LEVELS) {
      for (const [method, path] of [
        ['GET', url(level)],
        ['POST', url(level)],
        ['PUT', url(level, 1)],
        ['DELETE', url(level, 1)],
      ] as const) {
        const response = await t.app.inject({
          method,
          url: path,
          ...(method === 'POST' || method === 'PUT' ? { payload: { name: 'X' } } : {}),
        });
        expect(response.statusCode, `${method} ${path}`).toBe(401);
        expect(response.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
      }
    }
  });

  it('lets every signed-in person read, and refuses a viewer every change (403), leaving the folder as it was', async () => {
    for (const level of FORM_FOLDER_LEVELS) {
      const parent = await parentFor(level);
      const folder = await createFolder(asAdmin, level, parent);
      expect((await list(level, '', asViewer)).some((row) => row.id === folder.id)).toBe(true);
      const refusals = [
        await asViewer({ method: 'POST', url: url(level), payload: { name: folderName(), ...parent } }),
        await asViewer({ method: 'PUT', url: url(level, folder.id), payload: { name: 'Renamed' } }),
        await asViewer({ method: 'DELETE', url: url(level, folder.id) }),
      ];
      for (const response of refusals) {
        expect(response.statusCode, `${level} ${response.body}`).toBe(403);
        expect(response.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
      }
      const [row] = await t.database.db.select().from(formFolders).where(eq(formFolders.id, folder.id));
      expect(row).toMatchObject({ name: folder.name, deleted_at: null });
    }
  });
});

describe.each(FORM_FOLDER_LEVELS)('%s folders', (level) => {
  const [one] = KEYS[level];

  it('are created with the spec’s defaults by a keeper of the tree (manage_categories), audited', async () => {
    const parent = await parentFor(level);
    const response = await asKeeper({
      method: 'POST',
      url: url(level),
      payload: { name: '  Pay & Allowances 2026 ', description: 'Kept for a year', ...parent },
    });
    expect(response.statusCode, response.body).toBe(201);
    const folder = response.json().data[one];
    expect(response.json()).toMatchObject({
      success: true,
      message: `${{ category: 'Category', subcategory: 'Subcategory', sub_subcategory: 'Sub-subcategory' }[level]} created successfully`,
    });
    expect(folder).toEqual({
      id: expect.any(Number),
      name: 'Pay & Allowances 2026',
      nameMr: null,
      slug: 'pay-allowances-2026',
      description: 'Kept for a year',
      icon: '📁',
      color: '#3B82F6',
      sortOrder: 0,
      isActive: true,
      formCount: 0,
      ...parent,
      ...(level === 'sub_subcategory' ? { categoryId: expect.any(Number) } : {}),
      ...(level === 'category' ? { subcategories: [] } : level === 'subcategory' ? { subSubcategories: [] } : {}),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_type, `form_${level}`), eq(auditLog.entity_id, String(folder.id))));
    expect(entry).toMatchObject({ action: `form_${level}.create`, outcome: 'success' });
  });

  it('take the fields sent: slug, Marathi name, icon, colour, sort order, active', async () => {
    const parent = await parentFor(level);
    const payload = {
      name: 'Medical',
      nameMr: 'वैद्यकीय',
      slug: 'hr-forms',
      icon: '',
      color: '#ff0000',
      sortOrder: '7',
      isActive: false,
      ...parent,
    };
    const response = await asAdmin({ method: 'POST', url: url(level), payload });
    expect(response.statusCode, response.body).toBe(201);
    // A blank icon takes the default of the slug.
    expect(response.json().data[one]).toMatchObject({
      name: 'Medical',
      nameMr: 'वैद्यकीय',
      slug: 'hr-forms',
      icon: '👥',
      color: '#ff0000',
      sortOrder: 7,
      isActive: false,
    });
  });

  it('refuse each rule of the folder form with 400, the spec’s text and the field', async () => {
    const parent = await parentFor(level);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'name', M.nameRequired],
      [{ name: '   ' }, 'name', M.nameRequired],
      [{ name: 'x'.repeat(25) }, 'name', M.nameTooLong],
      [{ name: 'Valid', slug: 'Not A Slug' }, 'slug', M.slugPattern],
      [{ name: 'Valid', slug: 'a'.repeat(101) }, 'slug', M.slugTooLong],
      // A name without Latin letters or digits derives no slug.
      [{ name: 'गृह कर्ज' }, 'slug', M.slugRequired],
      [{ name: 'Valid', description: 'd'.repeat(501) }, 'description', M.descriptionTooLong],
      [{ name: 'Valid', color: 'blue' }, 'color', M.colorInvalid],
      [{ name: 'Valid', color: '#12345' }, 'color', M.colorInvalid],
      [{ name: 'Valid', sortOrder: -1 }, 'sortOrder', M.sortOrderNegative],
      [{ name: 'Valid', sortOrder: 'abc' }, 'sortOrder', M.sortOrderNegative],
    ];
    for (const [payload, field, message] of cases) {
      const response = await asAdmin({ method: 'POST', url: url(level), payload: { ...parent, ...payload } });
      const label = JSON.stringify(payload);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error, label).toMatchObject({ code: 'VALIDATION_FAILED', field });
      expect(response.json().error.details[0].message, label).toBe(message);
    }
  });

  it('keep slugs unique among a parent’s live children (400 on slug), not across parents, and free a trashed folder’s slug', async () => {
    const first = await parentFor(level);
    const second = await parentFor(level);
    const taken = await createFolder(asAdmin, level, { ...first, name: 'Same name' });
    const again = await asAdmin({
      method: 'POST',
      url: url(level),
      payload: { ...first, name: 'Other', slug: taken.slug },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'slug', message: M.slugTaken });
    expect(again.json().error.message).toContain('slug');
    // Derived from the same name: the same slug, the same refusal.
    expect(
      (await asAdmin({ method: 'POST', url: url(level), payload: { ...first, name: 'Same name' } })).json().error.field,
    ).toBe('slug');
    // Under another parent it is free (a category's slug among subcategories too).
    const elsewhere =
      level === 'category'
        ? { level: 'subcategory' as const, parent: await parentFor('subcategory') }
        : { level, parent: second };
    expect(
      (
        await asAdmin({
          method: 'POST',
          url: url(elsewhere.level),
          payload: { ...elsewhere.parent, name: 'Same name' },
        })
      ).statusCode,
    ).toBe(201);
    // Trashed, the slug is free again.
    expect((await asAdmin({ method: 'DELETE', url: url(level, taken.id) })).statusCode).toBe(200);
    expect(
      (await asAdmin({ method: 'POST', url: url(level), payload: { ...first, name: 'Same name' } })).statusCode,
    ).toBe(201);
  });

  it('answer a race for one slug with one creation and 400s, never a 500', async () => {
    const parent = await parentFor(level);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        asAdmin({ method: 'POST', url: url(level), payload: { ...parent, name: 'Raced name' } }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 400))
      expect(response.json().error).toMatchObject({ field: 'slug', message: M.slugTaken });
  });

  it('are updated field by field; a blank slug is derived again, a name alone keeps the slug; audited', async () => {
    const folder = await createFolder(asAdmin, level, { ...(await parentFor(level)), name: 'Before' });
    const renamed = await asKeeper({
      method: 'PUT',
      url: url(level, folder.id),
      payload: { name: 'After', description: 'Now described', sortOrder: 3, isActive: false, color: '#00AA00' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data[one]).toMatchObject({
      name: 'After',
      slug: 'before',
      description: 'Now described',
      sortOrder: 3,
      isActive: false,
      color: '#00AA00',
    });
    const reslugged = await asKeeper({ method: 'PUT', url: url(level, folder.id), payload: { slug: '' } });
    expect(reslugged.json().data[one]).toMatchObject({ slug: 'after' });
    const chosen = await asKeeper({
      method: 'PUT',
      url: url(level, folder.id),
      payload: { slug: 'financial-forms', icon: null },
    });
    expect(chosen.json().data[one]).toMatchObject({ slug: 'financial-forms', icon: '💰' });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, `form_${level}.update`), eq(auditLog.entity_id, String(folder.id))));
    expect(entries).toHaveLength(3);
  });

  it('refuse an empty update, an unknown or other-level id, and a slug taken by a sibling', async () => {
    const parent = await parentFor(level);
    const folder = await createFolder(asAdmin, level, parent);
    const sibling = await createFolder(asAdmin, level, parent);
    const empty = await asAdmin({ method: 'PUT', url: url(level, folder.id), payload: {} });
    expect(empty.statusCode).toBe(400);
    expect((await asAdmin({ method: 'PUT', url: url(level, 999_999), payload: { name: 'X' } })).statusCode).toBe(404);
    const otherLevel =
      level === 'category'
        ? (await createBranch(asAdmin)).subcategory.id
        : (await createFolder(asAdmin, 'category')).id;
    const wrong = await asAdmin({ method: 'PUT', url: url(level, otherLevel), payload: { name: 'X' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe('NOT_FOUND');
    const clash = await asAdmin({ method: 'PUT', url: url(level, folder.id), payload: { slug: sibling.slug } });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error).toMatchObject({ field: 'slug', message: M.slugTaken });
    expect((await asAdmin({ method: 'DELETE', url: url(level, 999_999) })).statusCode).toBe(404);
    expect((await asAdmin({ method: 'PUT', url: url(level, 0), payload: { name: 'X' } })).json().error.field).toBe(
      'id',
    );
  });

  it('list with isActive, by sort order then name, categories and subcategories nesting their live subfolders', async () => {
    const parent = await parentFor(level);
    const b = await createFolder(asAdmin, level, { ...parent, name: 'Bravo list', sortOrder: 5 });
    const a = await createFolder(asAdmin, level, { ...parent, name: 'Alpha list', sortOrder: 5 });
    const z = await createFolder(asAdmin, level, { ...parent, name: 'Zulu list', sortOrder: 4, isActive: false });
    const query =
      level === 'category'
        ? ''
        : level === 'subcategory'
          ? `?categoryId=${parent.categoryId}`
          : `?subcategoryId=${parent.subcategoryId}`;
    const ids = (await list(level, query)).map((folder) => folder.id);
    const ours = ids.filter((id) => [a.id, b.id, z.id].includes(id));
    expect(ours).toEqual([z.id, a.id, b.id]);
    const active = (await list(level, `${query ? `${query}&` : '?'}isActive=true`)).map((folder) => folder.id);
    expect(active).toContain(a.id);
    expect(active).not.toContain(z.id);
    const inactive = (await list(level, `${query ? `${query}&` : '?'}isActive=false`)).map((folder) => folder.id);
    expect(inactive).toContain(z.id);
    expect(inactive).not.toContain(a.id);
    // Only the parent's children.
    const parents = (await list(level, query)).map((folder) =>
      level === 'subcategory' ? folder.categoryId : folder.subcategoryId,
    );
    if (level !== 'category') expect(new Set(parents)).toEqual(new Set([parent.categoryId ?? parent.subcategoryId]));
    if (level !== 'sub_subcategory') {
      const child = await createFolder(
        asAdmin,
        level === 'category' ? 'subcategory' : 'sub_subcategory',
        parentOf(level === 'category' ? 'subcategory' : 'sub_subcategory', a.id),
      );
      const listed = (await list(level, query)).find((folder) => folder.id === a.id)!;
      expect((level === 'category' ? listed.subcategories : listed.subSubcategories)!).toEqual([
        { id: child.id, name: child.name, slug: child.slug },
      ]);
    }
    expect((await asViewer({ method: 'GET', url: `${url(level)}?isActive=maybe` })).statusCode).toBe(400);
  });
});

describe('parents', () => {
  it('must exist outside the trash at the level above: 400 with the spec’s text on the field', async () => {
    const { category, subcategory, subSubcategory } = await createBranch(asAdmin);
    const gone = await createBranch(asAdmin);
    expect((await asAdmin({ method: 'DELETE', url: url('category', gone.category.id) })).statusCode).toBe(200);
    const cases: [FormFolderLevel, Record<string, unknown>, string, string][] = [
      ['subcategory', { categoryId: 999_999 }, 'categoryId', M.categoryNotFound],
      ['subcategory', { categoryId: subcategory.id }, 'categoryId', M.categoryNotFound],
      ['subcategory', { categoryId: gone.category.id }, 'categoryId', M.categoryNotFound],
      ['sub_subcategory', { subcategoryId: 999_999 }, 'subcategoryId', M.subcategoryNotFound],
      ['sub_subcategory', { subcategoryId: category.id }, 'subcategoryId', M.subcategoryNotFound],
      ['sub_subcategory', { subcategoryId: subSubcategory.id }, 'subcategoryId', M.subcategoryNotFound],
      ['sub_subcategory', { subcategoryId: gone.subcategory.id }, 'subcategoryId', M.subcategoryNotFound],
      ['subcategory', {}, 'categoryId', 'categoryId is required'],
      ['sub_subcategory', { subcategoryId: 'abc' }, 'subcategoryId', 'subcategoryId must be a number'],
    ];
    for (const [level, parent, field, message] of cases) {
      const response = await asAdmin({ method: 'POST', url: url(level), payload: { name: folderName(), ...parent } });
      const label = `${level} ${JSON.stringify(parent)}`;
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error, label).toMatchObject({ code: 'VALIDATION_FAILED', field });
      expect(response.json().error.details[0].message, label).toBe(message);
    }
  });

  it('change when a folder moves: into a live parent of the right level, with its subfolders and forms', async () => {
    const from = await createBranch(asAdmin);
    const to = await createBranch(asAdmin);
    await insertForm(t.database.db, { folderId: from.subSubcategory.id });
    const moved = await asAdmin({
      method: 'PUT',
      url: url('subcategory', from.subcategory.id),
      payload: { categoryId: to.category.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.subcategory).toMatchObject({
      categoryId: to.category.id,
      formCount: 1,
      subSubcategories: [{ id: from.subSubcategory.id }],
    });
    expect(await formCountOf('category', to.category.id, asAdmin)).toBe(1);
    expect(await formCountOf('category', from.category.id, asAdmin)).toBe(0);
    const deeper = await asAdmin({
      method: 'PUT',
      url: url('sub_subcategory', from.subSubcategory.id),
      payload: { subcategoryId: to.subcategory.id },
    });
    expect(deeper.json().data.subSubcategory).toMatchObject({
      subcategoryId: to.subcategory.id,
      categoryId: to.category.id,
    });

    // A parent of another level, unknown or in the trash: 400 on the field; a sibling slug there: 400 on slug.
    expect(
      (
        await asAdmin({
          method: 'PUT',
          url: url('subcategory', from.subcategory.id),
          payload: { categoryId: to.subcategory.id },
        })
      ).json().error,
    ).toMatchObject({ field: 'categoryId', message: M.categoryNotFound });
    expect(
      (
        await asAdmin({
          method: 'PUT',
          url: url('sub_subcategory', from.subSubcategory.id),
          payload: { subcategoryId: 999_999 },
        })
      ).json().error,
    ).toMatchObject({ field: 'subcategoryId', message: M.subcategoryNotFound });
    const clash = await createFolder(asAdmin, 'subcategory', {
      categoryId: from.category.id,
      slug: from.subcategory.slug,
      name: 'Clash',
    });
    const refused = await asAdmin({
      method: 'PUT',
      url: url('subcategory', clash.id),
      payload: { categoryId: to.category.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ field: 'slug', message: M.slugTaken });
  });
});

describe('formCount', () => {
  it('counts the live forms in a folder and below it, and only those the reader may see', async () => {
    const uploader = await t.asUser({ role: 'viewer' });
    const formsManager = (await t.asUser({ role: 'viewer', granted_permissions: ['manage_forms'] })).request;
    const { category, subcategory, subSubcategory } = await createBranch(asAdmin);
    const db = t.database.db;
    await insertForm(db, { folderId: category.id });
    await insertForm(db, { folderId: subcategory.id });
    await insertForm(db, { folderId: subSubcategory.id });
    await insertForm(db, { folderId: subSubcategory.id, isPublic: false, uploadedBy: uploader.id });
    await insertForm(db, { folderId: subcategory.id, deletedAt: new Date() });

    const counts = async (request: Request) => [
      await formCountOf('category', category.id, request),
      await formCountOf('subcategory', subcategory.id, request),
      await formCountOf('sub_subcategory', subSubcategory.id, request),
    ];
    expect(await counts(asViewer)).toEqual([3, 2, 1]);
    expect(await counts(uploader.request)).toEqual([4, 3, 2]);
    expect(await counts(formsManager)).toEqual([4, 3, 2]);
    expect(await counts(asAdmin)).toEqual([4, 3, 2]);
    const inTree = (await tree(asViewer)).find((folder) => folder.id === category.id)!;
    expect([
      inTree.formCount,
      inTree.subcategories![0]!.formCount,
      inTree.subcategories![0]!.subSubcategories![0]!.formCount,
    ]).toEqual([3, 2, 1]);
  });
});

describe('deleting a folder', () => {
  it('moves an empty folder and its subfolders to the trash with manage_categories alone; they leave lists and the tree', async () => {
    const { category, subcategory, subSubcategory } = await createBranch(asAdmin);
    const response = await asKeeper({ method: 'DELETE', url: url('category', category.id) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Category deleted successfully', data: { forms: 0 } });
    const rows = await t.database.db
      .select()
      .from(formFolders)
      .where(inArray(formFolders.id, [category.id, subcategory.id, subSubcategory.id]));
    expect(Object.fromEntries(rows.map((row) => [row.id, [row.deleted_at !== null, row.trashed_with_folder]]))).toEqual(
      {
        [category.id]: [true, false],
        [subcategory.id]: [true, true],
        [subSubcategory.id]: [true, true],
      },
    );
    expect((await list('category')).some((folder) => folder.id === category.id)).toBe(false);
    expect((await list('subcategory')).some((folder) => folder.id === subcategory.id)).toBe(false);
    expect((await tree()).some((folder) => folder.id === category.id)).toBe(false);
    expect((await asKeeper({ method: 'DELETE', url: url('category', category.id) })).statusCode).toBe(404);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'form_category.delete'), eq(auditLog.entity_id, String(category.id))));
    expect(entry?.details).toMatchObject({ subfolders: 2, forms: 0, trash: true });
  });

  it('holding forms needs delete_documents as well: 403 and nothing changes without it', async () => {
    const { subcategory, subSubcategory } = await createBranch(asAdmin);
    const publicForm = await insertForm(t.database.db, { folderId: subSubcategory.id });
    const refused = await asKeeper({ method: 'DELETE', url: url('subcategory', subcategory.id) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'This folder holds 1 form: deleting it needs the delete_documents permission',
    );
    const [still] = await t.database.db.select().from(formFolders).where(eq(formFolders.id, subcategory.id));
    expect(still?.deleted_at).toBeNull();

    const secondForm = await insertForm(t.database.db, { folderId: subcategory.id });
    const allowed = await asKeeperWhoDeletes({ method: 'DELETE', url: url('subcategory', subcategory.id) });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toEqual({
      success: true,
      message: 'Subcategory deleted successfully with 2 forms',
      data: { forms: 2 },
    });
    const rows = await t.database.db
      .select()
      .from(forms)
      .where(inArray(forms.id, [secondForm.id, publicForm.id]));
    for (const row of rows) expect(row).toMatchObject({ trashed_with_folder: true, deleted_at: expect.any(Date) });
  });

  it('holding a private form the person may not see: no number reveals it, and it never goes to the trash unseen', async () => {
    const { subcategory, subSubcategory } = await createBranch(asAdmin);
    const owner = await t.buildUser({ role: 'viewer' });
    const privateForm = await insertForm(t.database.db, {
      folderId: subSubcategory.id,
      isPublic: false,
      uploadedBy: owner.id,
    });
    expect(await formCountOf('subcategory', subcategory.id, asKeeper)).toBe(0);

    // The same refusal whether or not they may delete forms, naming no number.
    for (const request of [asKeeper, asKeeperWhoDeletes]) {
      const refused = await request({ method: 'DELETE', url: url('subcategory', subcategory.id) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        success: false,
        error: { code: 'FORBIDDEN', message: M.deleteRefused, reason: 'forms.folder_delete_refused', params: {} },
      });
    }
    // Beside a form they see, only that one is counted.
    await insertForm(t.database.db, { folderId: subcategory.id });
    expect((await asKeeper({ method: 'DELETE', url: url('subcategory', subcategory.id) })).json().error.message).toBe(
      'This folder holds 1 form: deleting it needs the delete_documents permission',
    );
    expect(
      (await asKeeperWhoDeletes({ method: 'DELETE', url: url('subcategory', subcategory.id) })).json().error.message,
    ).toBe(M.deleteRefused);
    const [still] = await t.database.db.select().from(forms).where(eq(forms.id, privateForm.id));
    expect(still?.deleted_at).toBeNull();

    // Someone who sees every form (manage_forms) deletes it with both.
    const allowed = await asAdmin({ method: 'DELETE', url: url('subcategory', subcategory.id) });
    expect(allowed.json()).toEqual({
      success: true,
      message: 'Subcategory deleted successfully with 2 forms',
      data: { forms: 2 },
    });
  });

  it('holding a private form whose uploader was deleted (uploaded_by null): counted as unseen, never trashed unseen', async () => {
    const { subcategory, subSubcategory } = await createBranch(asAdmin);
    const orphan = await insertForm(t.database.db, { folderId: subSubcategory.id, isPublic: false, uploadedBy: null });
    expect(await formCountOf('subcategory', subcategory.id, asKeeper)).toBe(0);
    const refused = await asKeeperWhoDeletes({ method: 'DELETE', url: url('subcategory', subcategory.id) });
    expect(refused.json()).toEqual({
      success: false,
      error: { code: 'FORBIDDEN', message: M.deleteRefused, reason: 'forms.folder_delete_refused', params: {} },
    });
    const [still] = await t.database.db.select().from(forms).where(eq(forms.id, orphan.id));
    expect(still?.deleted_at).toBeNull();
  });
});

describe('changes racing a folder’s delete', () => {
  /** Live folders under a folder of the trash, and live forms in one: there must never be any. */
  async function orphans() {
    const result = await t.database.db.execute(
      sql`select (select count(*)::int from form_folders c join form_folders p on p.id = c.parent_id where c.deleted_at is null and p.deleted_at is not null) as folders,
        (select count(*)::int from forms f join form_folders x on x.id = f.folder_id where f.deleted_at is null and x.deleted_at is not null) as forms`,
    );
    return (result as { rows: { folders: number; forms: number }[] }).rows[0];
  }

  it('never leaves a live folder or form inside a folder of the trash (real concurrency on PostgreSQL)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { category, subcategory } = await createBranch(asAdmin);
      const elsewhere = await createFolder(asAdmin, 'subcategory', {
        categoryId: (await createFolder(asAdmin, 'category')).id,
      });
      const answers = await Promise.all([
        asAdmin({ method: 'POST', url: url('subcategory'), payload: { name: folderName(), categoryId: category.id } }),
        asAdmin({
          method: 'POST',
          url: url('sub_subcategory'),
          payload: { name: folderName(), subcategoryId: subcategory.id },
        }),
        asAdmin({ method: 'PUT', url: url('subcategory', elsewhere.id), payload: { categoryId: category.id } }),
        asAdmin({ method: 'DELETE', url: url('category', category.id) }),
        asAdmin({ method: 'PUT', url: url('subcategory', subcategory.id), payload: { name: 'Renamed in a race' } }),
      ]);
      for (const answer of answers) expect([200, 201, 400, 404], answer.body).toContain(answer.statusCode);
      expect(answers[3].statusCode).toBe(200);
      expect(await orphans()).toEqual({ folders: 0, forms: 0 });
    }
  });
});
