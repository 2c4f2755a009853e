import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZPayslipListResponse } from '@srpf/shared';
import { auditLog, payslips, users } from '../../db/schema/index.js';
import {
  createPayslipTestApp,
  slipHtml,
  uploadSlips,
  type PayslipTestApp,
  type Request,
} from '../../test/payslip-fixtures.js';

/** The list, stats, eligible people and downloads: who sees which slips, filters and paging, audit rows. */

const renderer = vi.hoisted(() => {
  const state: { available: boolean; reason?: string } = { available: true };
  return { state };
});
vi.mock('./payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => renderer.state },
}));

let t: PayslipTestApp;
let asAdmin: Request;
let adminId: number;
let companyB: number;
/** People with slips: Sunil and Swati in company 1, Kiran in company B. */
const people: Record<'sunil' | 'swati' | 'kiran', { id: number; request: Request; sevarthId: string }> = {} as never;
const slipOf: Record<string, number> = {};

async function list(request: Request, query = '') {
  const response = await request({ method: 'GET', url: `/api/salary-slip/salaryslips/all${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return ZPayslipListResponse.parse(response.json());
}

beforeAll(async () => {
  t = await createPayslipTestApp();
  const admin = await t.asUser({ role: 'admin' });
  asAdmin = admin.request;
  adminId = admin.id;
  companyB = (await t.buildCompany({ name: 'Group 2 Pune' })).id;
  const build = async (first: string, last: string, sevarthId: string, company: number, phone: string) => {
    const person = await t.asUser({
      first_name: first,
      last_name: last,
      dgp_id: sevarthId,
      company_id: company,
      phone_number: phone,
    });
    return { ...person, sevarthId };
  };
  people.sunil = await build('Sunil', 'Patil', 'SRPFNGP1001', 1, '9876500001');
  people.swati = await build('Swati', 'Shinde', 'SRPFJLN1002', 1, '9876500002');
  people.kiran = await build('Kiran', 'Jadhav', 'SRPFAMR1003', companyB, '9876500003');
  await t.database.db
    .update(users)
    .set({ whatsapp_enabled: true, whatsapp_language: 'mr' })
    .where(eq(users.id, people.sunil.id));
  await t.database.db.update(users).set({ whatsapp_enabled: true }).where(eq(users.id, people.kiran.id));
  const files = [
    {
      name: 'sunil-oct.html',
      content: slipHtml({
        sevarthId: 'SRPFNGP1001',
        name: 'Sunil Patil',
        month: 'October 2026',
        payslipNumber: 'PS/2026/10/001',
      }),
    },
    {
      name: 'swati-oct.html',
      content: slipHtml({
        sevarthId: 'SRPFJLN1002',
        name: 'Swati Shinde',
        month: 'October 2026',
        payslipNumber: 'PS/2026/10/002',
      }),
    },
    {
      name: 'kiran-oct.html',
      content: slipHtml({
        sevarthId: 'SRPFAMR1003',
        name: 'Kiran Jadhav',
        month: 'October 2026',
        payslipNumber: 'PS/2026/10/003',
      }),
    },
    {
      name: 'sunil-sep.html',
      content: slipHtml({ sevarthId: 'SRPFNGP1001', name: 'Sunil Patil', month: 'September 2026' }),
    },
  ];
  const response = await uploadSlips(asAdmin, files);
  expect(response.json().processed.successful).toBe(4);
  // A new version of Sunil's October slip: the first stays, downloadable.
  await uploadSlips(asAdmin, [
    {
      name: 'sunil-oct-corrected.html',
      content: slipHtml({
        sevarthId: 'SRPFNGP1001',
        name: 'Sunil Patil',
        month: 'October 2026',
        payslipNumber: 'PS/2026/10/001A',
      }),
    },
  ]);
  for (const row of await t.database.db.select().from(payslips)) slipOf[row.file_name.replace('.html', '')] = row.id;
  for (const name of ['sunil-oct', 'sunil-oct-corrected', 'swati-oct', 'kiran-oct'])
    await t.givePdf(slipOf[name]!, Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`));
});
afterAll(() => t.close());

const auditRows = (actorId: number, action: 'payslip.read' | 'payslip.download') =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actor_id, actorId), eq(auditLog.action, action)));

describe('GET /api/salary-slip/salaryslips/all', () => {
  it('gives an administrator every current slip, newest month first, with the spec’s fields, paging and versions', async () => {
    const body = await list(asAdmin);
    expect(body.data.total).toBe(4);
    expect(body.data).toMatchObject({ page: 1, totalPages: 1 });
    expect(body.pagination).toMatchObject({
      page: 1,
      limit: 10,
      total: 4,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });
    expect(body.data.payslips.map((row) => [row.salary_month, row.employee_name])).toEqual([
      ['2026-10', 'Kiran Jadhav'],
      ['2026-10', 'Sunil Patil'],
      ['2026-10', 'Swati Shinde'],
      ['2026-09', 'Sunil Patil'],
    ]);
    const sunil = body.data.payslips[1]!;
    expect(sunil).toMatchObject({
      id: slipOf['sunil-oct-corrected'],
      version: 2,
      version_count: 2,
      file_name: 'sunil-oct-corrected.html',
      pdf_file_name: 'sunil-oct-corrected.pdf',
      download_url: `/api/payslips/${slipOf['sunil-oct-corrected']}/download`,
      pdf_state: 'ready',
      salary_month: '2026-10',
      month_year: '2026-10',
      sevarth_id: 'SRPFNGP1001',
      employee_name: 'Sunil Patil',
      payslip_number: 'PS/2026/10/001A',
      date_of_birth: '1985-03-12',
      date_of_joining: '2008-06-01',
      date_of_retirement: '2043-03-31',
      gross_paise: 5_000_000,
      deductions_paise: 500_000,
      net_paise: 4_500_000,
      consistent: true,
      status: 'generated',
      user_id: people.sunil.id,
      company_id: 1,
      user: {
        id: people.sunil.id,
        full_name: 'Sunil Patil',
        dgp_id: 'SRPFNGP1001',
        phone_number: '9876500001',
        whatsapp_enabled: true,
        whatsapp_language: 'mr',
        is_active: true,
      },
    });
    expect(sunil.versions).toHaveLength(1);
    expect(sunil.versions[0]).toMatchObject({
      id: slipOf['sunil-oct'],
      version: 1,
      file_name: 'sunil-oct.html',
      payslip_number: 'PS/2026/10/001',
      download_url: `/api/payslips/${slipOf['sunil-oct']}/download`,
    });
    expect(body.data.payslips[3]!.pdf_state).toBe('waiting');
  });

  it('filters by month, status and search (employee name or payslip number), and pages', async () => {
    expect((await list(asAdmin, '?month_year=2026-09')).data.payslips.map((row) => row.file_name)).toEqual([
      'sunil-sep.html',
    ]);
    expect((await list(asAdmin, '?status=sent')).data.total).toBe(0);
    expect((await list(asAdmin, '?status=generated&month_year=2026-10')).data.total).toBe(3);
    expect((await list(asAdmin, '?search=shin')).data.payslips.map((row) => row.employee_name)).toEqual([
      'Swati Shinde',
    ]);
    expect((await list(asAdmin, '?search=PS%2F2026%2F10%2F003')).data.payslips.map((row) => row.employee_name)).toEqual(
      ['Kiran Jadhav'],
    );
    expect((await list(asAdmin, '?search=100%25')).data.total).toBe(0);
    const page = await list(asAdmin, '?limit=2&page=2');
    expect(page.data).toMatchObject({ total: 4, page: 2, totalPages: 2 });
    expect(page.pagination).toMatchObject({ hasPrev: true, hasNext: false });
    expect(page.data.payslips.map((row) => row.file_name)).toEqual(['swati-oct.html', 'sunil-sep.html']);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?month_year=2026-13', 'month_year'],
      ['?month_year=October', 'month_year'],
      ['?status=opened', 'status'],
      ['?limit=1000', 'limit'],
      ['?page=0', 'page'],
    ] as const) {
      const response = await asAdmin({ method: 'GET', url: `/api/salary-slip/salaryslips/all${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
      expect(JSON.stringify(response.json().error), query).toContain(field);
    }
  });

  it('shows a person only their own slips, and audits nothing for them', async () => {
    const body = await list(people.sunil.request);
    expect(body.data.payslips.map((row) => row.file_name)).toEqual(['sunil-oct-corrected.html', 'sunil-sep.html']);
    expect(body.data.payslips[0]!.versions).toHaveLength(1);
    expect(await auditRows(people.sunil.id, 'payslip.read')).toHaveLength(0);
    const swati = await list(people.swati.request, '?search=patil');
    expect(swati.data.total).toBe(0);
  });

  it('shows manage_payslips the slips of their own company only (and their own), audited', async () => {
    const clerk = await t.asUser({ granted_permissions: ['manage_payslips'], company_id: 1 });
    const body = await list(clerk.request);
    expect(body.data.payslips.map((row) => row.file_name).sort()).toEqual([
      'sunil-oct-corrected.html',
      'sunil-sep.html',
      'swati-oct.html',
    ]);
    expect((await list(clerk.request, `?company_id=${companyB}`)).data.total).toBe(0);
    const [read] = await auditRows(clerk.id, 'payslip.read');
    expect(read).toMatchObject({ entity_type: 'payslip', outcome: 'success' });
    expect(read!.details).toMatchObject({ listed: 3 });
    const overseer = await t.asUser({
      granted_permissions: ['manage_payslips'],
      company_id: 1,
      overseen_company_ids: [companyB],
    });
    expect((await list(overseer.request)).data.total).toBe(4);
  });

  it('audits an administrator’s list of other people’s slips', async () => {
    const rows = await auditRows(adminId, 'payslip.read');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.details).toMatchObject({ listed: 4 });
  });
});

describe('GET /api/payslips/{id}/download', () => {
  const download = (request: Request, id: number) => request({ method: 'GET', url: `/api/payslips/${id}/download` });

  it('gives a person their own PDF, named after the slip, without an audit row', async () => {
    const response = await download(people.sunil.request, slipOf['sunil-oct-corrected']!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sunil-oct-corrected.pdf"; filename*=UTF-8''sunil-oct-corrected.pdf`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('% sunil-oct-corrected');
    expect(await auditRows(people.sunil.id, 'payslip.download')).toHaveLength(0);
  });

  it('gives an earlier version to the same people', async () => {
    const response = await download(people.sunil.request, slipOf['sunil-oct']!);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('% sunil-oct\n');
  });

  it('answers 409 while the PDF is not ready', async () => {
    const response = await download(people.sunil.request, slipOf['sunil-sep']!);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      error: {
        code: 'CONFLICT',
        message: 'The PDF of this payslip is not ready yet',
        reason: 'payslips.pdf_not_ready',
        params: {},
      },
    });
  });

  it('refuses another person’s slip with a 404, audited as a refused read', async () => {
    const response = await download(people.swati.request, slipOf['sunil-oct-corrected']!);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      success: false,
      error: { code: 'NOT_FOUND', reason: 'payslips.not_found', params: {} },
    });
    const [refused] = await auditRows(people.swati.id, 'payslip.download');
    expect(refused).toMatchObject({ outcome: 'failure', entity_id: String(slipOf['sunil-oct-corrected']) });
    // The same answer for a slip that does not exist: nobody learns whose slips there are.
    const missing = await download(people.swati.request, 999_999);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses manage_payslips outside their companies, and audits the reads inside', async () => {
    const clerk = await t.asUser({ granted_permissions: ['manage_payslips'], company_id: 1 });
    expect((await download(clerk.request, slipOf['kiran-oct']!)).statusCode).toBe(404);
    const inside = await download(clerk.request, slipOf['swati-oct']!);
    expect(inside.statusCode).toBe(200);
    const rows = await auditRows(clerk.id, 'payslip.download');
    expect(rows.map((row) => [row.outcome, row.entity_id]).sort()).toEqual(
      [
        ['failure', String(slipOf['kiran-oct'])],
        ['success', String(slipOf['swati-oct'])],
      ].sort(),
    );
  });

  it('lets an administrator download any slip, audited', async () => {
    expect((await download(asAdmin, slipOf['kiran-oct']!)).statusCode).toBe(200);
    expect(
      (await auditRows(adminId, 'payslip.download')).some(
        (row) => row.entity_id === String(slipOf['kiran-oct']) && row.outcome === 'success',
      ),
    ).toBe(true);
  });

  it('refuses a bad id with a 400 and no token with a 401', async () => {
    expect((await download(asAdmin, 0)).statusCode).toBe(400);
    expect((await asAdmin({ method: 'GET', url: '/api/payslips/abc/download' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/payslips/${slipOf['swati-oct']}/download` })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/payslips/stats and /eligible-users', () => {
  it('counts the slips the caller may see', async () => {
    const response = await asAdmin({ method: 'GET', url: '/api/payslips/stats?month_year=2026-10' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.stats).toEqual({
      month_year: '2026-10',
      total: 3,
      by_status: { generated: 3, sent: 0, delivered: 0, failed: 0 },
      by_pdf_state: { waiting: 0, ready: 3, failed: 0 },
      inconsistent: 0,
      with_versions: 1,
      whatsapp_eligible: 2,
      renderer: { available: true, reason: null },
    });
    const own = await people.swati.request({ method: 'GET', url: '/api/payslips/stats' });
    expect(own.json().data.stats).toMatchObject({ month_year: null, total: 1 });
    // Without Chromium: its path and error for those who manage payslips, a plain sentence for the rest.
    renderer.state = { available: false, reason: 'Chromium is not installed at /opt/hidden/chromium' };
    try {
      const mine = await people.swati.request({ method: 'GET', url: '/api/payslips/stats' });
      expect(mine.json().data.stats.renderer).toEqual({
        available: false,
        reason: 'Chromium is not available on this server: slips are stored, and their PDFs made once it is',
      });
      expect(mine.body).not.toContain('/opt/hidden');
      const admins = await asAdmin({ method: 'GET', url: '/api/payslips/stats' });
      expect(admins.json().data.stats.renderer).toEqual({
        available: false,
        reason: 'Chromium is not installed at /opt/hidden/chromium',
      });
    } finally {
      renderer.state = { available: true };
    }
    expect((await asAdmin({ method: 'GET', url: '/api/payslips/stats?month_year=2026' })).statusCode).toBe(400);
  });

  it('lists the people WhatsApp could reach with their slip, for manage_payslips only', async () => {
    const response = await asAdmin({ method: 'GET', url: '/api/payslips/eligible-users?month_year=2026-10' });
    expect(response.statusCode).toBe(200);
    const { users: eligible, total } = response.json().data;
    expect(total).toBe(2);
    expect(eligible.map((user: { full_name: string }) => user.full_name).sort()).toEqual([
      'Kiran Jadhav',
      'Sunil Patil',
    ]);
    expect(eligible.find((user: { id: number }) => user.id === people.sunil.id)).toEqual({
      id: people.sunil.id,
      full_name: 'Sunil Patil',
      dgp_id: 'SRPFNGP1001',
      company_id: 1,
      phone_number: '9876500001',
      whatsapp_number: '919876500001',
      whatsapp_language: 'mr',
      payslip_id: slipOf['sunil-oct-corrected'],
      salary_month: '2026-10',
      payslip_status: 'generated',
      pdf_state: 'ready',
    });
    const september = await asAdmin({ method: 'GET', url: '/api/payslips/eligible-users?month_year=2026-09' });
    expect(september.json().data.total).toBe(1);
    const refused = await people.sunil.request({ method: 'GET', url: '/api/payslips/eligible-users' });
    expect(refused.statusCode).toBe(403);
    const clerk = await t.asUser({ granted_permissions: ['manage_payslips'], company_id: 1 });
    const scoped = await clerk.request({ method: 'GET', url: '/api/payslips/eligible-users?month_year=2026-10' });
    expect(scoped.json().data.users.map((user: { full_name: string }) => user.full_name)).toEqual(['Sunil Patil']);
  });
});

describe('the dashboard', () => {
  it('counts the payslips uploaded in the range that the viewer may see', async () => {
    const admin = await asAdmin({ method: 'GET', url: '/api/kpis/daily' });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data.summary.payslips).toBe(4);
    const own = await people.sunil.request({ method: 'GET', url: '/api/kpis/daily' });
    expect(own.json().data.summary.payslips).toBe(2);
  });
});

describe('a slip without its PDF', () => {
  const setPdf = (state: 'waiting' | 'failed', reason: string | null) =>
    t.database.db
      .update(payslips)
      .set({ pdf_state: state, pdf_error: reason })
      .where(eq(payslips.id, slipOf['sunil-sep']!));
  const sunilSep = async (request: Request) =>
    (await list(request, '?month_year=2026-09')).data.payslips.find((row) => row.id === slipOf['sunil-sep'])!;

  it('tells its owner why in a note, and the renderer’s own words only to those who manage payslips', async () => {
    try {
      await setPdf('waiting', 'Waiting for Chromium: Chromium not found at /opt/hidden/chromium');
      expect(await sunilSep(people.sunil.request)).toMatchObject({
        pdf_state: 'waiting',
        pdf_note: 'renderer_unavailable',
        pdf_error: null,
      });
      expect(await sunilSep(asAdmin)).toMatchObject({
        pdf_note: 'renderer_unavailable',
        pdf_error: 'Waiting for Chromium: Chromium not found at /opt/hidden/chromium',
      });

      await setPdf('failed', 'Rendering failed: Timed out after 30000 ms');
      expect(await sunilSep(people.sunil.request)).toMatchObject({
        pdf_state: 'failed',
        pdf_note: 'render_failed',
        pdf_error: null,
      });
      const clerk = await t.asUser({ granted_permissions: ['manage_payslips'], company_id: 1 });
      expect(await sunilSep(clerk.request)).toMatchObject({
        pdf_note: 'render_failed',
        pdf_error: 'Rendering failed: Timed out after 30000 ms',
      });

      const owners = await people.sunil.request({
        method: 'GET',
        url: `/api/payslips/${slipOf['sunil-sep']}/download`,
      });
      expect(owners.statusCode).toBe(409);
      expect(owners.json().error.message).not.toContain('Timed out');
      const admins = await asAdmin({ method: 'GET', url: `/api/payslips/${slipOf['sunil-sep']}/download` });
      expect(admins.statusCode).toBe(409);
      expect(admins.json().error.message).toContain('Rendering failed: Timed out after 30000 ms');

      // An earlier version's reason is kept from its owner too.
      await t.database.db
        .update(payslips)
        .set({ pdf_state: 'failed', pdf_error: 'Rendering failed: page crashed' })
        .where(eq(payslips.id, slipOf['sunil-oct']!));
      const october = async (request: Request) =>
        (await list(request, '?month_year=2026-10')).data.payslips.find(
          (row) => row.id === slipOf['sunil-oct-corrected'],
        )!.versions[0]!;
      expect(await october(people.sunil.request)).toMatchObject({
        id: slipOf['sunil-oct'],
        pdf_note: 'render_failed',
        pdf_error: null,
      });
      expect(await october(asAdmin)).toMatchObject({
        pdf_note: 'render_failed',
        pdf_error: 'Rendering failed: page crashed',
      });

      // Being made: no note for anyone.
      await setPdf('waiting', null);
      expect(await sunilSep(people.sunil.request)).toMatchObject({
        pdf_state: 'waiting',
        pdf_note: null,
        pdf_error: null,
      });
    } finally {
      await setPdf('waiting', null);
      await t.database.db
        .update(payslips)
        .set({ pdf_state: 'ready', pdf_error: null })
        .where(eq(payslips.id, slipOf['sunil-oct']!));
    }
  });
});
