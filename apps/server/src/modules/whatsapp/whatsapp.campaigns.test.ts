import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import {
  ZCampaignAudienceResponse,
  ZCampaignListResponse,
  ZCampaignResponse,
  ZCampaignSendResponse,
  ZWhatsappTemplatesResponse,
  type TCampaign,
} from '@srpf/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { auditLog, users, whatsappCampaigns, whatsappDeliveries, whatsappSends } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { recordingJobs } from '../../test/whatsapp-fixtures.js';
import { createCampaignSendRun, createOverdueCampaignSweep } from './whatsapp.campaigns.jobs.js';
import { createWhatsappProvider } from './whatsapp.providers.js';
import { dailyCapOf } from './whatsapp.limits.js';

/**
 * Broadcast campaigns (issue 31): templates, drafts, the audience (only people who agreed to notices,
 * with a verified number, of the campaign's company), sending once, scheduling through the job,
 * company scope and refusals. The people below are counted by hand.
 */

type Request = (options: InjectOptions) => Promise<LightMyRequestResponse>;
let t: TestApp;
let asAdmin: Request;
/** send_whatsapp, company A. */
let asClerkA: Request;
let clerkAId: number;
/** send_whatsapp, company B. */
let asClerkB: Request;
/** No send_whatsapp. */
let asViewer: Request;
let companyA: number;
let companyB: number;
/** Company A's two people who get a campaign, and company B's one. */
const consenting: { a: number[]; b: number[] } = { a: [], b: [] };
const refused: number[] = [];

interface Person {
  company: number;
  notices?: boolean;
  slips?: boolean;
  verified?: boolean;
  phone?: string | null;
  active?: boolean;
  deleted?: boolean;
  language?: 'en' | 'mr' | 'hi';
}
let phoneSequence = 0;
async function person(options: Person) {
  phoneSequence += 1;
  const built = await t.buildUser({
    company_id: options.company,
    is_active: options.active ?? true,
    ...(options.phone === null ? {} : { phone_number: options.phone ?? `97${String(20_000_000 + phoneSequence)}` }),
  });
  await t.database.db
    .update(users)
    .set({
      whatsapp_notices_enabled: options.notices ?? true,
      whatsapp_enabled: options.slips ?? false,
      phone_verified_at: options.verified === false ? null : new Date('2026-11-01T10:00:00Z'),
      phone_verified_source: options.verified === false ? null : 'self',
      whatsapp_language: options.language ?? 'en',
      deleted_at: options.deleted ? new Date() : null,
    })
    .where(eq(users.id, built.id));
  return built.id;
}

const draft = (company_id: number | null, extra: Record<string, unknown> = {}) => ({
  name: 'Parade on Monday',
  template_name: 'srpf_notice',
  parameters: ['Parade at 07:00 on Monday at the headquarters ground.'],
  company_id,
  ...extra,
});

function ok<T>(response: LightMyRequestResponse, status = 200, schema?: { parse(value: unknown): T }): T {
  expect(response.statusCode, response.body).toBe(status);
  return schema ? schema.parse(response.json()) : response.json<T>();
}
async function create(request: Request, payload: object): Promise<TCampaign> {
  const response = await request({ method: 'POST', url: '/api/whatsapp/campaigns', payload });
  return ok(response, 201, ZCampaignResponse).data.campaign;
}
const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ success: false; error: { code: string; reason?: string; field?: string } }>().error;
const deliveriesOf = (campaignId: number) =>
  t.database.db
    .select()
    .from(whatsappDeliveries)
    .where(eq(whatsappDeliveries.campaign_id, campaignId))
    .orderBy(whatsappDeliveries.user_id);

beforeAll(async () => {
  t = await createTestApp({}, { enqueueJobs: true });
  companyA = (await t.buildCompany({ name: 'Group 1 Pune' })).id;
  companyB = (await t.buildCompany({ name: 'Group 2 Nagpur' })).id;
  asAdmin = (await t.asUser({ role: 'admin', company_id: companyA })).request;
  const clerk = await t.asUser({ role: 'viewer', company_id: companyA, granted_permissions: ['send_whatsapp'] });
  asClerkA = clerk.request;
  clerkAId = clerk.id;
  asClerkB = (await t.asUser({ role: 'viewer', company_id: companyB, granted_permissions: ['send_whatsapp'] })).request;
  asViewer = (await t.asUser({ role: 'viewer', company_id: companyA, granted_permissions: ['manage_payslips'] }))
    .request;

  // Company A: two people get a campaign (one reads Marathi) …
  consenting.a.push(await person({ company: companyA }), await person({ company: companyA, language: 'mr' }));
  // … and five do not: consent to slips only, an unverified number, inactive, deleted, no phone.
  refused.push(
    await person({ company: companyA, notices: false, slips: true }),
    await person({ company: companyA, verified: false }),
    await person({ company: companyA, active: false }),
    await person({ company: companyA, deleted: true }),
    await person({ company: companyA, phone: null }),
  );
  // Company B: one.
  consenting.b.push(await person({ company: companyB, language: 'hi' }));
});
afterAll(async () => t.close());
afterEach(() => clock.set(null));

describe('GET /api/whatsapp/templates', () => {
  it('lists the outbox’s own notice template in en, mr and hi with its one parameter', async () => {
    const response = await asClerkA({ method: 'GET', url: '/api/whatsapp/templates' });
    const data = ok(response, 200, ZWhatsappTemplatesResponse).data;
    expect(data).toMatchObject({ provider: 'outbox', unavailable: null });
    // Meta's language codes name what a delivery is sent under; the list does not answer them.
    expect(response.json().data.templates[0]).not.toHaveProperty('codes');
    expect(data.templates).toEqual([
      expect.objectContaining({
        name: 'srpf_notice',
        category: 'utility',
        languages: ['en', 'mr', 'hi'],
        body: '{{1}}',
        parameter_count: 1,
      }),
    ]);
  });

  it('is refused without send_whatsapp', async () => {
    const response = await asViewer({ method: 'GET', url: '/api/whatsapp/templates' });
    expect(response.statusCode).toBe(403);
  });
});

describe('campaign drafts', () => {
  it('makes a draft with the text filled in, lists it newest first for its company, and hides it from another company', async () => {
    const older = await create(asClerkA, draft(companyA, { name: 'Older notice' }));
    const campaign = await create(asClerkA, draft(companyA));
    expect(campaign).toMatchObject({
      name: 'Parade on Monday',
      message: 'Parade at 07:00 on Monday at the headquarters ground.',
      category: 'utility',
      status: 'draft',
      template_name: 'srpf_notice',
      company_id: companyA,
      company_name: 'Group 1 Pune',
      recipients: 0,
      sent: 0,
      delivered: 0,
      failed: 0,
      scheduled_at: null,
    });
    expect(campaign.created_by_name).toMatch(/^Test User/);

    const list = ok(
      await asClerkA({ method: 'GET', url: '/api/whatsapp/campaigns?limit=10' }),
      200,
      ZCampaignListResponse,
    );
    const ids = list.data.map((item) => item.id);
    expect(ids.indexOf(campaign.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.pagination).toMatchObject({ page: 1, limit: 10 });

    const other = ok(await asClerkB({ method: 'GET', url: '/api/whatsapp/campaigns' }), 200, ZCampaignListResponse);
    expect(other.data.map((item) => item.id)).not.toContain(campaign.id);
    for (const [method, url, payload] of [
      ['GET', `/api/whatsapp/campaigns/${campaign.id}`, undefined],
      ['PUT', `/api/whatsapp/campaigns/${campaign.id}`, draft(companyB)],
      ['POST', `/api/whatsapp/campaigns/${campaign.id}/send`, undefined],
      ['DELETE', `/api/whatsapp/campaigns/${campaign.id}`, undefined],
    ] as const) {
      const response = await asClerkB({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const seen = ok(
      await asAdmin({ method: 'GET', url: `/api/whatsapp/campaigns/${campaign.id}` }),
      200,
      ZCampaignResponse,
    );
    expect(seen.data.campaign.id).toBe(campaign.id);
  });

  it('edits a draft and audits it; deletes a draft', async () => {
    const campaign = await create(asClerkA, draft(companyA));
    const edited = ok(
      await asClerkA({
        method: 'PUT',
        url: `/api/whatsapp/campaigns/${campaign.id}`,
        payload: draft(companyA, { name: 'Parade moved', parameters: ['Parade at 08:00 on Tuesday.'] }),
      }),
      200,
      ZCampaignResponse,
    ).data.campaign;
    expect(edited).toMatchObject({ name: 'Parade moved', message: 'Parade at 08:00 on Tuesday.', status: 'draft' });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'whatsapp_campaign.update'), eq(auditLog.entity_id, String(campaign.id))));
    expect(row).toMatchObject({ actor_id: clerkAId, outcome: 'success' });

    ok(await asClerkA({ method: 'DELETE', url: `/api/whatsapp/campaigns/${campaign.id}` }));
    expect((await asClerkA({ method: 'GET', url: `/api/whatsapp/campaigns/${campaign.id}` })).statusCode).toBe(404);
  });

  it('refuses an unknown template, the wrong number of parameters and bad fields, writing nothing', async () => {
    const before = (await t.database.db.select({ id: whatsappCampaigns.id }).from(whatsappCampaigns)).length;
    const cases: [object, string, string][] = [
      [draft(companyA, { template_name: 'no_such_template' }), 'campaigns.template_unknown', 'template_name'],
      [draft(companyA, { parameters: [] }), 'campaigns.parameters_mismatch', 'parameters'],
      [draft(companyA, { parameters: ['one', 'two'] }), 'campaigns.parameters_mismatch', 'parameters'],
      [draft(companyA, { name: 'x' }), 'validation.too_short', 'name'],
      [draft(companyA, { parameters: ['x'.repeat(501)] }), 'validation.too_long', 'parameters.0'],
      [draft(999_999), 'campaigns.audience_forbidden', 'company_id'],
    ];
    for (const [payload, reason, field] of cases) {
      const response = await asClerkA({ method: 'POST', url: '/api/whatsapp/campaigns', payload });
      const error = errorOf(response);
      expect(response.statusCode, JSON.stringify(payload)).toBe(reason === 'campaigns.audience_forbidden' ? 403 : 400);
      expect(error, JSON.stringify(payload)).toMatchObject({ reason, field });
    }
    const unknownCompany = await asAdmin({ method: 'POST', url: '/api/whatsapp/campaigns', payload: draft(999_999) });
    expect(unknownCompany.statusCode).toBe(400);
    expect(errorOf(unknownCompany)).toMatchObject({ reason: 'validation.company_not_found', field: 'company_id' });
    expect((await t.database.db.select({ id: whatsappCampaigns.id }).from(whatsappCampaigns)).length).toBe(before);
  });

  it('keeps every company’s campaign and other companies to their own people: 403 for a clerk, allowed for an administrator', async () => {
    const everyone = await asClerkA({ method: 'POST', url: '/api/whatsapp/campaigns', payload: draft(null) });
    expect(everyone.statusCode).toBe(403);
    expect(errorOf(everyone)).toMatchObject({ reason: 'campaigns.audience_forbidden' });
    const otherCompany = await asClerkA({ method: 'POST', url: '/api/whatsapp/campaigns', payload: draft(companyB) });
    expect(otherCompany.statusCode).toBe(403);
    const campaign = await create(asAdmin, draft(null));
    expect(campaign).toMatchObject({ company_id: null, company_name: null });
    const list = ok(
      await asClerkA({ method: 'GET', url: '/api/whatsapp/campaigns?limit=100' }),
      200,
      ZCampaignListResponse,
    );
    expect(list.data.map((item) => item.id)).not.toContain(campaign.id);
  });

  it('is refused without send_whatsapp, before anything is read', async () => {
    for (const [method, url] of [
      ['GET', '/api/whatsapp/campaigns'],
      ['POST', '/api/whatsapp/campaigns'],
    ] as const) {
      const response = await asViewer({ method, url, ...(method === 'POST' ? { payload: draft(companyA) } : {}) });
      expect(response.statusCode, url).toBe(403);
    }
  });
});

describe('POST /api/whatsapp/campaigns/:id/send', () => {
  it('queues one template message to each consenting, verified person of the company, in their language, once', async () => {
    const campaign = await create(asClerkA, draft(companyA));
    const audience = ok(
      await asClerkA({ method: 'GET', url: `/api/whatsapp/campaigns/${campaign.id}/audience` }),
      200,
      ZCampaignAudienceResponse,
    ).data;
    expect(audience).toEqual({ count: 2, waiting_for_daily_limit: 0 });

    const sent = ok(
      await asClerkA({ method: 'POST', url: `/api/whatsapp/campaigns/${campaign.id}/send` }),
      200,
      ZCampaignSendResponse,
    ).data;
    expect(sent).toMatchObject({ queued: 2, waiting_for_daily_limit: 0, provider: 'outbox' });
    expect(sent.campaign).toMatchObject({ status: 'sent', recipients: 2, queued: 2 });
    expect(sent.campaign.started_at).not.toBeNull();

    const deliveries = await deliveriesOf(campaign.id);
    expect(deliveries.map((delivery) => delivery.user_id)).toEqual(consenting.a);
    expect(deliveries.map((delivery) => delivery.language)).toEqual(['en', 'mr']);
    for (const delivery of deliveries)
      expect(delivery).toMatchObject({
        kind: 'template',
        origin: 'campaign',
        state: 'queued',
        template_name: 'srpf_notice',
        template_params: ['Parade at 07:00 on Monday at the headquarters ground.'],
        body: 'Parade at 07:00 on Monday at the headquarters ground.',
        requested_by: clerkAId,
      });
    // Slip-only consent, an unverified number, inactive, deleted or phoneless people get nothing.
    const theirs = await t.database.db
      .select()
      .from(whatsappDeliveries)
      .where(inArray(whatsappDeliveries.user_id, refused));
    expect(theirs).toEqual([]);
    // Each delivery's send job was enqueued with it.
    const result = await t.database.db.execute(sql`select data from pgboss.job where name = 'whatsapp.send'`);
    const jobIds = (result as { rows: { data: { deliveryId: number } }[] }).rows.map((row) => row.data.deliveryId);
    for (const delivery of deliveries) expect(jobIds).toContain(delivery.id);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'whatsapp_campaign.send'), eq(auditLog.entity_id, String(campaign.id))));
    expect(row?.details).toMatchObject({ queued: 2, company_id: companyA });

    // A second send, a change or a delete of a sent campaign: 409, nothing more queued.
    for (const [method, url, payload] of [
      ['POST', `/api/whatsapp/campaigns/${campaign.id}/send`, undefined],
      ['PUT', `/api/whatsapp/campaigns/${campaign.id}`, draft(companyA)],
      ['DELETE', `/api/whatsapp/campaigns/${campaign.id}`, undefined],
    ] as const) {
      const response = await asClerkA({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(409);
    }
    expect(await deliveriesOf(campaign.id)).toHaveLength(2);
  });

  it('sends an administrator’s campaign of every company to every consenting person', async () => {
    const campaign = await create(asAdmin, draft(null));
    const sent = ok(
      await asAdmin({ method: 'POST', url: `/api/whatsapp/campaigns/${campaign.id}/send` }),
      200,
      ZCampaignSendResponse,
    ).data;
    expect(sent.queued).toBe(3);
    const deliveries = await deliveriesOf(campaign.id);
    expect(deliveries.map((delivery) => delivery.user_id)).toEqual([...consenting.a, ...consenting.b]);
    expect(deliveries.at(-1)?.language).toBe('hi');
  });

  it('refuses a campaign nobody would get (409), leaving it a draft', async () => {
    const empty = (await t.buildCompany({ name: 'Group 3 Daund' })).id;
    const campaign = await create(asAdmin, draft(empty));
    const response = await asAdmin({ method: 'POST', url: `/api/whatsapp/campaigns/${campaign.id}/send` });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ reason: 'campaigns.no_recipients' });
    const after = ok(
      await asAdmin({ method: 'GET', url: `/api/whatsapp/campaigns/${campaign.id}` }),
      200,
      ZCampaignResponse,
    );
    expect(after.data.campaign.status).toBe('draft');
  });

  it('says how many wait for the daily messaging limit', async () => {
    // Nothing else queued; 199 people were sent a template within 24 hours: one place is left of the
    // campaigns' share of the 250 (80 %: 200; the rest is kept for slips and sign-in codes).
    await t.database.db.update(whatsappDeliveries).set({ state: 'sent' }).where(eq(whatsappDeliveries.state, 'queued'));
    const now = new Date();
    await t.database.db.insert(whatsappSends).values(
      Array.from({ length: dailyCapOf('campaign', t.config.whatsapp.dailyRecipients) - 1 }, (_, index) => ({
        phone_number_id: 'outbox',
        to_number: `91800000${String(index).padStart(4, '0')}`,
        template: true,
        sent_at: now,
      })),
    );
    try {
      const campaign = await create(asClerkA, draft(companyA));
      const sent = ok(
        await asClerkA({ method: 'POST', url: `/api/whatsapp/campaigns/${campaign.id}/send` }),
        200,
        ZCampaignSendResponse,
      ).data;
      expect(sent).toMatchObject({ queued: 2, waiting_for_daily_limit: 1 });
    } finally {
      await t.database.db.delete(whatsappSends);
      await t.database.db
        .update(whatsappDeliveries)
        .set({ state: 'sent' })
        .where(eq(whatsappDeliveries.state, 'queued'));
    }
  });
});

describe('scheduled campaigns', () => {
  const runner = () =>
    createCampaignSendRun(
      {
        db: t.database.db,
        clock,
        jobs: recordingJobs(),
        config: t.config,
        logger: pino({ level: 'silent' }),
      },
      createWhatsappProvider({ config: t.config, db: t.database.db }),
    );
  /** Moments relative to a frozen now (a fixed date would outlive the test's sessions). */
  let base: Date;
  const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000).toISOString();
  const freeze = () => {
    base = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    clock.set(base);
  };
  const schedule = (request: Request, id: number, scheduled_at: string) =>
    request({ method: 'POST', url: `/api/whatsapp/campaigns/${id}/schedule`, payload: { scheduled_at } });

  it('refuses a moment in the past or more than 90 days ahead', async () => {
    freeze();
    const campaign = await create(asClerkA, draft(companyA));
    const past = await schedule(asClerkA, campaign.id, at(-1));
    expect(past.statusCode).toBe(400);
    expect(errorOf(past)).toMatchObject({ reason: 'campaigns.schedule_past', field: 'scheduled_at' });
    const far = await schedule(asClerkA, campaign.id, at(90 * 24 * 60 + 1));
    expect(far.statusCode).toBe(400);
    expect(errorOf(far)).toMatchObject({ reason: 'campaigns.schedule_too_far' });
    const bad = await schedule(asClerkA, campaign.id, 'next monday');
    expect(bad.statusCode).toBe(400);
  });

  it('is sent by its job at the moment it was scheduled for; a moved or cancelled schedule leaves the old job nothing to do', async () => {
    freeze();
    const campaign = await create(asClerkA, draft(companyA));
    const first = ok(await schedule(asClerkA, campaign.id, at(60)), 200, ZCampaignResponse).data.campaign;
    expect(first).toMatchObject({ status: 'scheduled', scheduled_at: at(60) });
    const jobs = await t.database.db.execute(
      sql`select data, start_after from pgboss.job where name = 'whatsapp.campaign.send' and (data->>'campaignId')::int = ${campaign.id}`,
    );
    const rows = (jobs as { rows: { data: unknown; start_after: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toEqual({ campaignId: campaign.id, scheduledAt: at(60) });
    expect(new Date(rows[0]!.start_after).toISOString()).toBe(at(60));

    // Moved to later: the first job finds nothing to do.
    ok(await schedule(asClerkA, campaign.id, at(120)));
    clock.set(at(60));
    const run = runner();
    expect(await run({ campaignId: campaign.id, scheduledAt: at(60) })).toEqual({
      outcome: 'skipped',
      reason: 'moved',
    });
    expect(await deliveriesOf(campaign.id)).toHaveLength(0);

    clock.set(at(120));
    expect(await run({ campaignId: campaign.id, scheduledAt: at(120) })).toEqual({
      outcome: 'sent',
      queued: 2,
    });
    const deliveries = await deliveriesOf(campaign.id);
    expect(deliveries.map((delivery) => delivery.user_id)).toEqual(consenting.a);
    expect(deliveries[0]?.requested_by).toBe(clerkAId);
    // Run again (a retry): nothing more.
    expect(await run({ campaignId: campaign.id, scheduledAt: at(120) })).toEqual({
      outcome: 'skipped',
      reason: 'not_scheduled',
    });
    expect(await deliveriesOf(campaign.id)).toHaveLength(2);
    clock.set(null);
    const after = ok(
      await asClerkA({ method: 'GET', url: `/api/whatsapp/campaigns/${campaign.id}` }),
      200,
      ZCampaignResponse,
    );
    expect(after.data.campaign).toMatchObject({ status: 'sent', recipients: 2 });
  });

  it('gives an overdue scheduled campaign whose job died its job again from the minute’s sweep, once per five minutes', async () => {
    freeze();
    const campaign = await create(asClerkA, draft(companyA));
    ok(await schedule(asClerkA, campaign.id, at(10)));
    const jobs = recordingJobs();
    const sweep = createOverdueCampaignSweep({ db: t.database.db, clock, jobs });
    const mine = () => jobs.enqueued.filter((job) => (job.data as { campaignId?: number }).campaignId === campaign.id);
    // Its job failed for good (say Graph was down): nothing sent, still scheduled. Not yet overdue at +14.
    clock.set(at(14));
    await sweep();
    expect(mine()).toHaveLength(0);
    clock.set(at(16));
    await sweep();
    expect(mine()).toEqual([
      expect.objectContaining({
        name: 'whatsapp.campaign.send',
        data: { campaignId: campaign.id, scheduledAt: at(10) },
      }),
    ]);
    // The next minute: not again (its new job may still be running).
    clock.set(at(17));
    await sweep();
    expect(mine()).toHaveLength(1);
    // The job given again sends it; the sweep then leaves it alone.
    expect(await runner()({ campaignId: campaign.id, scheduledAt: at(10) })).toEqual({ outcome: 'sent', queued: 2 });
    clock.set(at(30));
    await sweep();
    expect(mine()).toHaveLength(1);
    expect(await deliveriesOf(campaign.id)).toHaveLength(2);
  });

  it('does not send to a company closed since: the job turns it back to a draft with an audit row, sending by hand is refused', async () => {
    freeze();
    const closed = (await t.buildCompany({ name: 'Group 9 Closed' })).id;
    await person({ company: closed });
    const campaign = await create(asAdmin, draft(closed));
    ok(await schedule(asAdmin, campaign.id, at(10)));
    await t.database.db.execute(sql`update companies set active = false where id = ${closed}`);
    clock.set(at(10));
    expect(await runner()({ campaignId: campaign.id, scheduledAt: at(10) })).toEqual({ outcome: 'company_inactive' });
    expect(await deliveriesOf(campaign.id)).toHaveLength(0);
    const [row] = await t.database.db.select().from(whatsappCampaigns).where(eq(whatsappCampaigns.id, campaign.id));
    expect(row).toMatchObject({ status: 'draft', scheduled_at: null });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_type, 'whatsapp_campaign'), eq(auditLog.entity_id, String(campaign.id))));
    expect(audits).toContainEqual(
      expect.objectContaining({ outcome: 'failure', details: expect.objectContaining({ reason: 'company_inactive' }) }),
    );
    clock.set(null);
    const byHand = await asAdmin({ method: 'POST', url: `/api/whatsapp/campaigns/${campaign.id}/send` });
    expect(byHand.statusCode).toBe(409);
    expect(errorOf(byHand)).toMatchObject({
      code: 'CONFLICT',
      reason: 'campaigns.company_inactive',
      field: 'company_id',
    });
    expect(await deliveriesOf(campaign.id)).toHaveLength(0);
  });

  it('cancels a scheduled campaign back to a draft (409 when not scheduled); the job then sends nothing', async () => {
    freeze();
    const campaign = await create(asClerkA, draft(companyA));
    ok(await schedule(asClerkA, campaign.id, at(120)));
    const cancelled = ok(
      await asClerkA({ method: 'POST', url: `/api/whatsapp/campaigns/${campaign.id}/cancel` }),
      200,
      ZCampaignResponse,
    ).data.campaign;
    expect(cancelled).toMatchObject({ status: 'draft', scheduled_at: null });
    const again = await asClerkA({ method: 'POST', url: `/api/whatsapp/campaigns/${campaign.id}/cancel` });
    expect(again.statusCode).toBe(409);
    clock.set(at(120));
    expect(await runner()({ campaignId: campaign.id, scheduledAt: at(120) })).toEqual({
      outcome: 'skipped',
      reason: 'not_scheduled',
    });
    expect(await deliveriesOf(campaign.id)).toHaveLength(0);
  });
});
