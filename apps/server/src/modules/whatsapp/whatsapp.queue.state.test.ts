import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { whatsappDeliveries } from '../../db/schema/index.js';
import { createPayslipTestApp, type PayslipTestApp, type Request } from '../../test/payslip-fixtures.js';
import { buildSlip, deliveryReads } from '../../test/whatsapp-fixtures.js';

/** The slips screen's queue notice counts the reader's own slips: their company's, and slips only. */

let t: PayslipTestApp;
let asAdmin: Request;
let asClerk: Request;

beforeAll(async () => {
  t = await createPayslipTestApp();
  asAdmin = (await t.asUser({ role: 'admin' })).request;
  asClerk = (await t.asUser({ role: 'viewer', granted_permissions: ['manage_payslips'], company_id: 1 })).request;
});
afterAll(async () => t.close());

describe('GET /api/whatsapp/queue counts', () => {
  it("counts the queued slips and those waiting for the daily limit within the reader's company scope, never other messages", async () => {
    const companyB = (await t.buildCompany({ name: 'Group 4 Daund' })).id;
    const ours = [await buildSlip(t, { company_id: 1 }), await buildSlip(t, { company_id: 1 })];
    const theirs = [await buildSlip(t, { company_id: companyB }), await buildSlip(t, { company_id: companyB })];
    const sent = await asAdmin({
      method: 'POST',
      url: '/api/payslips/bulk-send',
      payload: { payslip_ids: [...ours, ...theirs].map((slip) => slip.id) },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // One slip of each company waits for the daily messaging limit.
    const until = new Date(Date.now() + 3 * 3600 * 1000);
    for (const slip of [ours[0]!, theirs[0]!])
      await t.database.db
        .update(whatsappDeliveries)
        .set({ waiting_for: 'daily_limit', not_before: until })
        .where(eq(whatsappDeliveries.payslip_id, slip.id));
    // A message that is not a slip (a verification code) is queued too: not the slips screen's business.
    await t.database.db.insert(whatsappDeliveries).values({
      kind: 'template',
      origin: 'verification',
      template_name: 'srpf_code',
      template_params: ['123456'],
      to_number: '919800000001',
      language: 'en',
    });

    const reads = deliveryReads(t, asAdmin);
    const forClerk = await reads.queue(asClerk);
    expect(forClerk.queued).toBe(2);
    expect(forClerk.waiting_for_daily_limit).toMatchObject({ count: 1 });
    const forAdmin = await reads.queue(asAdmin);
    expect(forAdmin.queued).toBe(4);
    expect(forAdmin.waiting_for_daily_limit).toMatchObject({ count: 2 });
  });
});
