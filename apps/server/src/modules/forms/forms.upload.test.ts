import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LIBRARY_FILE_MAX_BYTES } from '@srpf/shared';
import { auditLog, forms } from '../../db/schema/index.js';
import { buildBranch, buildFolder, formCounts, uploadForm } from '../../test/form-fixtures.js';
import {
  createLibraryTestApp,
  pdfBytes,
  PNG_BYTES,
  type LibraryTestApp,
  type Request,
} from '../../test/library-fixtures.js';
import { multipartBody } from '../../test/multipart.js';

/** POST /api/forms: the streamed upload of the libraries, the folder rules, and nothing stored on any refusal. */

let t: LibraryTestApp;
let asViewer: Request;
let viewerId: number;

beforeAll(async () => {
  t = await createLibraryTestApp();
  const viewer = await t.asUser({ role: 'viewer', first_name: 'Sunita', last_name: 'Jadhav' });
  asViewer = viewer.request;
  viewerId = viewer.id;
});
afterAll(() => t.close());

/** Runs a request that must fail, and checks it left no row and no file behind. */
async function refused(
  run: () => Promise<{
    statusCode: number;
    body: string;
    json(): { error: { code: string; message: string; field?: string } };
  }>,
  status: number,
) {
  const [rows, files] = [await formCounts(t.database.db), t.countFiles()];
  const response = await run();
  expect(response.statusCode, response.body).toBe(status);
  expect(await formCounts(t.database.db)).toEqual(rows);
  expect(t.countFiles()).toBe(files);
  return response.json().error;
}

describe('POST /api/forms', () => {
  it('needs a token', async () => {
    const response = await uploadForm(t.app.inject.bind(t.app), { title: 'No token', language: 'en' });
    expect(response.statusCode).toBe(401);
  });

  it('uploads a PDF into the deepest folder as a viewer (upload_forms): 201 with its path, cleaned file name and download address', async () => {
    const branch = await buildBranch(t.database.db, {
      category: 'GPF',
      subcategory: 'Refundable',
      subSubcategory: '2025',
    });
    const content = pdfBytes(120_000, 'gpf');
    const files = t.countFiles();
    const response = await uploadForm(
      asViewer,
      {
        title: '  GPF refund form  ',
        category: 'Accounts',
        language: 'mr',
        isPublic: 'true',
        categoryId: String(branch.category.id),
        subcategoryId: String(branch.subcategory.id),
        subSubcategoryId: String(branch.subSubcategory.id),
      },
      { filename: 'C:\\Users\\clerk\\GPF refund.PDF', content },
    );
    expect(response.statusCode, response.body).toBe(201);
    const form = response.json().data.form;
    expect(form).toEqual({
      id: expect.any(Number),
      title: 'GPF refund form',
      category: 'Accounts',
      language: 'mr',
      is_public: true,
      isPublic: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      uploaded_by: viewerId,
      uploaded_by_name: 'Sunita Jadhav',
      file_path: 'GPF refund.pdf',
      file_size: content.length,
      presign: `/api/forms/${form.id}/download`,
      categoryId: branch.category.id,
      subcategoryId: branch.subcategory.id,
      subSubcategoryId: branch.subSubcategory.id,
      categoryInfo: {
        categoryId: branch.category.id,
        categoryName: 'GPF',
        subcategoryId: branch.subcategory.id,
        subcategoryName: 'Refundable',
        subSubcategoryId: branch.subSubcategory.id,
        subSubcategoryName: '2025',
      },
    });
    expect(t.countFiles()).toBe(files + 1);
    const [row] = await t.database.db.select().from(forms).where(eq(forms.id, form.id));
    expect(row).toMatchObject({
      folder_id: branch.subSubcategory.id,
      file_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      search_text: 'gpf refund form accounts',
    });
    // The answer never names where the file is stored.
    expect(response.body).not.toContain(row!.file_key);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'form.create'), eq(auditLog.entity_id, String(form.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: viewerId, outcome: 'success' });
  });

  it('takes formName for the title, a folder alone brings its parents, private when isPublic is false, uncategorised without folders', async () => {
    const branch = await buildBranch(t.database.db);
    const byName = await uploadForm(asViewer, {
      formName: 'Medical A form',
      language: 'en',
      isPublic: 'false',
      subcategoryId: String(branch.subcategory.id),
    });
    expect(byName.statusCode, byName.body).toBe(201);
    expect(byName.json().data.form).toMatchObject({
      title: 'Medical A form',
      is_public: false,
      isPublic: false,
      categoryId: branch.category.id,
      subcategoryId: branch.subcategory.id,
      subSubcategoryId: null,
      categoryInfo: {
        categoryName: branch.category.name,
        subcategoryName: branch.subcategory.name,
        subSubcategoryName: null,
      },
    });
    const deepOnly = await uploadForm(asViewer, {
      title: 'Deep',
      language: 'en',
      subSubcategoryId: String(branch.subSubcategory.id),
    });
    expect(deepOnly.json().data.form).toMatchObject({
      categoryId: branch.category.id,
      subcategoryId: branch.subcategory.id,
      subSubcategoryId: branch.subSubcategory.id,
    });
    const loose = await uploadForm(asViewer, { title: 'Loose', language: 'en', categoryId: '', subcategoryId: 'null' });
    expect(loose.statusCode, loose.body).toBe(201);
    expect(loose.json().data.form).toMatchObject({
      is_public: true,
      categoryId: null,
      subcategoryId: null,
      subSubcategoryId: null,
      categoryInfo: { categoryId: null, categoryName: null },
    });
  });

  it('refuses bad fields with 400 naming the field, keeping no row and no file', async () => {
    const branch = await buildBranch(t.database.db);
    const other = await buildBranch(t.database.db);
    const trashed = await buildFolder(t.database.db, { deleted: true });
    const cases: [Record<string, string>, string, string | RegExp][] = [
      [{ language: 'en' }, 'title', 'Title is required'],
      [{ title: '   ', language: 'en' }, 'title', 'Title is required'],
      [{ title: 'x'.repeat(301), language: 'en' }, 'title', /at most 300/],
      [{ title: 'No language' }, 'language', 'Language is required'],
      [{ title: 'German', language: 'de' }, 'language', 'Language must be en or mr'],
      [{ title: 'Bad visibility', language: 'en', isPublic: 'maybe' }, 'isPublic', /true or false/],
      [{ title: 'Bad id', language: 'en', categoryId: 'abc' }, 'categoryId', /must be a number/],
      [{ title: 'Negative id', language: 'en', subcategoryId: '-3' }, 'subcategoryId', /positive/],
      [{ title: 'Unknown category', language: 'en', categoryId: '999999' }, 'categoryId', 'Category not found'],
      [
        { title: 'Trashed category', language: 'en', categoryId: String(trashed.id) },
        'categoryId',
        'Category not found',
      ],
      [
        { title: 'Unknown subcategory', language: 'en', subcategoryId: '999999' },
        'subcategoryId',
        'Subcategory not found',
      ],
      [
        { title: 'Unknown sub-subcategory', language: 'en', subSubcategoryId: '999999' },
        'subSubcategoryId',
        'Sub-subcategory not found',
      ],
      // A folder of another level is not found at this one.
      [
        { title: 'Category as subcategory', language: 'en', subcategoryId: String(branch.category.id) },
        'subcategoryId',
        'Subcategory not found',
      ],
      [
        { title: 'Subcategory as category', language: 'en', categoryId: String(branch.subcategory.id) },
        'categoryId',
        'Category not found',
      ],
      // The folders above the deepest one must be its parents.
      [
        {
          title: 'Wrong category',
          language: 'en',
          categoryId: String(other.category.id),
          subcategoryId: String(branch.subcategory.id),
        },
        'categoryId',
        'The subcategory is not in this category',
      ],
      [
        {
          title: 'Wrong subcategory',
          language: 'en',
          subcategoryId: String(other.subcategory.id),
          subSubcategoryId: String(branch.subSubcategory.id),
        },
        'subcategoryId',
        'The sub-subcategory is not in this subcategory',
      ],
      [
        {
          title: 'Wrong grandparent',
          language: 'en',
          categoryId: String(other.category.id),
          subSubcategoryId: String(branch.subSubcategory.id),
        },
        'categoryId',
        'The sub-subcategory is not in this category',
      ],
      [
        {
          title: 'Unknown parent',
          language: 'en',
          categoryId: '999999',
          subSubcategoryId: String(branch.subSubcategory.id),
        },
        'categoryId',
        'Category not found',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const error = await refused(() => uploadForm(asViewer, fields), 400);
      expect({ fields, field: error.field }).toEqual({ fields, field });
      expect(error.code).toBe('VALIDATION_FAILED');
      if (typeof message === 'string')
        expect(error.message.endsWith(message), `${error.message} for ${JSON.stringify(fields)}`).toBe(true);
      else expect(error.message).toMatch(message);
    }
  });

  it('needs the file: none, one under another name, or a JSON body is a 400 on file', async () => {
    expect(await refused(() => uploadForm(asViewer, { title: 'No file', language: 'en' }, null), 400)).toMatchObject({
      field: 'file',
      message: 'Please select a PDF file',
    });
    expect(
      (await refused(() => uploadForm(asViewer, { title: 'Wrong field', language: 'en' }, { name: 'pdf_file' }), 400))
        .field,
    ).toBe('file');
    expect(
      (
        await refused(
          () => asViewer({ method: 'POST', url: '/api/forms', payload: { title: 'As JSON', language: 'en' } }),
          400,
        )
      ).field,
    ).toBe('file');
  });

  it('refuses anything that does not start with %PDF- with 415, whatever its name and type', async () => {
    const png = await refused(
      () => uploadForm(asViewer, { title: 'A picture', language: 'en' }, { filename: 'scan.pdf', content: PNG_BYTES }),
      415,
    );
    expect(png).toEqual({
      code: 'INVALID_FILE',
      message: 'Only PDF files are allowed',
      reason: 'upload.not_pdf',
      params: {},
      field: 'file',
    });
    await refused(() => uploadForm(asViewer, { title: 'Text', language: 'en' }, { content: 'name,phone\n1,2' }), 415);
    await refused(() => uploadForm(asViewer, { title: 'Empty', language: 'en' }, { content: Buffer.alloc(0) }), 415);
    // A real PDF with a browser's odd content type is still a PDF.
    expect(
      (
        await uploadForm(
          asViewer,
          { title: 'Octet stream', language: 'en' },
          { contentType: 'application/octet-stream' },
        )
      ).statusCode,
    ).toBe(201);
  });

  it('refuses 10 MB + 1 byte with 413 and keeps exactly 10 MB', async () => {
    const error = await refused(
      () =>
        uploadForm(asViewer, { title: 'Too big', language: 'en' }, { content: pdfBytes(LIBRARY_FILE_MAX_BYTES + 1) }),
      413,
    );
    expect(error).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'File size must be less than 10MB',
      reason: 'upload.pdf_too_large',
      params: { megabytes: 10 },
      field: 'file',
    });
    const exact = await uploadForm(
      asViewer,
      { title: 'Exactly ten megabytes', language: 'en' },
      { content: pdfBytes(LIBRARY_FILE_MAX_BYTES, 'exact') },
    );
    expect(exact.statusCode).toBe(201);
    expect(exact.json().data.form.file_size).toBe(LIBRARY_FILE_MAX_BYTES);
  });

  it('keeps nothing of a bad field sent after the file, of two files, or of a body cut short', async () => {
    // The PDF has already been stored when the bad field is read: it must be discarded.
    const after = multipartBody([
      { name: 'file', filename: 'first.pdf', contentType: 'application/pdf', content: pdfBytes(50_000) },
      { name: 'title', value: 'Field after the file' },
      { name: 'language', value: 'fr' },
    ]);
    expect((await refused(() => asViewer({ method: 'POST', url: '/api/forms', ...after }), 400)).field).toBe(
      'language',
    );
    const unknownFolder = multipartBody([
      { name: 'file', filename: 'first.pdf', contentType: 'application/pdf', content: pdfBytes(50_000) },
      { name: 'title', value: 'Folder after the file' },
      { name: 'language', value: 'en' },
      { name: 'categoryId', value: '999999' },
    ]);
    expect((await refused(() => asViewer({ method: 'POST', url: '/api/forms', ...unknownFolder }), 400)).field).toBe(
      'categoryId',
    );
    const two = multipartBody([
      { name: 'title', value: 'Two files' },
      { name: 'language', value: 'en' },
      { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', content: pdfBytes(2000) },
      { name: 'file', filename: 'b.pdf', contentType: 'application/pdf', content: pdfBytes(2000) },
    ]);
    expect((await refused(() => asViewer({ method: 'POST', url: '/api/forms', ...two }), 400)).field).toBe('file');
    const { payload, headers } = multipartBody([
      { name: 'title', value: 'Cut short' },
      { name: 'language', value: 'en' },
      { name: 'file', filename: 'cut.pdf', contentType: 'application/pdf', content: pdfBytes(200_000) },
    ]);
    expect(
      (
        await refused(
          () => asViewer({ method: 'POST', url: '/api/forms', headers, payload: payload.subarray(0, 120_000) }),
          400,
        )
      ).field,
    ).toBe('file');
  });

  it('keeps the last segment of a tricky file name, and names an unusable one after the title', async () => {
    const tricky = await uploadForm(
      asViewer,
      { title: 'Tricky', language: 'en' },
      { filename: '../../../etc/passwd.pdf' },
    );
    expect(tricky.json().data.form.file_path).toBe('passwd.pdf');
    const marathi = await uploadForm(
      asViewer,
      { title: 'संगणक अग्रिम', language: 'mr' },
      { filename: 'संगणक अग्रिम अर्ज.pdf' },
    );
    expect(marathi.json().data.form.file_path).toBe('संगणक अग्रिम अर्ज.pdf');
    const unnamed = await uploadForm(asViewer, { title: 'गृह अग्रिम', language: 'mr' }, { filename: '....' });
    expect(unnamed.json().data.form.file_path).toBe('गृह अग्रिम.pdf');
    const nothingUsable = await uploadForm(asViewer, { title: '***', language: 'en' }, { filename: '' });
    expect(nothingUsable.json().data.form.file_path).toBe('form.pdf');
  });
});
