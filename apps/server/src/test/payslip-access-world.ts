import { afterAll, beforeAll, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZPayslipListResponse } from '@srpf/shared';
import { auditLog, payslips, users } from '../db/schema/index.js';
import { createPayslipTestApp, slipHtml, uploadSlips, type PayslipTestApp, type Request } from './payslip-fixtures.js';

/**
 * The world of the slips' access tests (modules/payslips/payslips.access.*.test.ts): an administrator, Sunil and Swati
 * in company 1 and Kiran in company B (Sunil and Kiran on WhatsApp with numbers an administrator set; Swati
 * on WhatsApp with a number she never confirmed), their October slips (Sunil's in two versions) and Sunil's
 * September slip. Exported as live bindings, set by useAccessWorld's beforeAll; each test file mocks
 * the PDF renderer itself.
 */

export let t: PayslipTestApp;
export let asAdmin: Request;
export let adminId: number;
export let companyB: number;
/** People with slips: Sunil and Swati in company 1, Kiran in company B. */
export const people: Record<'sunil' | 'swati' | 'kiran', { id: number; request: Request; sevarthId: string }> =
  {} as never;
export const slipOf: Record<string, number> = {};

export async function list(request: Request, query = '') {
  const response = await request({ method: 'GET', url: `/api/salary-slip/salaryslips/all${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return ZPayslipListResponse.parse(response.json());
}

/** Registers, in the calling test file, the building of the world before its tests and its closing after. */
export function useAccessWorld(): void {
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
      .set({
        whatsapp_enabled: true,
        whatsapp_language: 'mr',
        phone_verified_at: new Date(),
        phone_verified_source: 'admin',
      })
      .where(eq(users.id, people.sunil.id));
    await t.database.db
      .update(users)
      .set({ whatsapp_enabled: true, phone_verified_at: new Date(), phone_verified_source: 'admin' })
      .where(eq(users.id, people.kiran.id));
    // Swati switched WhatsApp on but never confirmed her number: nothing may go to it.
    await t.database.db.update(users).set({ whatsapp_enabled: true }).where(eq(users.id, people.swati.id));
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
    expect(response.json<{ processed: { successful: number } }>().processed.successful).toBe(4);
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
}

export const auditRows = (actorId: number, action: 'payslip.read' | 'payslip.download') =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actor_id, actorId), eq(auditLog.action, action)));
