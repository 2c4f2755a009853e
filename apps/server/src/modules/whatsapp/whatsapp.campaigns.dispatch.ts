import { and, eq, sql } from 'drizzle-orm';
import { fillTemplate, whatsappNumber, type CampaignLanguage } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { whatsappDeliveries } from '../../db/schema/index.js';
import type { JobRunner } from '../../lib/jobs/job-runner.js';
import { queueWhatsappMessages, type QueuedMessage } from './whatsapp.messages.queue.js';
import type { WhatsappConfig } from './whatsapp.provider.js';
import * as repository from './whatsapp.campaigns.repository.js';
import { templateLanguageFor, type CampaignTemplate } from './whatsapp.templates.js';

/**
 * A campaign going out (issue 31), inside the caller's transaction with the campaign's row locked:
 * one template message queued to each person of its audience, in their language (English when the
 * template lacks it; sent under Meta's code of that language as approved), and the campaign marked `sent` with the count. The send job applies the limits:
 * the people beyond the daily messaging limit wait their turn (shown as waiting).
 */
export async function dispatchCampaign(
  tx: Executor,
  context: { jobs: JobRunner; config: Pick<WhatsappConfig, 'dailyRecipients'> },
  campaign: repository.CampaignRow,
  template: CampaignTemplate,
  requestedBy: number | null,
  now: Date,
): Promise<{ queued: number; waiting: number }> {
  const people = await repository.audienceOfCampaign(tx, campaign.company_id);
  const messages: QueuedMessage[] = [];
  for (const person of people) {
    const toNumber = whatsappNumber(person.phone_number);
    if (!toNumber) continue;
    const language = templateLanguageFor(template, person.whatsapp_language as CampaignLanguage);
    messages.push({
      kind: 'template',
      origin: 'campaign',
      userId: person.id,
      toNumber,
      language,
      body: fillTemplate(template.bodies[language] ?? template.body, campaign.parameters),
      templateName: template.name,
      templateParams: campaign.parameters,
      campaignId: campaign.id,
      requestedBy,
    });
  }
  const places = await repository.dailyPlacesLeft(tx, context.config.dailyRecipients, now, campaign.id);
  if (messages.length > 0) {
    await queueWhatsappMessages(tx, context.jobs, messages, now);
    // Each delivery goes under Meta's code of its language as approved (en_US), not the product's (en).
    await tx
      .update(whatsappDeliveries)
      .set({ template_language: sql`${JSON.stringify(template.codes)}::jsonb ->> ${whatsappDeliveries.language}` })
      .where(and(eq(whatsappDeliveries.campaign_id, campaign.id), eq(whatsappDeliveries.origin, 'campaign')));
  }
  await repository.updateCampaign(tx, campaign.id, {
    status: 'sent',
    recipients: messages.length,
    started_at: now,
    finished_at: now,
    updated_at: now,
  });
  return { queued: messages.length, waiting: Math.max(0, messages.length - places) };
}
