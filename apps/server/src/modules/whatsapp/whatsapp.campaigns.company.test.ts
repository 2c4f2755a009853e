import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { whatsappCampaigns } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** A company's campaigns go with the company: never left to "every company" (issue 31). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('deleting a company with a scheduled campaign', () => {
  it('deletes its campaigns with it, so the notice never goes to the whole force', async () => {
    const admin = await t.asUser({ role: 'admin' });
    const company = await t.buildCompany({ name: 'Group 11 Gondia' });
    const [campaign] = await t.database.db
      .insert(whatsappCampaigns)
      .values({
        name: 'Parade on Sunday',
        template_name: 'srpf_notice',
        parameters: ['Parade at 07:00 on Sunday'],
        message: 'Parade at 07:00 on Sunday',
        company_id: company.id,
        status: 'scheduled',
        scheduled_at: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: whatsappCampaigns.id });
    const removed = await admin.request({ method: 'DELETE', url: `/api/companies/${company.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await t.database.db.select().from(whatsappCampaigns).where(eq(whatsappCampaigns.id, campaign!.id));
    expect(left).toEqual([]);
  });
});
