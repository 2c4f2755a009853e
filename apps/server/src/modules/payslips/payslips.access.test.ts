import { describe, expect, it, vi } from 'vitest';
import type { Request } from '../../test/payslip-fixtures.js';
import {
  adminId,
  asAdmin,
  auditRows,
  companyB,
  list,
  people,
  slipOf,
  t,
  useAccessWorld,
} from '../../test/payslip-access-world.js';

/** The list and downloads: who sees which slips, filters and paging, audit rows. */

const renderer = vi.hoisted(() => {
  const state: { available: boolean; reason?: string } = { available: true };
  return { state };
});
vi.mock('./payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => renderer.state },
}));

useAccessWorld();

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
