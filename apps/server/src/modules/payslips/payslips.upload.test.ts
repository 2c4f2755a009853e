import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, payslips } from '../../db/schema/index.js';
import {
  createPayslipTestApp,
  generateSlips,
  slipHtml,
  uploadSlips,
  type GeneratedSlips,
  type PayslipTestApp,
  type Request,
} from '../../test/payslip-fixtures.js';
import { multipartBody } from '../../test/multipart.js';
import { DEFAULT_CHROMIUM_PATH } from './render/chromium-command.js';

/** POST /api/salary-slip/upload-html: reading, matching, versions, failures, the result's shape, and who may upload. */

const renderer = vi.hoisted(() => ({ available: true, reason: undefined as string | undefined }));
vi.mock('./payslips.renderer.js', () => ({
  chromiumRenderer: {
    render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'),
    state: async () => ({ available: renderer.available, reason: renderer.reason }),
  },
}));

let t: PayslipTestApp;
let asAdmin: Request;
let adminId: number;
let generated: GeneratedSlips;
let otherCompany: number;

beforeAll(async () => {
  t = await createPayslipTestApp();
  const admin = await t.asUser({ role: 'admin', first_name: 'Asha', last_name: 'Admin' });
  asAdmin = admin.request;
  adminId = admin.id;
  otherCompany = (await t.buildCompany({ name: 'Group 9 Hingoli' })).id;
  generated = generateSlips(6);
  // The fixture staff: the first four in company 1, the rest in the other company.
  for (const [index, person] of generated.staff.entries()) {
    await t.buildUser({
      first_name: person.firstName,
      middle_name: person.middleName,
      last_name: person.lastName,
      email: person.email,
      dgp_id: person.sevarthId,
      phone_number: person.mobile,
      company_id: index < 4 ? 1 : otherCompany,
    });
  }
});
afterAll(async () => {
  generated.remove();
  await t.close();
});
beforeEach(() => {
  renderer.available = true;
  renderer.reason = undefined;
});

const current = () =>
  t.database.db
    .select()
    .from(payslips)
    .where(sql`${payslips.superseded_at} is null`);
const renderJobs = async () => {
  const result = await t.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'payslip.render'`,
  );
  return Number((result as { rows: { n: number }[] }).rows[0]!.n);
};

describe('POST /api/salary-slip/upload-html: who may upload', () => {
  it('needs a token', async () => {
    const response = await uploadSlips(
      (options) => t.app.inject(options),
      [{ name: 'a.html', content: generated.files[0]!.content }],
    );
    expect(response.statusCode).toBe(401);
  });

  it.each(['viewer', 'officer', 'company_lead', 'executive', 'manager'])(
    'refuses a %s without manage_payslips, audited, storing nothing',
    async (role) => {
      const person = await t.asUser({ role });
      const files = t.countFiles();
      const response = await uploadSlips(person.request, [{ name: 'a.html', content: generated.files[0]!.content }]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
      expect(t.countFiles()).toBe(files);
      const denied = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actor_id, person.id), eq(auditLog.action, 'access.denied')));
      expect(denied).toHaveLength(1);
      expect(denied[0]!.entity_id).toBe('POST /api/salary-slip/upload-html');
    },
  );
});

describe('POST /api/salary-slip/upload-html: reading and matching', () => {
  it('stores good slips, reports every failed file, and answers the exact result shape', async () => {
    const filesBefore = t.countFiles();
    const jobsBefore = await renderJobs();
    const response = await uploadSlips(asAdmin, [
      ...generated.files.map((file) => ({ name: file.name, content: file.content })),
      { name: 'unknown.html', content: slipHtml({ sevarthId: 'ZZZZZZZ9999', name: 'Nobody Known' }) },
      { name: 'letter.html', content: '<html><body><p>Dear sir, please grant me leave.</p></body></html>' },
      { name: 'empty.html', content: '' },
      { name: 'huge.html', content: Buffer.alloc(2 * 1024 * 1024 + 1, 0x61) },
      { name: 'no-month.html', content: slipHtml({ sevarthId: 'ABCDEFG1234', name: 'X', month: '' }) },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      message: '6 payslips uploaded, 5 files failed. PDFs are being made in the background.',
      processed: {
        successful: 6,
        failed: 5,
        failures: [
          { filename: 'letter.html', error: expect.stringMatching(/^Not a salary slip/), code: 'not_a_slip' },
          { filename: 'empty.html', error: 'File is empty', code: 'empty' },
          { filename: 'huge.html', error: 'File is larger than 2 MB', code: 'too_large' },
          { filename: 'no-month.html', error: expect.stringMatching(/salary month/i), code: 'month_missing' },
          {
            filename: 'unknown.html',
            error: 'No employee with the Sevarth ID ZZZZZZZ9999',
            code: 'unknown_sevarth_id',
          },
        ],
        new_versions: 0,
        inconsistent: 0,
        months: ['2026-10'],
      },
      renderer: { available: true, reason: null },
      pdfs_pending: 6,
    });
    const rows = await current();
    expect(rows).toHaveLength(6);
    for (const expected of generated.expected) {
      const row = rows.find((candidate) => candidate.sevarth_id === expected.sevarth_id)!;
      expect(row).toMatchObject({
        salary_month: '2026-10',
        version: 1,
        date_of_birth: expected.date_of_birth,
        date_of_joining: expected.date_of_joining,
        date_of_retirement: expected.date_of_retirement,
        gross_paise: expected.gross * 100,
        deductions_paise: expected.deductions * 100,
        net_paise: expected.net_pay * 100,
        consistent: true,
        status: 'generated',
        pdf_state: 'waiting',
        pdf_error: null,
        uploaded_by: adminId,
      });
      expect(row.employee_name.toLowerCase()).toContain(expected.name.split(' ')[0]!.toLowerCase());
    }
    // Only the stored slips' HTML is kept: the unmatched one is not.
    expect(t.countFiles()).toBe(filesBefore + 6);
    // One render job per slip, enqueued with the rows.
    expect((await renderJobs()) - jobsBefore).toBe(6);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, adminId), eq(auditLog.action, 'payslip.upload')));
    expect(audited).toMatchObject({ entity_type: 'payslip', outcome: 'success' });
    expect(audited!.details).toMatchObject({ stored: 6, new_versions: 0, months: ['2026-10'] });
  });

  it('makes a second slip of the same employee and month its new version, keeping the first', async () => {
    const file = generated.files[0]!;
    const before = (await current()).find((row) => row.file_name === file.name)!;
    const response = await uploadSlips(asAdmin, [{ name: file.name, content: file.content }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().processed).toMatchObject({ successful: 1, failed: 0, new_versions: 1 });
    expect(response.json().message).toBe(
      '1 payslip uploaded, 1 as a new version. PDFs are being made in the background.',
    );
    const versions = await t.database.db
      .select()
      .from(payslips)
      .where(and(eq(payslips.user_id, before.user_id), eq(payslips.salary_month, '2026-10')))
      .orderBy(payslips.version);
    expect(versions.map((row) => [row.version, row.superseded_at !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(versions[0]!.id).toBe(before.id);
  });

  it('keeps only the last of two slips of one employee and month in the same upload as current', async () => {
    const person = generated.staff[1]!;
    const first = slipHtml({
      sevarthId: person.sevarthId,
      name: `${person.firstName} ${person.lastName}`,
      month: 'November 2026',
      net: '45,000.00',
    });
    const second = slipHtml({
      sevarthId: person.sevarthId,
      name: `${person.firstName} ${person.lastName}`,
      month: '11/2026',
      net: '45,000.00',
      payslipNumber: 'PS/2026/11/2',
    });
    const response = await uploadSlips(asAdmin, [
      { name: 'first.html', content: first },
      { name: 'second.html', content: second },
    ]);
    expect(response.json().processed).toMatchObject({ successful: 2, new_versions: 1, months: ['2026-11'] });
    const rows = await t.database.db
      .select()
      .from(payslips)
      .where(eq(payslips.salary_month, '2026-11'))
      .orderBy(payslips.version);
    expect(rows.map((row) => [row.file_name, row.version, row.superseded_at === null])).toEqual([
      ['first.html', 1, false],
      ['second.html', 2, true],
    ]);
  });

  it('stores a slip that contradicts itself, flagged, with its figures as read', async () => {
    const person = generated.staff[2]!;
    const response = await uploadSlips(asAdmin, [
      {
        name: 'odd.html',
        content: slipHtml({
          sevarthId: person.sevarthId,
          name: person.firstName,
          month: 'December 2026',
          gross: '50,000.50',
          deductions: '5,000.25',
          net: '46,000.00',
        }),
      },
    ]);
    expect(response.json().processed).toMatchObject({ successful: 1, inconsistent: 1 });
    const [row] = await t.database.db.select().from(payslips).where(eq(payslips.salary_month, '2026-12'));
    expect(row).toMatchObject({
      consistent: false,
      gross_paise: 5_000_050,
      deductions_paise: 500_025,
      net_paise: 4_600_000,
    });
  });

  it('still stores and matches without Chromium, and says the PDFs will come once it is installed', async () => {
    renderer.available = false;
    renderer.reason = `Chromium not found at ${DEFAULT_CHROMIUM_PATH}`;
    const person = generated.staff[3]!;
    const response = await uploadSlips(asAdmin, [
      {
        name: 'jan.html',
        content: slipHtml({ sevarthId: person.sevarthId, name: person.firstName, month: 'January 2027' }),
      },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: '1 payslip uploaded. PDFs will be made once Chromium is installed.',
      renderer: { available: false, reason: `Chromium not found at ${DEFAULT_CHROMIUM_PATH}` },
      pdfs_pending: 1,
    });
    const [row] = await t.database.db.select().from(payslips).where(eq(payslips.salary_month, '2027-01'));
    expect(row).toMatchObject({
      pdf_state: 'waiting',
      pdf_error: `Waiting for Chromium: Chromium not found at ${DEFAULT_CHROMIUM_PATH}`,
    });
  });

  it('answers success false when no file could be stored', async () => {
    const files = t.countFiles();
    const response = await uploadSlips(asAdmin, [{ name: 'x.html', content: '<p>hello</p>' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'No payslips uploaded: 1 file failed.',
      processed: { successful: 0, failed: 1 },
      pdfs_pending: 0,
    });
    expect(t.countFiles()).toBe(files);
  });

  it('matches a manager’s upload only to people of their companies', async () => {
    const clerk = await t.asUser({ role: 'viewer', granted_permissions: ['manage_payslips'], company_id: 1 });
    const inside = generated.staff[0]!;
    const outside = generated.staff[5]!;
    const response = await uploadSlips(clerk.request, [
      {
        name: 'in.html',
        content: slipHtml({ sevarthId: inside.sevarthId, name: inside.firstName, month: 'February 2027' }),
      },
      {
        name: 'out.html',
        content: slipHtml({ sevarthId: outside.sevarthId, name: outside.firstName, month: 'February 2027' }),
      },
    ]);
    expect(response.json().processed).toMatchObject({
      successful: 1,
      failed: 1,
      failures: [
        {
          filename: 'out.html',
          error: `No employee with the Sevarth ID ${outside.sevarthId}`,
          code: 'unknown_sevarth_id',
        },
      ],
    });
  });
});

describe('POST /api/salary-slip/upload-html: bad requests', () => {
  it('refuses a body that is not multipart, and a form without slips (400, nothing stored)', async () => {
    const files = t.countFiles();
    const json = await asAdmin({ method: 'POST', url: '/api/salary-slip/upload-html', payload: { htmlFiles: [] } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED', field: 'htmlFiles' } });
    const { payload, headers } = multipartBody([{ name: 'note', value: 'no files here' }]);
    const empty = await asAdmin({ method: 'POST', url: '/api/salary-slip/upload-html', payload, headers });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'htmlFiles',
      message: 'Please select at least one file.',
    });
    const other = await uploadSlips(asAdmin, [{ name: 'a.html', content: generated.files[0]!.content, field: 'file' }]);
    expect(other.statusCode).toBe(400);
    expect(t.countFiles()).toBe(files);
  });

  it('refuses a body cut short with a 400, leaving no file behind', async () => {
    const files = t.countFiles();
    const { payload, headers } = multipartBody([
      { name: 'htmlFiles', filename: 'a.html', contentType: 'text/html', content: generated.files[1]!.content },
      { name: 'htmlFiles', filename: 'b.html', contentType: 'text/html', content: generated.files[2]!.content },
    ]);
    const response = await asAdmin({
      method: 'POST',
      url: '/api/salary-slip/upload-html',
      payload: payload.subarray(0, payload.length - 400),
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    expect(t.countFiles()).toBe(files);
  });

  it('refuses more than 10,000 files in one request with a 413', async () => {
    const files = t.countFiles();
    const parts = Array.from({ length: 10_001 }, (_, index) => ({
      name: 'htmlFiles',
      filename: `${index}.html`,
      contentType: 'text/html',
      content: '',
    }));
    const { payload, headers } = multipartBody(parts);
    const response = await asAdmin({ method: 'POST', url: '/api/salary-slip/upload-html', payload, headers });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'FILE_TOO_LARGE', field: 'htmlFiles' } });
    expect(t.countFiles()).toBe(files);
  });
});
