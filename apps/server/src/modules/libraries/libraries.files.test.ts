import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { LIBRARIES, LIBRARY_FILE_MAX_BYTES, LIBRARY_RECORD_KEYS, type Library } from '@srpf/shared';
import { libraryDocuments } from '../../db/schema/libraries.js';
import { multipartBody } from '../../test/multipart.js';
import {
  createLibraryTestApp,
  pdfBytes,
  PNG_BYTES,
  updateWithFile,
  upload,
  type LibraryTestApp,
  type Request,
} from '../../test/library-fixtures.js';

let t: LibraryTestApp;
let asAdmin: Request;
let asViewer: Request;

beforeAll(async () => {
  t = await createLibraryTestApp();
  asAdmin = await t.as('admin');
  asViewer = await t.as('viewer');
});
afterAll(() => t.close());

async function documentCount(library: Library): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(libraryDocuments)
    .where(eq(libraryDocuments.library, library));
  return row!.n;
}

describe.each(LIBRARIES)('PDF upload and download in %s', (library: Library) => {
  const key = LIBRARY_RECORD_KEYS[library];
  const fields = (title: string, extra: Record<string, string> = {}) => ({
    title,
    effective_date: '2026-11-21',
    ...extra,
  });

  /** Runs a request that must fail, and checks it left no row and no file behind. */
  async function refused(
    run: () => Promise<{ statusCode: number; json(): { error: { code: string; message: string; field?: string } } }>,
    status: number,
  ) {
    const [rows, files] = [await documentCount(library), t.countFiles()];
    const response = await run();
    expect(response.statusCode).toBe(status);
    expect(await documentCount(library)).toBe(rows);
    expect(t.countFiles()).toBe(files);
    return response.json().error;
  }

  it('uploads a PDF with its fields: 201, file_url under /api, and the same bytes come back with safe headers', async () => {
    const category = await t.buildCategory(library);
    const subcategory = await t.buildSubcategory(category.id);
    const content = pdfBytes(150_000, 'upload-test');
    const extra: Record<string, string> =
      library === 'orders' ? {} : { tags: 'weekly, नागपूर ,weekly', is_mandatory: 'true' };
    const files = t.countFiles();
    const response = await upload(
      asAdmin,
      library,
      fields('Weekly Parade Report', {
        slug: '',
        category_id: String(category.id),
        subcategory_id: String(subcategory.id),
        ...extra,
      }),
      { filename: 'C:\\Users\\clerk\\Desktop\\parade report.PDF', content },
    );
    expect(response.statusCode).toBe(201);
    const document = response.json().data[key];
    expect(document).toMatchObject({
      title: 'Weekly Parade Report',
      slug: 'weekly-parade-report',
      category_id: category.id,
      subcategory_id: subcategory.id,
      status: 'pending',
      file_url: `/api/${library}/${document.id}/file`,
      file_name: 'parade report.pdf',
      file_size: content.length,
      tags: library === 'orders' ? [] : ['weekly', 'नागपूर'],
      is_mandatory: library !== 'orders',
    });
    expect(t.countFiles()).toBe(files + 1);

    const download = await asViewer({ method: 'GET', url: document.file_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(content.length));
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="parade report.pdf"; filename*=UTF-8''parade%20report.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('needs a token and upload_documents, which a viewer holds in every library', async () => {
    expect((await upload(t.app.inject.bind(t.app) as Request, library, fields('No token'))).statusCode).toBe(401);
    const byViewer = await upload(asViewer, library, fields(`Viewer upload ${library}`));
    expect(byViewer.statusCode).toBe(201);
  });

  it('refuses missing title, date or file, bad dates and bad ids with 400, leaving nothing behind', async () => {
    expect((await refused(() => upload(asAdmin, library, { effective_date: '2026-11-21' }), 400)).field).toBe('title');
    expect((await refused(() => upload(asAdmin, library, { title: 'No date' }), 400)).field).toBe('effective_date');
    expect(
      (await refused(() => upload(asAdmin, library, fields('Bad date', { effective_date: '2026-02-29' })), 400)).field,
    ).toBe('effective_date');
    expect((await refused(() => upload(asAdmin, library, fields('Bad id', { category_id: 'abc' })), 400)).field).toBe(
      'category_id',
    );
    expect(
      (await refused(() => upload(asAdmin, library, fields('Unknown category', { category_id: '999999' })), 400)).field,
    ).toBe('category_id');
    expect(
      (await refused(() => upload(asAdmin, library, fields('Bad mandatory', { is_mandatory: 'maybe' })), 400)).field,
    ).toBe('is_mandatory');
    const noFile = await refused(() => upload(asAdmin, library, fields('No file'), null), 400);
    expect(noFile).toMatchObject({ field: 'pdf_file', message: 'Please select a PDF file' });
    const wrongField = await refused(() => upload(asAdmin, library, fields('Wrong field'), { name: 'document' }), 400);
    expect(wrongField.field).toBe('pdf_file');
    const json = await refused(
      () => asAdmin({ method: 'POST', url: `/api/${library}/upload`, payload: fields('As JSON') }),
      400,
    );
    expect(json.field).toBe('pdf_file');
  });

  it('refuses 10 MB + 1 byte with 413 and a clear message', async () => {
    const error = await refused(
      () => upload(asAdmin, library, fields('Too big'), { content: pdfBytes(LIBRARY_FILE_MAX_BYTES + 1) }),
      413,
    );
    expect(error).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'File size must be less than 10MB',
      reason: 'upload.pdf_too_large',
      params: { megabytes: 10 },
      field: 'pdf_file',
    });
  });

  it('refuses anything that does not start with %PDF- with 415, whatever its name and type', async () => {
    const png = await refused(
      () =>
        upload(asAdmin, library, fields('A picture'), {
          filename: 'scan.pdf',
          contentType: 'application/pdf',
          content: PNG_BYTES,
        }),
      415,
    );
    expect(png).toEqual({
      code: 'INVALID_FILE',
      message: 'Only PDF files are allowed',
      reason: 'upload.not_pdf',
      params: {},
      field: 'pdf_file',
    });
    await refused(
      () =>
        upload(asAdmin, library, fields('Text'), {
          filename: 'notes.pdf',
          contentType: 'application/pdf',
          content: 'just some text, not a PDF',
        }),
      415,
    );
    await refused(
      () => upload(asAdmin, library, fields('Empty'), { filename: 'empty.pdf', content: Buffer.alloc(0) }),
      415,
    );
    await refused(() => upload(asAdmin, library, fields('Short'), { filename: 'short.pdf', content: '%PD' }), 415);
    // A real PDF sent with a browser's odd content type is still a PDF.
    expect(
      (await upload(asAdmin, library, fields(`Octet stream ${library}`), { contentType: 'application/octet-stream' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a duplicate slug with 409 and an unknown subcategory with 400, with no row and no file', async () => {
    const category = await t.buildCategory(library);
    expect(
      (await upload(asAdmin, library, fields('Duplicate Me', { category_id: String(category.id) }))).statusCode,
    ).toBe(201);
    const clash = await refused(
      () => upload(asAdmin, library, fields('Duplicate me', { category_id: String(category.id) })),
      409,
    );
    expect(clash).toMatchObject({ code: 'ALREADY_EXISTS', field: 'slug' });
    await refused(
      () => upload(asAdmin, library, fields('Lost', { category_id: String(category.id), subcategory_id: '999999' })),
      400,
    );
  });

  it('keeps nothing of an upload cut short', async () => {
    const { payload, headers } = multipartBody([
      { name: 'title', value: 'Cut short' },
      { name: 'effective_date', value: '2026-11-21' },
      { name: 'pdf_file', filename: 'cut.pdf', contentType: 'application/pdf', content: pdfBytes(200_000) },
    ]);
    const error = await refused(
      () => asAdmin({ method: 'POST', url: `/api/${library}/upload`, headers, payload: payload.subarray(0, 120_000) }),
      400,
    );
    expect(error.field).toBe('pdf_file');
  });

  it('keeps only the last segment of a tricky file name, and names downloads safely', async () => {
    const files = t.countFiles();
    const tricky = await upload(asAdmin, library, fields(`Tricky ${library}`), { filename: '../../../etc/passwd.pdf' });
    expect(tricky.statusCode).toBe(201);
    const document = tricky.json().data[key];
    expect(document.file_name).toBe('passwd.pdf');
    expect(t.countFiles()).toBe(files + 1);
    const download = await asViewer({ method: 'GET', url: document.file_url });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`,
    );

    const renamed = await upload(asAdmin, library, fields('आदेश क्रमांक १२'), { filename: 'x.txt' });
    expect(renamed.json().data[key].file_name).toBe('x.txt.pdf');
    const marathi = await upload(asAdmin, library, fields('आदेश क्रमांक १३'), { filename: 'आदेश १३.pdf' });
    const marathiDocument = marathi.json().data[key];
    expect(marathiDocument.file_name).toBe('आदेश १३.pdf');
    expect((await asViewer({ method: 'GET', url: marathiDocument.file_url })).headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('आदेश १३.pdf')}`,
    );
    const unnamed = await upload(asAdmin, library, fields('बंदोबस्त आदेश'), { filename: '....' });
    const unnamedDocument = unnamed.json().data[key];
    expect(unnamedDocument.file_name).toBe('बंदोबस्त आदेश.pdf');
    const fallback = { orders: 'order', circulars: 'circular', 'government-decisions': 'government_decision' }[library];
    const response = await asViewer({ method: 'GET', url: unnamedDocument.file_url });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${fallback}.pdf"; filename*=UTF-8''${encodeURIComponent('बंदोबस्त आदेश.pdf')}`,
    );
  });

  it('answers 404 for an unknown document, a document without a PDF, and one of another library', async () => {
    expect((await asViewer({ method: 'GET', url: `/api/${library}/999999/file` })).statusCode).toBe(404);
    expect((await asViewer({ method: 'GET', url: `/api/${library}/abc/file` })).statusCode).toBe(400);
    const noFile = await t.buildDocument(library);
    const missing = await asViewer({ method: 'GET', url: `/api/${library}/${noFile.id}/file` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toMatch(/has no PDF yet$/);
    const foreign = await t.buildDocument(
      LIBRARIES.find((l) => l !== library)!,
      { file: pdfBytes() },
    );
    expect((await asViewer({ method: 'GET', url: `/api/${library}/${foreign.id}/file` })).statusCode).toBe(404);
  });

  it('attaches a PDF to a document created without one, then replaces it, keeping the old file as an earlier version', async () => {
    const created = (
      await asAdmin({ method: 'POST', url: `/api/${library}`, payload: fields(`Attach later ${library}`) })
    ).json().data[key];
    expect(created.file_url).toBeNull();
    const files = t.countFiles();

    const first = pdfBytes(4000, 'first');
    const attached = await updateWithFile(
      asAdmin,
      library,
      created.id,
      { priority: 'high' },
      { filename: 'first.pdf', content: first },
    );
    expect(attached.statusCode).toBe(200);
    expect(attached.json().data[key]).toMatchObject({
      file_url: `/api/${library}/${created.id}/file`,
      file_name: 'first.pdf',
      file_size: 4000,
      priority: 'high',
    });
    expect(t.countFiles()).toBe(files + 1);

    const second = pdfBytes(6000, 'second');
    const replaced = await updateWithFile(
      asAdmin,
      library,
      created.id,
      { title: `Replaced ${library}` },
      { filename: 'second.pdf', content: second },
    );
    expect(replaced.json().data[key]).toMatchObject({
      title: `Replaced ${library}`,
      file_name: 'second.pdf',
      file_size: 6000,
      version: 3,
    });
    expect(t.countFiles()).toBe(files + 2);
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/${created.id}/file` })).rawPayload.equals(second),
    ).toBe(true);
    // Every version is listed, newest first, and each one's PDF downloads as it was.
    const versions = replaced.json().data[key].versions;
    expect(versions.map((v: { version: number; file_name: string | null }) => [v.version, v.file_name])).toEqual([
      [3, 'second.pdf'],
      [2, 'first.pdf'],
      [1, null],
    ]);
    expect(versions[1]).toMatchObject({
      file_url: `/api/${library}/${created.id}/versions/2/file`,
      file_size: 4000,
      uploaded_by: { id: expect.any(Number) },
    });
    expect(versions[2].file_url).toBeNull();
    expect((await asViewer({ method: 'GET', url: versions[1].file_url })).rawPayload.equals(first)).toBe(true);
    expect((await asViewer({ method: 'GET', url: versions[0].file_url })).rawPayload.equals(second)).toBe(true);
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/${created.id}/versions/1/file` })).json().error.message,
    ).toMatch(/^Version 1 of this .* has no PDF$/);
    expect((await asViewer({ method: 'GET', url: `/api/${library}/${created.id}/versions/9/file` })).statusCode).toBe(
      404,
    );
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/${created.id}/versions/zero/file` })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: versions[1].file_url })).statusCode).toBe(401);

    // A refused replacement keeps the document and its current file as they were.
    const [before] = await t.database.db.select().from(libraryDocuments).where(eq(libraryDocuments.id, created.id));
    expect(
      (await updateWithFile(asAdmin, library, created.id, { title: 'Not applied' }, { content: PNG_BYTES })).statusCode,
    ).toBe(415);
    expect(
      (
        await updateWithFile(
          asAdmin,
          library,
          created.id,
          { title: 'Not applied' },
          { content: pdfBytes(LIBRARY_FILE_MAX_BYTES + 1) },
        )
      ).statusCode,
    ).toBe(413);
    expect((await updateWithFile(asAdmin, library, created.id, { effective_date: 'soon' })).statusCode).toBe(400);
    expect((await updateWithFile(asAdmin, library, 999999, { title: 'Nobody' })).statusCode).toBe(404);
    expect(t.countFiles()).toBe(files + 2);
    const [after] = await t.database.db.select().from(libraryDocuments).where(eq(libraryDocuments.id, created.id));
    expect(after).toEqual(before);

    // Multipart without a file changes only the fields.
    const fieldsOnly = await updateWithFile(asAdmin, library, created.id, { description: 'Only text' }, null);
    expect(fieldsOnly.json().data[key]).toMatchObject({ description: 'Only text', file_name: 'second.pdf' });
  });
});

describe('the size limit itself', () => {
  it('accepts a PDF of exactly 10 MB', async () => {
    const content = pdfBytes(LIBRARY_FILE_MAX_BYTES, 'exact');
    const response = await upload(
      asAdmin,
      'orders',
      { title: 'Exactly ten megabytes', effective_date: '2026-11-21' },
      { content },
    );
    expect(response.statusCode).toBe(201);
    const download = await asViewer({ method: 'GET', url: response.json().data.order.file_url });
    expect(download.headers['content-length']).toBe(String(LIBRARY_FILE_MAX_BYTES));
    expect(download.rawPayload.equals(content)).toBe(true);
  });
});
