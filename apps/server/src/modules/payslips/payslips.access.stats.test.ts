import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { payslips } from '../../db/schema/index.js';
import type { Request } from '../../test/payslip-fixtures.js';
import { asAdmin, list, people, slipOf, t, useAccessWorld } from '../../test/payslip-access-world.js';

/** The stats, the eligible people, the dashboard's count and a slip without its PDF: what each reader is told. */

const renderer = vi.hoisted(() => {
  const state: { available: boolean; reason?: string } = { available: true };
  return { state };
});
vi.mock('./payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => renderer.state },
}));

useAccessWorld();

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

  it('lists the people WhatsApp could reach with their slip (a verified number), for manage_payslips only', async () => {
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
    // Swati, on WhatsApp with a number nobody verified, is in neither list.
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
