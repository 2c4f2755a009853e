import { describe, expect, it } from 'vitest';
import { toCurrentUser } from '../../../lib/current-user';
import { libraryAbilities } from './abilities';
import { priorityTone, statusTone } from './badges';
import {
  browseParams,
  filterByCategory,
  filterBySubcategory,
  goBack,
  goHome,
  openCategory,
  openSubcategory,
  parseBrowseParams,
  searchFor,
  showsDocuments,
  START,
  switchView,
} from './browse';
import { formatDateTime } from './date-time';
import { apiErrorFields } from '../../../lib/form-errors';
import {
  bodyChanged,
  documentFields,
  documentFormData,
  documentFormSchema,
  documentToFormValues,
  formatFileSize,
  DOCUMENT_ERROR_FIELDS,
  hasPdfSignature,
  idOrNull,
  pdfProblem,
  type DocumentFormValues,
} from './document-form';
import { failureText, isConflict, isDuplicate, isMissing, serverMessage, translatedFieldErrors } from './error-message';
import { downloadFileName, fileNameFromDisposition, forcePdfExtension } from './file-name';
import { categoryBody, folderFormSchema, sixDigitColor, subcategoryBody, subcategoryToFormValues } from './folder-form';
import { GOVERNMENT_DECISIONS_TITLE, LIBRARY_CONFIG } from './library-config';
import { documentListQuery, unfiledDocumentsQuery } from './list-query';
import { previewSource, previewText } from './preview';
import { parseDocumentId } from './document-id';
import { orderTimeline } from './timeline';

describe('download file names', () => {
  it('prefers the exact filename* name, then the plain one, forcing .pdf', () => {
    expect(
      downloadFileName(
        `attachment; filename="Transfer_order.pdf"; filename*=UTF-8''%E0%A4%AC%E0%A4%A6%E0%A4%B2%E0%A5%80.pdf`,
        'Title',
        'order',
      ),
    ).toBe('बदली.pdf');
    expect(downloadFileName('attachment; filename="Duty roster.PDF"', 'Title', 'order')).toBe('Duty roster.pdf');
    expect(downloadFileName('attachment; filename=plain.txt', 'Title', 'order')).toBe('plain.txt.pdf');
    expect(downloadFileName('attachment; filename="a \\"quoted\\" name.pdf"', 'x', 'order')).toBe(
      'a _quoted_ name.pdf',
    );
  });

  it('falls back to the title, then the library default', () => {
    expect(downloadFileName(null, 'Leave rules 2026', 'circular')).toBe('Leave rules 2026.pdf');
    expect(downloadFileName('attachment', '   ', 'government_decision')).toBe('government_decision.pdf');
    expect(downloadFileName(undefined, null, 'order')).toBe('order.pdf');
  });

  it('keeps only the last path segment and survives malformed escapes', () => {
    expect(downloadFileName('attachment; filename="../../etc/passwd"', 'x', 'order')).toBe('passwd.pdf');
    expect(fileNameFromDisposition(`attachment; filename="ok.pdf"; filename*=UTF-8''%E0%A4`)).toBe('ok.pdf');
    expect(fileNameFromDisposition(`attachment; filename*=iso-8859-1'en'caf%E9.pdf`)).toBe('café.pdf');
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(forcePdfExtension('report.pdf')).toBe('report.pdf');
    expect(forcePdfExtension('.pdf')).toBe('document.pdf');
  });
});

describe('previews', () => {
  it('cuts at 100 characters with an ellipsis and leaves shorter text alone', () => {
    expect(previewText('short  text\n here')).toBe('short text here');
    const long = 'अ'.repeat(150);
    expect(previewText(long)).toBe(`${'अ'.repeat(100)}...`);
    expect([...previewText('x'.repeat(101))].length).toBe(103);
    expect(previewText(null)).toBe('');
  });

  it('previews the description of an order and the content of a circular', () => {
    expect(previewSource({ description: 'd', content: 'c' }, false)).toBe('d');
    expect(previewSource({ description: 'd', content: 'c' }, true)).toBe('c');
    expect(previewSource({ description: null, content: 'c' }, false)).toBe('c');
  });
});

describe('list query', () => {
  it('sends the subcategory when chosen, else the category, and leaves blanks out', () => {
    expect(documentListQuery({ search: '  ', categoryId: null, subcategoryId: null }, 1)).toEqual({
      sort: 'effective_date',
      page: 1,
      limit: 20,
    });
    expect(documentListQuery({ search: ' बदली ', categoryId: 3, subcategoryId: null }, 2)).toEqual({
      search: 'बदली',
      category_id: 3,
      sort: 'effective_date',
      page: 2,
      limit: 20,
    });
    expect(documentListQuery({ search: '', categoryId: 3, subcategoryId: 9 }, 1, 50)).toEqual({
      subcategory_id: 9,
      sort: 'effective_date',
      page: 1,
      limit: 50,
    });
  });

  it('asks for the documents filed in no folder, newest effective date first', () => {
    expect(unfiledDocumentsQuery(0)).toEqual({ unfiled: true, sort: 'effective_date', page: 1, limit: 20 });
  });
});

describe('browsing', () => {
  const FOLDERS = switchView(START, 'folders');

  it('opens on the list, so no document is hidden behind the folders', () => {
    expect(START.view).toBe('list');
    expect(showsDocuments(START)).toBe(true);
    expect(parseBrowseParams(new URLSearchParams(''))).toEqual(START);
    expect(parseBrowseParams(new URLSearchParams('view=folders')).view).toBe('folders');
    expect(browseParams(switchView(START, 'folders')).toString()).toBe('view=folders');
  });

  it('reads and writes the address, ignoring nonsense', () => {
    const state = parseBrowseParams(
      new URLSearchParams('view=list&category=3&subcategory=9&q=leave&page=2&from=folders'),
    );
    expect(state).toEqual({
      view: 'list',
      categoryId: 3,
      subcategoryId: 9,
      search: 'leave',
      page: 2,
      fromFolders: true,
    });
    expect(browseParams(state).toString()).toBe('category=3&subcategory=9&q=leave&page=2&from=folders');
    expect(parseBrowseParams(new URLSearchParams('view=grid&category=-1&subcategory=4&page=0'))).toEqual(START);
    expect(browseParams(START).toString()).toBe('');
  });

  it('goes categories → subcategories → list, and Back and Home climb out', () => {
    const inCategory = openCategory(FOLDERS, 3);
    expect(inCategory).toMatchObject({ view: 'folders', categoryId: 3, subcategoryId: null });
    expect(showsDocuments(inCategory)).toBe(false);
    const inSubcategory = openSubcategory(inCategory, { id: 9, category_id: 3, document_count: 4 });
    expect(inSubcategory).toMatchObject({ view: 'folders', subcategoryId: 9, fromFolders: false });
    expect(showsDocuments(inSubcategory)).toBe(true);
    expect(goBack(inSubcategory)).toMatchObject({ view: 'folders', categoryId: 3, subcategoryId: null });
    expect(goBack(goBack(inSubcategory))).toMatchObject({ categoryId: null, subcategoryId: null });
    expect(goBack(FOLDERS)).toBe(FOLDERS);
    expect(goHome({ ...inSubcategory, page: 4 })).toEqual(FOLDERS);
  });

  it('switches an empty subcategory to the list view, and Back returns to the folders', () => {
    const empty = openSubcategory(openCategory(FOLDERS, 3), { id: 9, category_id: 3, document_count: 0 });
    expect(empty).toMatchObject({ view: 'list', subcategoryId: 9, fromFolders: true });
    expect(goBack(empty)).toMatchObject({ view: 'folders', categoryId: 3, subcategoryId: null, fromFolders: false });
    expect(goHome(empty)).toMatchObject({ view: 'folders', categoryId: null });
    expect(switchView(empty, 'list').fromFolders).toBe(false);
  });

  it('filters: a new category clears the subcategory; searching moves to the list', () => {
    const listed = filterBySubcategory(filterByCategory(switchView(START, 'list'), 3), 9);
    expect(listed).toMatchObject({ view: 'list', categoryId: 3, subcategoryId: 9 });
    expect(filterByCategory(listed, 4)).toMatchObject({ categoryId: 4, subcategoryId: null });
    expect(filterBySubcategory(START, 9).subcategoryId).toBeNull();
    expect(searchFor(START, 'roster')).toMatchObject({ view: 'list', search: 'roster', page: 1 });
    expect(searchFor({ ...FOLDERS, page: 3 }, '')).toMatchObject({ view: 'folders', page: 1 });
  });
});

describe('document form', () => {
  const values = (overrides: Partial<DocumentFormValues> = {}): DocumentFormValues => ({
    ...documentToFormValues(null, false),
    title: ' Duty Roster: May! ',
    effective_date: '2026-05-01',
    ...overrides,
  });

  it('requires title and a real date, and limits tags', () => {
    const schema = documentFormSchema(true);
    const messages = (input: DocumentFormValues) =>
      (schema.safeParse(input).error?.issues ?? []).map((issue) => issue.message);
    expect(messages(values({ title: '  ', effective_date: '' }))).toEqual(['form.titleRequired', 'form.dateRequired']);
    expect(messages(values({ effective_date: '2026-02-30' }))).toEqual(['form.dateInvalid']);
    expect(messages(values({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }))).toEqual([
      'form.tooManyTags',
    ]);
    expect(messages(values({ tags: 'x'.repeat(51) }))).toEqual(['form.tagTooLong']);
    expect(messages(values({ tags: 'a, b' }))).toEqual([]);
  });

  it('builds an order: slug by the shared rule, ids as numbers or null, description', () => {
    expect(
      documentFields(values({ category_id: '4', subcategory_id: '7', body: '  ' }), {
        acknowledged: false,
        approved: true,
        original: null,
      }),
    ).toEqual({
      title: 'Duty Roster: May!',
      effective_date: '2026-05-01',
      slug: 'duty-roster-may',
      category_id: 4,
      subcategory_id: 7,
      description: null,
    });
    // A subcategory without its category is not sent.
    expect(
      documentFields(values({ subcategory_id: '7' }), { acknowledged: false, approved: true, original: null })
        .subcategory_id,
    ).toBeNull();
  });

  it('adds priority, due date and assignee when editing an order', () => {
    const fields = documentFields(
      values({ priority: 'high', dueDate: '2026-06-01', assignee: { id: 12, name: 'A' } }),
      { acknowledged: false, approved: true, original: values() },
    );
    expect(fields).toMatchObject({ priority: 'high', dueDate: '2026-06-01', assignee_id: 12 });
    expect(documentFields(values(), { acknowledged: false, approved: true, original: values() })).toMatchObject({
      dueDate: null,
      assignee_id: null,
    });
  });

  it('builds a circular: content defaults to the title, tags parsed, mandatory flag', () => {
    const fields = documentFields(values({ title: 'बदली आदेश', tags: ' a, b ,A', is_mandatory: true }), {
      acknowledged: true,
      approved: false,
      original: null,
    });
    expect(fields).toEqual({
      title: 'बदली आदेश',
      effective_date: '2026-05-01',
      slug: '',
      category_id: null,
      subcategory_id: null,
      content: 'बदली आदेश',
      tags: ['a', 'b'],
      is_mandatory: true,
    });
  });

  it('sends a circular’s content on edit only when the body was changed, and never the title in its place', () => {
    const stored = {
      title: 'Winter uniform',
      content: null,
      description: null,
      effective_date: '2026-05-01',
      category_id: null,
      subcategory_id: null,
      tags: ['uniform'],
      is_mandatory: true,
      priority: 'medium' as const,
      dueDate: null,
      assignee: null,
    };
    const original = documentToFormValues(stored, true);
    const options = { acknowledged: true, approved: false, original };
    // Only the title changed: no content at all (a new content would be a new version, acknowledged afresh).
    const retitled = documentFields({ ...original, title: 'Winter uniform (revised)' }, options);
    expect(retitled).not.toHaveProperty('content');
    expect(retitled).toMatchObject({ title: 'Winter uniform (revised)', tags: ['uniform'], is_mandatory: true });
    // Spaces added around the same text are no change either.
    const withContent = documentToFormValues({ ...stored, content: 'Jerseys from 1 December.' }, true);
    expect(
      documentFields({ ...withContent, body: '  Jerseys from 1 December.\n' }, { ...options, original: withContent }),
    ).not.toHaveProperty('content');
    // A changed body is sent; a cleared one is sent as null, not as the title.
    expect(
      documentFields({ ...withContent, body: 'Jerseys from 15 November.' }, { ...options, original: withContent })
        .content,
    ).toBe('Jerseys from 15 November.');
    expect(documentFields({ ...withContent, body: '  ' }, { ...options, original: withContent }).content).toBeNull();
    // A new circular left without text still takes its title as content (the spec's JSON create).
    expect(documentFields({ ...original, body: '' }, { ...options, original: null }).content).toBe('Winter uniform');
    expect(bodyChanged({ body: ' a ' }, { body: 'a' })).toBe(false);
    expect(bodyChanged({ body: 'b' }, { body: 'a' })).toBe(true);
  });

  it('sends an order’s description on edit only when it was changed', () => {
    const original = { ...values(), body: 'Posted to Daund' };
    expect(
      documentFields({ ...original, title: 'Transfer of PC 1021' }, { acknowledged: false, approved: true, original }),
    ).not.toHaveProperty('description');
    expect(
      documentFields({ ...original, body: '' }, { acknowledged: false, approved: true, original }).description,
    ).toBeNull();
  });

  it('sends multipart text fields with the PDF last', () => {
    const file = new File(['%PDF-1.4'], 'x.pdf', { type: 'application/pdf' });
    const form = documentFormData(
      {
        title: 'T',
        effective_date: '2026-05-01',
        slug: 't',
        category_id: null,
        subcategory_id: 3,
        tags: ['a', 'b'],
        is_mandatory: false,
      },
      file,
    );
    expect([...form.keys()]).toEqual([
      'title',
      'effective_date',
      'slug',
      'category_id',
      'subcategory_id',
      'tags',
      'is_mandatory',
      'pdf_file',
    ]);
    expect(form.get('category_id')).toBe('');
    expect(form.get('subcategory_id')).toBe('3');
    expect(form.get('tags')).toBe('a, b');
    expect(form.get('is_mandatory')).toBe('false');
  });

  it('reads an existing document back into the form', () => {
    const document = {
      title: 'T',
      content: 'C',
      description: null,
      effective_date: '2026-01-02',
      category_id: 1,
      subcategory_id: null,
      tags: ['x', 'y'],
      is_mandatory: true,
      priority: 'high',
      dueDate: null,
      assignee: { id: 5, name: 'N' },
    };
    expect(documentToFormValues(document as never, true)).toMatchObject({
      body: 'C',
      category_id: '1',
      subcategory_id: '',
      tags: 'x, y',
      is_mandatory: true,
      assignee: { id: 5, name: 'N' },
    });
    expect(documentToFormValues(null, false, { categoryId: 2, subcategoryId: 8 })).toMatchObject({
      category_id: '2',
      subcategory_id: '8',
      priority: 'medium',
    });
    expect(idOrNull('')).toBeNull();
    expect(idOrNull('12')).toBe(12);
    expect(idOrNull('0')).toBeNull();
  });

  it('checks the PDF before sending', () => {
    const pdf = { name: 'a.pdf', type: 'application/pdf', size: 1000 };
    expect(pdfProblem(null, true)).toBe('pdfRequired');
    expect(pdfProblem(undefined, false)).toBeNull();
    expect(pdfProblem({ ...pdf, name: 'a.docx', type: 'application/msword' }, true)).toBe('notPdf');
    expect(pdfProblem({ ...pdf, type: '' }, true)).toBeNull();
    expect(pdfProblem({ ...pdf, size: 0 }, true)).toBe('emptyFile');
    expect(pdfProblem({ ...pdf, size: 10 * 1024 * 1024 }, true)).toBeNull();
    expect(pdfProblem({ ...pdf, size: 10 * 1024 * 1024 + 1 }, true)).toBe('tooLarge');
    expect(hasPdfSignature(new TextEncoder().encode('%PDF-1.7'))).toBe(true);
    expect(hasPdfSignature(new TextEncoder().encode('GIF89'))).toBe(false);
    expect(formatFileSize(1536)).toBe('2 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  it('maps the server’s field names onto the form', () => {
    const fields = (field: string) => apiErrorFields({ status: 400, field, message: 'Refused' }, DOCUMENT_ERROR_FIELDS);
    expect(fields('slug')).toEqual({ title: 'Refused' });
    expect(fields('due_date')).toEqual({ dueDate: 'Refused' });
    expect(fields('pdf_file')).toEqual({ pdf_file: 'Refused' });
    expect(fields('company_id')).toEqual({});
  });
});

describe('folder forms', () => {
  it('requires a name (and a category for subcategories)', () => {
    const messages = (kind: 'category' | 'subcategory', input: object) =>
      (folderFormSchema(kind).safeParse(input).error?.issues ?? []).map((issue) => issue.message);
    const base = { category_id: '', name: ' ', description: '', icon: '', color: '#3b82f6' };
    expect(messages('category', base)).toEqual(['folder.nameRequired']);
    expect(messages('subcategory', base)).toEqual(['folder.categoryRequired', 'folder.nameRequired']);
    expect(messages('category', { ...base, name: 'A', color: 'blue' })).toEqual(['folder.colorInvalid']);
  });

  it('sends the slug, defaults and null for a blank description', () => {
    expect(categoryBody({ category_id: '', name: ' Standing Orders ', description: ' ', icon: '', color: '' })).toEqual(
      {
        name: 'Standing Orders',
        description: null,
        slug: 'standing-orders',
        icon: '📄',
        color: '#3B82F6',
      },
    );
    expect(
      subcategoryBody({ category_id: '4', name: 'Transfers', description: 'd', icon: '📋', color: '#6b7280' }),
    ).toMatchObject({ category_id: 4, slug: 'transfers', description: 'd' });
    expect(subcategoryToFormValues(null, 4)).toMatchObject({ category_id: '4', icon: '📋', color: '#6b7280' });
    expect(sixDigitColor('#AbC', '#000000')).toBe('#aabbcc');
    expect(sixDigitColor('red', '#3B82F6')).toBe('#3b82f6');
  });
});

describe('permissions', () => {
  const as = (role: string) => toCurrentUser({ role });
  it('follows the shared table: admins do everything, viewers file documents in every library but sort nothing', () => {
    expect(libraryAbilities(as('admin'), 'orders')).toEqual({
      create: true,
      manageFolders: true,
      approve: true,
      reject: true,
    });
    expect(libraryAbilities(as('viewer'), 'orders')).toEqual({
      create: true,
      manageFolders: false,
      approve: false,
      reject: false,
    });
    const viewer = { create: true, manageFolders: false, approve: false, reject: false };
    expect(libraryAbilities(as('viewer'), 'circulars')).toEqual(viewer);
    expect(libraryAbilities(as('officer'), 'government-decisions')).toEqual(viewer);
    expect(libraryAbilities(as('superadmin'), 'government-decisions')).toEqual({
      create: true,
      manageFolders: true,
      approve: false,
      reject: false,
    });
    expect(libraryAbilities(as('admin'), 'circulars')).toMatchObject({
      manageFolders: true,
      approve: false,
      reject: false,
    });
    expect(libraryAbilities(toCurrentUser({ role: '', role_name: 'Admin' }), 'orders')).toMatchObject({
      manageFolders: true,
      approve: true,
    });
    expect(libraryAbilities(toCurrentUser(null), 'orders')).toMatchObject({ manageFolders: false, approve: false });
  });

  it('adds what an administrator granted: folders and deciding orders', () => {
    const records = toCurrentUser({ role: 'viewer', granted_permissions: ['manage_categories', 'delete_documents'] });
    expect(libraryAbilities(records, 'circulars')).toEqual({
      create: true,
      manageFolders: true,
      approve: false,
      reject: false,
    });
    const approver = toCurrentUser({ role: 'officer', granted_permissions: ['approve_orders'] });
    expect(libraryAbilities(approver, 'orders')).toMatchObject({ approve: true, reject: false, manageFolders: false });
    expect(libraryAbilities(approver, 'government-decisions')).toMatchObject({ approve: false });
  });
});

describe('badges, dates, errors and the libraries', () => {
  it('colours statuses as the spec says', () => {
    expect(statusTone('approved')).toBe('success');
    expect(statusTone('rejected')).toBe('danger');
    expect(statusTone('overdue')).toBe('danger');
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone('draft')).toBe('neutral');
    expect(priorityTone('high')).toBe('danger');
  });

  it('writes timestamps day first in Asia/Kolkata', () => {
    expect(formatDateTime('2026-04-23T08:35:00.000Z')).toBe('23/04/2026, 14:05');
    expect(formatDateTime('nonsense')).toBe('');
  });

  it('shows the server’s message, not a network failure’s', () => {
    expect(serverMessage({ status: 413, message: 'File size must be less than 10MB' })).toBe(
      'File size must be less than 10MB',
    );
    expect(serverMessage({ status: 0, message: 'Network error' })).toBeNull();
    expect(isMissing({ status: 404 })).toBe(true);
    expect(isMissing({ status: 500 })).toBe(false);
  });

  it('words the server’s 409s in the reader’s language: a review of a changed document, a crossed change, a taken name', () => {
    const changed = {
      status: 409,
      code: 'CONFLICT',
      message: 'This order has changed since you opened it (it is now version 2): read it again first',
    };
    expect(isConflict(changed)).toBe(true);
    expect(failureText(changed, 'review')).toEqual({ scope: 'library', key: 'changedMeanwhile' });
    expect(
      failureText({ ...changed, message: 'Only a pending order can be approved; this one is approved' }, 'review'),
    ).toEqual({ scope: 'library', key: 'changedMeanwhile' });
    expect(
      failureText({ ...changed, message: 'This order is approved and can no longer be changed.' }, 'save'),
    ).toEqual({ scope: 'shared', key: 'errors.saveFailed', reason: { key: 'errors.conflict' } });
    expect(
      failureText({ ...changed, message: 'Someone changed this at the same moment: please try again' }, 'delete'),
    ).toEqual({ scope: 'shared', key: 'errors.deleteFailed', reason: { key: 'errors.conflict' } });
    const taken = {
      status: 409,
      code: 'ALREADY_EXISTS',
      field: 'slug',
      message: 'A circular with this slug already exists in this folder',
    };
    expect(isDuplicate(taken)).toBe(true);
    expect(isConflict(taken)).toBe(false);
    expect(failureText(taken, 'save')).toEqual({
      scope: 'shared',
      key: 'errors.saveFailed',
      reason: { key: 'errors.nameTaken' },
    });
    expect(translatedFieldErrors({ title: taken.message }, taken, 'Name taken')).toEqual({ title: 'Name taken' });
    expect(
      translatedFieldErrors({ title: 'Title is required' }, { status: 400, code: 'VALIDATION_FAILED' }, 'Name taken'),
    ).toEqual({ title: 'Title is required' });
    // Other refusals keep the server's words; a network failure is worded by the screen.
    expect(failureText({ status: 403, code: 'FORBIDDEN', message: 'Only the uploader may change it' }, 'save')).toEqual(
      { scope: 'shared', key: 'errors.saveFailed', reason: { message: 'Only the uploader may change it' } },
    );
    expect(failureText({ status: 0, code: 'NETWORK', message: 'Network error' }, 'review')).toEqual({
      scope: 'shared',
      key: 'errors.actionFailed',
      reason: { network: true },
    });
  });

  it('parametrises the three libraries', () => {
    expect(LIBRARY_CONFIG.orders).toMatchObject({
      recordKey: 'order',
      hasDetailPage: true,
      approved: true,
      acknowledged: false,
      defaultFileName: 'order',
    });
    expect(LIBRARY_CONFIG.circulars).toMatchObject({ recordKey: 'circular', hasDetailPage: true, acknowledged: true });
    // Decisions have the circular's detail page too (the documents issue), at /government-decisions/{id}.
    expect(LIBRARY_CONFIG['government-decisions']).toMatchObject({
      recordKey: 'decision',
      basePath: '/government-decisions',
      hasDetailPage: true,
      acknowledged: true,
      defaultFileName: 'government_decision',
    });
    expect(GOVERNMENT_DECISIONS_TITLE).toBe('शासन निर्णय');
  });
});

describe('detail pages', () => {
  it('reads only positive whole ids from the address', () => {
    expect(parseDocumentId('42')).toBe(42);
    expect(parseDocumentId('0')).toBeNull();
    expect(parseDocumentId('4x')).toBeNull();
    expect(parseDocumentId('99999999999')).toBeNull();
    expect(parseDocumentId(undefined)).toBeNull();
  });

  it('builds the order timeline: created, approvals and rejections, last updated', () => {
    const by = { id: 1, name: 'Admin' };
    const entries = orderTimeline({
      createdAt: '2026-04-01T10:00:00.000Z',
      updatedAt: '2026-04-03T10:00:00.000Z',
      timeline: [
        { event: 'created', at: '2026-04-01T10:00:00.000Z', by },
        { event: 'updated', at: '2026-04-02T10:00:00.000Z', by: null },
        { event: 'approved', at: '2026-04-03T10:00:00.000Z', by },
      ],
    });
    expect(entries.map((entry) => [entry.kind, entry.by])).toEqual([
      ['created', 'Admin'],
      ['approved', 'Admin'],
      ['updated', 'Admin'],
    ]);
    expect(
      orderTimeline({ createdAt: '2026-04-01T10:00:00.000Z', updatedAt: '2026-04-01T10:00:00.000Z', timeline: [] }).map(
        (entry) => entry.kind,
      ),
    ).toEqual(['created', 'updated']);
  });
});

describe('a correction of a final order', () => {
  it('starts from the order’s fields and sends supersedes_id with the new PDF', () => {
    const order = {
      title: 'Transfer of PC 1021',
      content: null,
      description: 'Posted to Daund',
      effective_date: '2026-04-01',
      category_id: 3,
      subcategory_id: 9,
      tags: [],
      is_mandatory: false,
      priority: 'high' as const,
      dueDate: null,
      assignee: null,
    };
    const values = documentToFormValues(order, false);
    expect(values).toMatchObject({
      title: 'Transfer of PC 1021',
      body: 'Posted to Daund',
      category_id: '3',
      subcategory_id: '9',
    });
    const fields = {
      ...documentFields(values, { acknowledged: false, approved: true, original: null }),
      supersedes_id: 41,
    };
    const form = documentFormData(fields, new File(['%PDF-1.4'], 'corrected.pdf', { type: 'application/pdf' }));
    expect(form.get('supersedes_id')).toBe('41');
    expect(form.get('title')).toBe('Transfer of PC 1021');
    expect((form.get('pdf_file') as File).name).toBe('corrected.pdf');
  });
});
