import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ZCampaignResponse, ZCampaignSendResponse } from '@srpf/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { users, whatsappCampaigns, whatsappDeliveries } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Sending a campaign by hand when its state forbids it: two sends at once queue its people once (the
 * campaign's row lock: one 200, the other 409 already sent), and a campaign whose company was
 * deactivated since is a conflict with its state (409 campaigns.company_inactive), not bad input.
 * On PostgreSQL (TEST_DATABASE_URL) the two sends truly overlap.
 */

type Request = (options: InjectOptions) => Promise<LightMyRequestResponse>;
let t: TestApp;
let asAdmin: Request;

beforeAll(async () => {
  t = await createTestApp({}, { enqueueJobs: true });
  asAdmin = (await t.asUser({ role: 'admin' })).request;
});
afterAll(() => t.close());

let phoneSequence = 0;
/** A person of the company who agreed to notices, with a verified number. */
async function consenting(companyId: number) {
  phoneSequence += 1;
  const built = await t.buildUser({ company_id: companyId, phone_number: `96${String(30_000_000 + phoneSequence)}` });
  await t.database.db
    .update(users)
    .set({
      whatsapp_notices_enabled: true,
      phone_verified_at: new Date('2026-11-01T10:00:00Z'),
      phone_verified_source: 'self',
    })
    .where(eq(users.id, built.id));
  return built.id;
}

async function draftFor(companyId: number) {
  const response = await asAdmin({
    method: 'POST',
    url: '/api/whatsapp/campaigns',
    payload: { name: 'Parade', template_name: 'srpf_notice', parameters: ['Parade at 07:00.'], company_id: companyId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ZCampaignResponse.parse(response.json()).data.campaign;
}
const send = (id: number) => asAdmin({ method: 'POST', url: `/api/whatsapp/campaigns/${id}/send` });
const deliveriesOf = (campaignId: number) =>
  t.database.db.select().from(whatsappDeliveries).where(eq(whatsappDeliveries.campaign_id, campaignId));

describe('sending a campaign by hand', () => {
  it('twice at once queues each person once: one 200, the other 409 already sent', async () => {
    const company = (await t.buildCompany({ name: 'Group 4 Daund' })).id;
    const people = [await consenting(company), await consenting(company), await consenting(company)];
    const campaign = await draftFor(company);

    const answers = await Promise.all([send(campaign.id), send(campaign.id)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
    const sent = ZCampaignSendResponse.parse(answers.find((answer) => answer.statusCode === 200)!.json());
    expect(sent.data.queued).toBe(3);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toMatchObject({
      code: 'CONFLICT',
      reason: 'campaigns.already_sent',
    });

    const deliveries = await deliveriesOf(campaign.id);
    expect(deliveries.map((row) => row.user_id).sort()).toEqual([...people].sort());
    const [row] = await t.database.db.select().from(whatsappCampaigns).where(eq(whatsappCampaigns.id, campaign.id));
    expect(row!.recipients).toBe(3);
  });

  it('whose company was deactivated since is refused with 409 campaigns.company_inactive, nothing queued, still a draft', async () => {
    const company = (await t.buildCompany({ name: 'Group 8 Closed' })).id;
    await consenting(company);
    const campaign = await draftFor(company);
    await t.database.db.execute(sql`update companies set active = false where id = ${company}`);

    const refused = await send(campaign.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      error: { code: 'CONFLICT', reason: 'campaigns.company_inactive', field: 'company_id' },
    });
    expect(await deliveriesOf(campaign.id)).toEqual([]);
    const [row] = await t.database.db.select().from(whatsappCampaigns).where(eq(whatsappCampaigns.id, campaign.id));
    expect(row).toMatchObject({ status: 'draft', recipients: 0 });
  });
});
