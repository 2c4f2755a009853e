import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { users, whatsappCampaigns, whatsappDeliveries } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createPayslipTestApp, type PayslipTestApp } from '../../test/payslip-fixtures.js';
import { recordingJobs, scriptedProvider, workerSide } from '../../test/whatsapp-fixtures.js';
import { createCampaignSendRun } from './whatsapp.campaigns.jobs.js';
import type { TemplateMessage } from './whatsapp.provider.js';

/**
 * A campaign's template goes under Meta's code of the language it was approved in: a template approved
 * as en_US (and mr) reaches an English reader as en_US, never as the product's `en`, which Meta
 * refuses for it (132001: template does not exist in that language).
 */

let t: PayslipTestApp;
beforeAll(async () => {
  t = await createPayslipTestApp();
});
afterAll(async () => t.close());

async function reader(companyId: number, language: 'en' | 'mr' | 'hi', phone: string) {
  const built = await t.buildUser({ company_id: companyId, phone_number: phone });
  await t.database.db
    .update(users)
    .set({
      whatsapp_notices_enabled: true,
      whatsapp_language: language,
      phone_verified_at: new Date('2026-11-01T10:00:00Z'),
      phone_verified_source: 'self',
    })
    .where(eq(users.id, built.id));
  return built.id;
}

describe('a campaign of a template approved as en_US and mr', () => {
  it('queues each delivery with the approved code of its language and sends the template under it', async () => {
    const company = (await t.buildCompany({ name: 'Group 6 Dhule' })).id;
    const english = await reader(company, 'en', '9655500001');
    const marathi = await reader(company, 'mr', '9655500002');
    const hindi = await reader(company, 'hi', '9655500003');
    const scheduledAt = new Date(Date.now() - 60_000);
    const [campaign] = await t.database.db
      .insert(whatsappCampaigns)
      .values({
        name: 'Duty',
        template_name: 'duty_reminder',
        parameters: ['Asha', 'Monday'],
        message: 'Reminder: Asha reports for duty on Monday.',
        company_id: company,
        status: 'scheduled',
        scheduled_at: scheduledAt,
      })
      .returning();
    const { provider, calls } = scriptedProvider();
    provider.listTemplates = () =>
      Promise.resolve([
        {
          name: 'duty_reminder',
          language: 'en_US',
          category: 'UTILITY',
          body: 'Reminder: {{1}} reports for duty on {{2}}.',
        },
        { name: 'duty_reminder', language: 'mr', category: 'UTILITY', body: 'आठवण: {{1}} {{2}} रोजी कर्तव्यावर.' },
      ]);
    const run = createCampaignSendRun(
      { db: t.database.db, clock, jobs: recordingJobs(), config: t.config, logger: pino({ level: 'silent' }) },
      provider,
    );
    expect(await run({ campaignId: campaign!.id, scheduledAt: scheduledAt.toISOString() })).toEqual({
      outcome: 'sent',
      queued: 3,
    });

    const deliveries = await t.database.db
      .select()
      .from(whatsappDeliveries)
      .where(eq(whatsappDeliveries.campaign_id, campaign!.id));
    const byPerson = new Map(deliveries.map((row) => [row.user_id, row]));
    // The Hindi reader gets the English template (it has no Hindi), under en_US too.
    expect(byPerson.get(english)).toMatchObject({ language: 'en', template_language: 'en_US' });
    expect(byPerson.get(marathi)).toMatchObject({ language: 'mr', template_language: 'mr' });
    expect(byPerson.get(hindi)).toMatchObject({ language: 'en', template_language: 'en_US' });

    const worker = workerSide(t, provider);
    for (const row of deliveries)
      expect(await worker.sending.run({ deliveryId: row.id })).toMatchObject({ outcome: 'sent' });
    const sent = calls.filter((call) => call.kind === 'named_template').map((call) => call.message as TemplateMessage);
    expect(sent.map((message) => [message.to, message.language]).sort()).toEqual([
      ['919655500001', 'en_US'],
      ['919655500002', 'mr'],
      ['919655500003', 'en_US'],
    ]);
  });
});
