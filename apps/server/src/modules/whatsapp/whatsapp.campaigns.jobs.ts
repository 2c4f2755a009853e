import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { whatsappCampaigns } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { EnqueueOptions, JobOptions } from '../../lib/jobs/job-runner.js';
import { dispatchCampaign } from './whatsapp.campaigns.dispatch.js';
import * as repository from './whatsapp.campaigns.repository.js';
import type { WhatsappProvider } from './whatsapp.provider.js';
import { groupTemplates } from './whatsapp.templates.js';

/**
 * `whatsapp.campaign.send` { campaignId, scheduledAt }: a scheduled campaign going out at its moment
 * (issue 31), enqueued with `startAfter` in the transaction that schedules it. Idempotent: it sends
 * only a campaign still `scheduled` for that very moment, so a rescheduled, edited-and-rescheduled,
 * cancelled or already sent campaign leaves the old job nothing to do.
 */
export const WHATSAPP_CAMPAIGN_SEND_JOB = 'whatsapp.campaign.send';

export interface CampaignSendJobData {
  campaignId: number;
  /** ISO: the campaign's scheduled_at when this job was enqueued. */
  scheduledAt: string;
}

export const CAMPAIGN_SEND_JOB_OPTIONS: JobOptions = { retryLimit: 4, expireInSeconds: 300 };

export function campaignSendJob(campaignId: number, at: Date): { data: CampaignSendJobData; options: EnqueueOptions } {
  const scheduledAt = at.toISOString();
  return {
    data: { campaignId, scheduledAt },
    options: { startAfter: at, singletonKey: `campaign:${campaignId}:${scheduledAt}` },
  };
}

export type CampaignSendOutcome =
  | { outcome: 'sent'; queued: number }
  | { outcome: 'skipped'; reason: 'not_scheduled' | 'moved' }
  | { outcome: 'template_missing' }
  | { outcome: 'company_inactive' };

export function createCampaignSendRun(
  context: Pick<AppContext, 'db' | 'clock' | 'jobs' | 'config' | 'logger'>,
  provider: WhatsappProvider,
) {
  const { db, clock, jobs, config } = context;
  return async (data: CampaignSendJobData): Promise<CampaignSendOutcome> => {
    const templates = groupTemplates(await provider.listTemplates());
    return db.transaction(async (tx) => {
      // The scheduler's scope was checked when it was scheduled; the job acts for nobody in particular.
      const row = await repository.lockCampaign(tx, data.campaignId, 'all');
      if (!row || row.status !== 'scheduled') return { outcome: 'skipped', reason: 'not_scheduled' } as const;
      if (row.scheduled_at?.toISOString() !== data.scheduledAt) return { outcome: 'skipped', reason: 'moved' } as const;
      const now = clock.now();
      const template = templates.find((candidate) => candidate.name === row.template_name);
      if (!template) {
        // Meta withdrew the template: the campaign goes back to a draft for someone to choose another.
        await repository.updateCampaign(tx, row.id, { status: 'draft', scheduled_at: null, updated_at: now });
        await audit(tx, {
          actorId: null,
          action: 'whatsapp_campaign.send',
          entityType: 'whatsapp_campaign',
          entityId: row.id,
          outcome: 'failure',
          details: { reason: 'template_missing', template_name: row.template_name },
        });
        return { outcome: 'template_missing' } as const;
      }
      if (!(await repository.campaignCompanyActive(tx, row.company_id))) {
        // Its company was closed meanwhile: back to a draft for someone to choose the audience again.
        await repository.updateCampaign(tx, row.id, { status: 'draft', scheduled_at: null, updated_at: now });
        await audit(tx, {
          actorId: null,
          action: 'whatsapp_campaign.send',
          entityType: 'whatsapp_campaign',
          entityId: row.id,
          outcome: 'failure',
          details: { reason: 'company_inactive', company_id: row.company_id },
        });
        return { outcome: 'company_inactive' } as const;
      }
      const requestedBy = row.updated_by ?? row.created_by;
      const outcome = await dispatchCampaign(tx, { jobs, config: config.whatsapp }, row, template, requestedBy, now);
      await audit(tx, {
        actorId: null,
        action: 'whatsapp_campaign.send',
        entityType: 'whatsapp_campaign',
        entityId: row.id,
        outcome: 'success',
        details: {
          queued: outcome.queued,
          waiting_for_daily_limit: outcome.waiting,
          scheduled_at: data.scheduledAt,
          scheduled_by: requestedBy,
        },
      });
      return { outcome: 'sent', queued: outcome.queued } as const;
    });
  };
}

/**
 * Part of the minute's sweep: a scheduled campaign whose job died (failed past its retries, e.g. Graph
 * down when it listed the templates) or was lost would stay `scheduled` for ever. One more than
 * OVERDUE_AFTER_MS past its moment gets the same job again (the job sends it only if still scheduled
 * for that moment). Its `updated_at` is touched, so it is enqueued at most once per OVERDUE_AFTER_MS:
 * the queue's keys de-duplicate nothing (standard policy).
 */
export const CAMPAIGN_OVERDUE_AFTER_MS = 5 * 60_000;

export function createOverdueCampaignSweep(context: Pick<AppContext, 'db' | 'clock' | 'jobs'>) {
  const { db, clock, jobs } = context;
  return async function requeueOverdue(): Promise<number> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const before = new Date(now.getTime() - CAMPAIGN_OVERDUE_AFTER_MS);
      const overdue = await tx
        .select({ id: whatsappCampaigns.id, scheduled_at: whatsappCampaigns.scheduled_at })
        .from(whatsappCampaigns)
        .where(
          and(
            eq(whatsappCampaigns.status, 'scheduled'),
            lt(whatsappCampaigns.scheduled_at, before),
            lt(whatsappCampaigns.updated_at, before),
          ),
        )
        .orderBy(whatsappCampaigns.id)
        .limit(100)
        .for('update', { skipLocked: true });
      for (const row of overdue) {
        if (!row.scheduled_at) continue;
        await repository.updateCampaign(tx, row.id, { updated_at: now });
        const job = campaignSendJob(row.id, row.scheduled_at);
        await jobs.enqueue<CampaignSendJobData>(tx, WHATSAPP_CAMPAIGN_SEND_JOB, job.data, job.options);
      }
      return overdue.length;
    });
  };
}
