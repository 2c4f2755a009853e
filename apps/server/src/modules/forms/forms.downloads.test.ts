import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FORM_DOWNLOAD_URL_TTL_SECONDS } from '@srpf/shared';
import { auditLog, formDownloads, users } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { uploadedForm } from '../../test/form-fixtures.js';
import { createLibraryTestApp, pdfBytes, type LibraryTestApp, type Request } from '../../test/library-fixtures.js';
import { createDownloadSigner } from './forms.downloads.js';

/**
 * GET /api/forms/{id}/download and the signed address it answers: counted and audited once, opened
 * without a bearer header, refused once expired, once the form is deleted, or once its reader may no
 * longer see it.
 */

let t: LibraryTestApp;
let asViewer: Request;
let viewerId: number;
let asAdmin: Request;

beforeAll(async () => {
  t = await createLibraryTestApp();
  const viewer = await t.asUser({ role: 'viewer' });
  asViewer = viewer.request;
  viewerId = viewer.id;
  asAdmin = await t.as('admin');
});
afterAll(() => t.close());
afterEach(() => clock.set(null));

/** GET /download as `request`: the signed address. */
async function signedUrl(request: Request, id: number): Promise<string> {
  const response = await request({ method: 'GET', url: `/api/forms/${id}/download` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().url as string;
}
/** The signed address opened as a new tab would: no bearer header. */
const open = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/forms/:id/download', () => {
  it('answers {url} (also in data, with its expiry), records the download against the asker and audits it once', async () => {
    clock.set('2026-11-21T10:00:00Z');
    const form = await uploadedForm(asViewer, { title: 'Signed' });
    const response = await asViewer({ method: 'GET', url: `/api/forms/${form.id}/download` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.url).toMatch(new RegExp(`^/api/forms/${form.id}/file\\?token=\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(body).toEqual({
      success: true,
      url: body.url,
      data: {
        url: body.url,
        expiresAt: new Date(Date.parse('2026-11-21T10:00:00Z') + FORM_DOWNLOAD_URL_TTL_SECONDS * 1000).toISOString(),
      },
    });
    const rows = await t.database.db.select().from(formDownloads).where(eq(formDownloads.form_id, form.id));
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        form_id: form.id,
        user_id: viewerId,
        created_at: new Date('2026-11-21T10:00:00Z'),
        expires_at: new Date('2026-11-21T10:01:00Z'),
      },
    ]);
    // Opening it is not another download.
    expect((await open(body.url)).statusCode).toBe(200);
    expect((await open(body.url)).statusCode).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'form.download'), eq(auditLog.entity_id, String(form.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: viewerId, outcome: 'success' });
    expect(await t.database.db.$count(formDownloads, eq(formDownloads.form_id, form.id))).toBe(1);
  });

  it('counts two downloads as two', async () => {
    const form = await uploadedForm(asViewer, { title: 'Twice' });
    await signedUrl(asViewer, form.id);
    await signedUrl(asViewer, form.id);
    const stats = await asAdmin({ method: 'GET', url: `/api/forms/${form.id}/stats` });
    expect(stats.json().data.stats).toMatchObject({ totalDownloads: 2, uniqueUsers: 1 });
  });

  it('is 401 without a token and 404 for an unknown or trashed form', async () => {
    const form = await uploadedForm(asViewer, { title: 'Gone soon' });
    expect((await t.app.inject({ method: 'GET', url: `/api/forms/${form.id}/download` })).statusCode).toBe(401);
    expect((await asViewer({ method: 'GET', url: '/api/forms/999999/download' })).statusCode).toBe(404);
    expect((await asAdmin({ method: 'DELETE', url: `/api/forms/${form.id}` })).statusCode).toBe(200);
    expect((await asViewer({ method: 'GET', url: `/api/forms/${form.id}/download` })).statusCode).toBe(404);
    expect(await t.database.db.$count(formDownloads, eq(formDownloads.form_id, form.id))).toBe(0);
  });
});

describe('GET /api/forms/:id/file?token=', () => {
  it('streams the PDF without a bearer header, with its name, type and nosniff', async () => {
    const content = pdfBytes(70_000, 'signed-download');
    const form = await uploadedForm(asViewer, { title: 'Streamed' }, { filename: 'GPF refund form.pdf', content });
    const response = await open(await signedUrl(asViewer, form.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(content.length));
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="GPF refund form.pdf"; filename*=UTF-8''GPF%20refund%20form.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.equals(content)).toBe(true);
  });

  it('names the download after the file with .pdf enforced, and form.pdf where nothing ASCII is left', async () => {
    const named = async (filename: string, title = 'Named') => {
      const form = await uploadedForm(asViewer, { title }, { filename });
      return (await open(await signedUrl(asViewer, form.id))).headers['content-disposition'];
    };
    expect(await named('report.docx')).toBe(`inline; filename="report.docx.pdf"; filename*=UTF-8''report.docx.pdf`);
    expect(await named('scan.PDF')).toBe(`inline; filename="scan.pdf"; filename*=UTF-8''scan.pdf`);
    expect(await named('a;b%c.pdf')).toBe(`inline; filename="a_b_c.pdf"; filename*=UTF-8''a%3Bb%25c.pdf`);
    expect(await named('संगणक अग्रिम.pdf')).toBe(
      `inline; filename="form.pdf"; filename*=UTF-8''${encodeURIComponent('संगणक अग्रिम.pdf')}`,
    );
    expect(await named('....', 'Welfare scheme')).toBe(
      `inline; filename="Welfare scheme.pdf"; filename*=UTF-8''Welfare%20scheme.pdf`,
    );
    expect(await named('', '***')).toBe(`inline; filename="form.pdf"; filename*=UTF-8''form.pdf`);
  });

  it('is refused once expired (403), and works up to then', async () => {
    clock.set('2026-11-21T10:00:00Z');
    const form = await uploadedForm(asViewer, { title: 'Expiring' });
    const url = await signedUrl(asViewer, form.id);
    clock.set(new Date(Date.parse('2026-11-21T10:00:00Z') + (FORM_DOWNLOAD_URL_TTL_SECONDS - 1) * 1000));
    expect((await open(url)).statusCode).toBe(200);
    clock.set(new Date(Date.parse('2026-11-21T10:00:00Z') + FORM_DOWNLOAD_URL_TTL_SECONDS * 1000));
    const expired = await open(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      success: false,
      error: {
        code: 'FORBIDDEN',
        message: 'This download link has expired. Download the form again.',
        reason: 'forms.link_expired',
        params: {},
        field: 'token',
      },
    });
  });

  it('is refused once the form is deleted (404)', async () => {
    const form = await uploadedForm(asViewer, { title: 'Deleted after signing' });
    const url = await signedUrl(asViewer, form.id);
    expect((await asAdmin({ method: 'DELETE', url: `/api/forms/${form.id}` })).statusCode).toBe(200);
    const response = await open(url);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Form not found' });
  });

  it('is refused once the form is made private to someone else, and still opens for its uploader', async () => {
    const form = await uploadedForm(asViewer, { title: 'Made private' });
    const other = await t.asUser({ role: 'viewer' });
    const othersUrl = await signedUrl(other.request, form.id);
    const uploadersUrl = await signedUrl(asViewer, form.id);
    expect(
      (await asViewer({ method: 'PUT', url: `/api/forms/${form.id}`, payload: { isPublic: false } })).statusCode,
    ).toBe(200);
    expect((await open(othersUrl)).statusCode).toBe(404);
    expect((await open(uploadersUrl)).statusCode).toBe(200);
    // A holder of manage_forms still sees it, so their address still opens.
    const manager = await t.asUser({ role: 'viewer', granted_permissions: ['manage_forms'] });
    expect((await open(await signedUrl(manager.request, form.id))).statusCode).toBe(200);
  });

  it('is refused once the person it was signed for is deactivated', async () => {
    const form = await uploadedForm(asViewer, { title: 'Deactivated reader' });
    const reader = await t.asUser({ role: 'viewer' });
    const url = await signedUrl(reader.request, form.id);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, reader.id));
    expect((await open(url)).statusCode).toBe(403);
  });

  it('refuses a missing, malformed, tampered, foreign or moved token in the error envelope', async () => {
    const form = await uploadedForm(asViewer, { title: 'Guarded' });
    const otherForm = await uploadedForm(asViewer, { title: 'Other' });
    const url = await signedUrl(asViewer, form.id);
    const token = decodeURIComponent(url.split('token=')[1]!);
    const [downloadId, mac] = token.split('.') as [string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const cases: [string, number][] = [
      [`/api/forms/${form.id}/file`, 400],
      [`/api/forms/${form.id}/file?token=`, 400],
      [`/api/forms/${form.id}/file?token=nonsense`, 403],
      [`/api/forms/${form.id}/file?token=${downloadId}.${flipped}`, 403],
      [`/api/forms/${form.id}/file?token=${Number(downloadId) + 1000}.${mac}`, 403],
      [`/api/forms/${form.id}/file?token=99999999999.${mac}`, 403],
      // Bound to its form: the same token on another form's address opens nothing.
      [`/api/forms/${otherForm.id}/file?token=${encodeURIComponent(token)}`, 403],
      [`/api/forms/abc/file?token=${encodeURIComponent(token)}`, 400],
    ];
    for (const [address, status] of cases) {
      const response = await open(address);
      expect({ address, status: response.statusCode }).toEqual({ address, status });
      expect(response.json().success).toBe(false);
    }
    // A token signed under another secret never verifies, even with the right row.
    const [row] = await t.database.db
      .select()
      .from(formDownloads)
      .where(eq(formDownloads.id, Number(downloadId)));
    const forged = createDownloadSigner([{ id: 'x', key: Buffer.alloc(32, 7) }]).sign({
      downloadId: row!.id,
      formId: form.id,
      userId: viewerId,
      expiresAt: row!.expires_at,
    });
    expect((await open(`/api/forms/${form.id}/file?token=${forged}`)).statusCode).toBe(403);
    expect((await open(url)).statusCode).toBe(200);
  });
});
