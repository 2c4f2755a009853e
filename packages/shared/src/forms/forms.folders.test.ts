import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor.js';
import { DEFAULT_FORM_TREE } from './forms.default-tree.js';
import {
  mayBulkUploadForms,
  mayDeleteForm,
  mayDeleteFormFolder,
  mayEditForm,
  mayManageFormFolders,
  maySeeForm,
  mayUploadForm,
  mayViewFormStats,
} from './forms.policy.js';
import { defaultFolderIcon, FORM_FOLDER_MESSAGES as M, folderSlugFromName } from './forms.rules.js';
import {
  ZCreateFormCategoryRequest,
  ZCreateFormSubcategoryRequest,
  ZFormListQuery,
  ZFormUpdateRequest,
  ZFormUploadFields,
} from './forms.schemas.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => {
  const issue = result.error?.issues[0];
  return issue ? { message: issue.message, field: issue.path.join('.') } : null;
};

describe('folder slug derivation (section 5)', () => {
  it.each([
    ['Leave & Attendance', 'leave-attendance'],
    ['  HR   Forms  ', 'hr-forms'],
    ['GPF -- Non refundable', 'gpf-non-refundable'],
    ['2025', '2025'],
    ['-Old-', 'old'],
    ['परिपत्रक', ''],
  ])('%s → %s', (name, slug) => {
    expect(folderSlugFromName(name)).toBe(slug);
  });

  it('gives the spec default icons by slug, and a folder icon otherwise', () => {
    expect(defaultFolderIcon('hr-forms')).toBe('👥');
    expect(defaultFolderIcon('something-else')).toBe('📁');
  });
});

describe('folder validation (section 5 texts)', () => {
  const check = (body: unknown) => firstMessage(ZCreateFormCategoryRequest.safeParse(body));

  it('accepts a complete folder', () => {
    expect(
      check({ name: 'HR Forms', slug: 'hr-forms', description: 'x', color: '#3B82F6', sortOrder: 2, isActive: true }),
    ).toBeNull();
    expect(check({ name: 'x'.repeat(24) })).toBeNull();
  });

  it.each([
    [{}, M.nameRequired, 'name'],
    [{ name: '   ' }, M.nameRequired, 'name'],
    [{ name: 'x'.repeat(25) }, M.nameTooLong, 'name'],
    [{ name: 'A', slug: 'Has Space' }, M.slugPattern, 'slug'],
    [{ name: 'A', slug: 'a'.repeat(101) }, M.slugTooLong, 'slug'],
    [{ name: 'A', description: 'd'.repeat(501) }, M.descriptionTooLong, 'description'],
    [{ name: 'A', color: 'blue' }, M.colorInvalid, 'color'],
    [{ name: 'A', color: '#FFF' }, M.colorInvalid, 'color'],
    [{ name: 'A', sortOrder: -1 }, M.sortOrderNegative, 'sortOrder'],
  ])('%j → %s', (body, message, field) => {
    expect(check(body)).toEqual({ message, field });
  });

  it('needs the parent of a subcategory', () => {
    expect(firstMessage(ZCreateFormSubcategoryRequest.safeParse({ name: 'A' }))?.field).toBe('categoryId');
    expect(firstMessage(ZCreateFormSubcategoryRequest.safeParse({ name: 'A', categoryId: 3 }))).toBeNull();
  });

  it('keeps the default tree within the rules', () => {
    const all = DEFAULT_FORM_TREE.flatMap(function flat(folder): { name: string; nameMr: string; slug: string }[] {
      return [folder, ...(folder.children ?? []).flatMap(flat)];
    });
    for (const folder of all) expect(check({ name: folder.name, nameMr: folder.nameMr, slug: folder.slug })).toBeNull();
  });
});

describe('form payloads', () => {
  it('takes formName for the title and is public unless told otherwise', () => {
    const parsed = ZFormUploadFields.parse({
      formName: 'GPF form',
      language: 'mr',
      categoryId: '',
      subcategoryId: 'null',
    });
    expect(parsed).toMatchObject({
      title: 'GPF form',
      language: 'mr',
      isPublic: true,
      categoryId: null,
      subcategoryId: null,
    });
    expect(ZFormUploadFields.parse({ title: 'A', language: 'en', isPublic: 'false', categoryId: '4' })).toMatchObject({
      isPublic: false,
      categoryId: 4,
    });
  });

  it('refuses a missing title, a bad language and an empty update', () => {
    expect(firstMessage(ZFormUploadFields.safeParse({ language: 'en' }))).toEqual({
      message: 'Title is required',
      field: 'title',
    });
    expect(firstMessage(ZFormUploadFields.safeParse({ title: 'A', language: 'fr' }))).toEqual({
      message: 'Language must be en or mr',
      field: 'language',
    });
    expect(firstMessage(ZFormUploadFields.safeParse({ title: 'A' }))?.message).toBe('Language is required');
    expect(ZFormUpdateRequest.safeParse({}).success).toBe(false);
    expect(ZFormUpdateRequest.safeParse({ categoryId: null }).success).toBe(true);
  });

  it('reads the list filters', () => {
    expect(
      ZFormListQuery.parse({ isPublic: 'false', categoryId: '2', dateFrom: '2026-01-31', language: '' }),
    ).toMatchObject({ page: 1, limit: 20, isPublic: false, categoryId: 2, dateFrom: '2026-01-31' });
    expect(ZFormListQuery.safeParse({ dateTo: '2026-02-30' }).success).toBe(false);
  });
});

describe('forms policy', () => {
  const actor = (role: string, grants: string[] = [], userId = 10): Actor => ({
    userId,
    role,
    companyId: 1,
    overseenCompanyIds: [],
    grants,
    approvalRole: null,
  });
  const viewer = actor('viewer');
  const manager = actor('viewer', ['manage_forms'], 11);
  const admin = actor('admin', [], 12);
  const privateOfViewer = { isPublic: false, uploadedBy: 10 };
  const privateOfOther = { isPublic: false, uploadedBy: 99 };

  it('shows a private form to its uploader and manage_forms holders only', () => {
    expect(maySeeForm(viewer, privateOfViewer)).toBe(true);
    expect(maySeeForm(viewer, privateOfOther)).toBe(false);
    expect(maySeeForm(manager, privateOfOther)).toBe(true);
    expect(maySeeForm(viewer, { isPublic: true, uploadedBy: 99 })).toBe(true);
  });

  it('lets viewers upload and edit their own, manage_forms edit any and bulk upload', () => {
    expect(mayUploadForm(viewer)).toBe(true);
    expect(mayEditForm(viewer, privateOfViewer)).toBe(true);
    expect(mayEditForm(viewer, privateOfOther)).toBe(false);
    expect(mayEditForm(manager, privateOfOther)).toBe(true);
    expect(mayBulkUploadForms(viewer)).toBe(false);
    expect(mayBulkUploadForms(manager)).toBe(true);
  });

  it('keeps deleting, folders and stats to their holders', () => {
    expect(mayDeleteForm(viewer)).toBe(false);
    expect(mayDeleteForm(actor('viewer', ['delete_documents']))).toBe(true);
    expect(mayManageFormFolders(viewer)).toBe(false);
    expect(mayDeleteFormFolder(actor('viewer', ['manage_categories']), 0)).toBe(true);
    expect(mayDeleteFormFolder(actor('viewer', ['manage_categories']), 3)).toBe(false);
    expect(mayDeleteFormFolder(admin, 3)).toBe(true);
    expect(mayViewFormStats(manager)).toBe(false);
    expect(mayViewFormStats(admin)).toBe(true);
  });
});
