import {
  CAMPAIGN_OPEN_STATUSES,
  CAMPAIGN_SCHEDULE_MAX_DAYS,
  campaignScopeOf,
  fillTemplate,
  mayTargetCampaignAudience,
  mayUseCampaigns,
  paginationOf,
  type Actor,
  type TCampaign,
  type TCampaignListQuery,
  type TCampaignRequest,
  type TCampaignScheduleRequest,
  type TCampaignSendResult,
  type TPagination,
  type TWhatsappTemplate,
  type TWhatsappTemplates,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { dispatchCampaign } from './whatsapp.campaigns.dispatch.js';
import { campaignSendJob, WHATSAPP_CAMPAIGN_SEND_JOB, type CampaignSendJobData } from './whatsapp.campaigns.jobs.js';
import * as repository from './whatsapp.campaigns.repository.js';
import type { WhatsappProvider } from './whatsapp.provider.js';
import { groupTemplates, type CampaignTemplate } from './whatsapp.templates.js';

/**
 * Broadcast campaigns (issue 31): drafts of an approved template with its parameters for the people
 * of one company (or every company) who agreed to notices; sent at once or at a scheduled moment (the
 * job `whatsapp.campaign.send`). Every check is made here, per campaign, inside the transaction that
 * changes it; campaigns outside the actor's companies are 404.
 */
export function createCampaignsService(context: AppContext, provider: WhatsappProvider) {
  const { db, clock, jobs, config } = context;

  /** The approved templates, grouped by name (a Graph failure: 409, the dialog shows it). */
  async function approvedTemplates(): Promise<CampaignTemplate[]> {
    try {
      return groupTemplates(await provider.listTemplates());
    } catch (error) {
      context.logger.warn({ err: error }, 'WhatsApp templates could not be listed');
      throw new AppError(
        'campaigns.templates_unavailable',
        {},
        'The approved templates could not be read from WhatsApp',
      );
    }
  }

  /** The template named, and the parameters it needs (outside any transaction: it may ask the Graph API). */
  async function checkedTemplate(input: Pick<TCampaignRequest, 'template_name' | 'parameters'>) {
    const template = (await approvedTemplates()).find((candidate) => candidate.name === input.template_name);
    if (!template)
      throw new AppError('campaigns.template_unknown', {}, 'Choose an approved template', { field: 'template_name' });
    if (input.parameters.length !== template.parameter_count)
      throw new AppError(
        'campaigns.parameters_mismatch',
        { expected: template.parameter_count },
        `This template takes ${template.parameter_count} parameter(s)`,
        { field: 'parameters' },
      );
    return template;
  }

  /** A campaign's audience must be the actor's: a company of theirs (which exists), or every company for administrators. */
  async function checkAudience(executor: Executor, actor: Actor, companyId: number | null) {
    if (!mayTargetCampaignAudience(actor, companyId))
      throw new AppError(
        'campaigns.audience_forbidden',
        {},
        companyId === null
          ? 'Only an administrator may send a campaign to every company'
          : 'You may send campaigns only to the people of your companies',
        { field: 'company_id' },
      );
    if (companyId !== null && !(await repository.companyExists(executor, companyId)))
      throw new AppError('validation.company_not_found', {}, 'Company not found', { field: 'company_id' });
  }

  function requireCampaigns(actor: Actor) {
    if (!mayUseCampaigns(actor)) throw forbidden();
  }

  async function lockOpen(tx: Executor, actor: Actor, id: number) {
    const row = await repository.lockCampaign(tx, id, campaignScopeOf(actor));
    if (!row) throw notFound('campaigns.not_found', 'Campaign');
    return row;
  }

  async function read(actor: Actor, id: number, executor: Executor = db): Promise<TCampaign> {
    const campaign = await repository.readCampaign(executor, id, campaignScopeOf(actor));
    if (!campaign) throw notFound('campaigns.not_found', 'Campaign');
    return campaign;
  }

  const draftValues = (input: TCampaignRequest, template: TWhatsappTemplate) => ({
    name: input.name,
    template_name: template.name,
    category: template.category,
    parameters: input.parameters,
    message: fillTemplate(template.body, input.parameters),
    company_id: input.company_id,
  });

  return {
    async templates(actor: Actor): Promise<TWhatsappTemplates> {
      requireCampaigns(actor);
      const unavailable = config.whatsapp.provider === 'cloud' && !config.whatsapp.businessAccountId;
      return {
        // The list without Meta's language codes: those only name what a delivery is sent under.
        templates: unavailable ? [] : (await approvedTemplates()).map(({ codes: _codes, ...template }) => template),
        provider: config.whatsapp.provider,
        unavailable: unavailable ? 'no_business_account' : null,
      };
    },

    async list(actor: Actor, query: TCampaignListQuery): Promise<{ campaigns: TCampaign[]; pagination: TPagination }> {
      requireCampaigns(actor);
      const { campaigns, total } = await repository.listCampaigns(db, campaignScopeOf(actor), query.page, query.limit);
      return { campaigns, pagination: paginationOf(query.page, query.limit, total) };
    },

    async get(actor: Actor, id: number) {
      requireCampaigns(actor);
      return read(actor, id);
    },

    /** How many people it would go to now, and how many of them would wait for the daily limit. */
    async audience(actor: Actor, id: number) {
      requireCampaigns(actor);
      const campaign = await read(actor, id);
      const count = await repository.audienceCount(db, campaign.company_id);
      const places = await repository.dailyPlacesLeft(db, config.whatsapp.dailyRecipients, clock.now(), id);
      return { count, waiting_for_daily_limit: Math.max(0, count - places) };
    },

    async create(actor: Actor, input: TCampaignRequest, ip: string | null): Promise<TCampaign> {
      requireCampaigns(actor);
      const template = await checkedTemplate(input);
      const now = clock.now();
      return db.transaction(async (tx) => {
        await checkAudience(tx, actor, input.company_id);
        const row = await repository.insertCampaign(tx, {
          ...draftValues(input, template),
          status: 'draft',
          created_by: actor.userId,
          updated_by: actor.userId,
          created_at: now,
          updated_at: now,
        });
        await audit(tx, {
          actorId: actor.userId,
          action: 'whatsapp_campaign.create',
          entityType: 'whatsapp_campaign',
          entityId: row.id,
          outcome: 'success',
          ip,
          details: { name: row.name, template_name: row.template_name, company_id: row.company_id },
        });
        return read(actor, row.id, tx);
      });
    },

    /** A draft or scheduled campaign changed (a scheduled one keeps its moment: its job sends what it holds then). */
    async update(actor: Actor, id: number, input: TCampaignRequest, ip: string | null): Promise<TCampaign> {
      requireCampaigns(actor);
      const template = await checkedTemplate(input);
      return db.transaction(async (tx) => {
        const row = await lockOpen(tx, actor, id);
        requireOpen(row.status);
        await checkAudience(tx, actor, input.company_id);
        await repository.updateCampaign(tx, id, {
          ...draftValues(input, template),
          updated_by: actor.userId,
          updated_at: clock.now(),
        });
        await audit(tx, {
          actorId: actor.userId,
          action: 'whatsapp_campaign.update',
          entityType: 'whatsapp_campaign',
          entityId: id,
          outcome: 'success',
          ip,
          details: { name: input.name, template_name: input.template_name, company_id: input.company_id },
        });
        return read(actor, id, tx);
      });
    },

    /** Drafts only (a scheduled one is cancelled first; a sent one stays, with its deliveries). */
    async remove(actor: Actor, id: number, ip: string | null): Promise<void> {
      requireCampaigns(actor);
      await db.transaction(async (tx) => {
        const row = await lockOpen(tx, actor, id);
        if (row.status !== 'draft')
          throw new AppError('campaigns.not_editable', {}, 'Only a draft campaign can be deleted');
        await repository.deleteCampaign(tx, id);
        await audit(tx, {
          actorId: actor.userId,
          action: 'whatsapp_campaign.delete',
          entityType: 'whatsapp_campaign',
          entityId: id,
          outcome: 'success',
          ip,
          details: { name: row.name },
        });
      });
    },

    /** Queues one message to each person of the audience now; 409 once sent, or when nobody would get it. */
    async send(actor: Actor, id: number, ip: string | null): Promise<TCampaignSendResult> {
      requireCampaigns(actor);
      const templates = await approvedTemplates();
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await lockOpen(tx, actor, id);
        if (!(CAMPAIGN_OPEN_STATUSES as readonly string[]).includes(row.status))
          throw new AppError('campaigns.already_sent', {}, 'This campaign has already been sent');
        // Checked again here: the actor's scope may have changed since the draft was made.
        if (!mayTargetCampaignAudience(actor, row.company_id)) throw notFound('campaigns.not_found', 'Campaign');
        // A company closed since the draft was made: its people are no longer the force's to message. The
        // request is fine; the campaign's state is not (409), until its audience is chosen again.
        if (!(await repository.campaignCompanyActive(tx, row.company_id)))
          throw new AppError('campaigns.company_inactive', {}, 'The company of this campaign is no longer active', {
            field: 'company_id',
          });
        const template = templates.find((candidate) => candidate.name === row.template_name);
        if (!template)
          throw new AppError('campaigns.template_unknown', {}, 'The template is no longer approved', {
            field: 'template_name',
          });
        const outcome = await dispatchCampaign(tx, { jobs, config: config.whatsapp }, row, template, actor.userId, now);
        if (outcome.queued === 0)
          throw new AppError('campaigns.no_recipients', {}, 'Nobody of this audience has agreed to notices');
        await audit(tx, {
          actorId: actor.userId,
          action: 'whatsapp_campaign.send',
          entityType: 'whatsapp_campaign',
          entityId: id,
          outcome: 'success',
          ip,
          details: { queued: outcome.queued, waiting_for_daily_limit: outcome.waiting, company_id: row.company_id },
        });
        return {
          campaign: await read(actor, id, tx),
          queued: outcome.queued,
          waiting_for_daily_limit: outcome.waiting,
          provider: config.whatsapp.provider,
        };
      });
    },

    /** Sent by the job at `scheduled_at` (future, at most 90 days ahead); rescheduling moves it. */
    async schedule(actor: Actor, id: number, input: TCampaignScheduleRequest, ip: string | null): Promise<TCampaign> {
      requireCampaigns(actor);
      const now = clock.now();
      const at = new Date(input.scheduled_at);
      if (at.getTime() <= now.getTime())
        throw new AppError('campaigns.schedule_past', {}, 'Choose a moment in the future', { field: 'scheduled_at' });
      if (at.getTime() > now.getTime() + CAMPAIGN_SCHEDULE_MAX_DAYS * 86_400_000)
        throw new AppError(
          'campaigns.schedule_too_far',
          { days: CAMPAIGN_SCHEDULE_MAX_DAYS },
          `A campaign is scheduled at most ${CAMPAIGN_SCHEDULE_MAX_DAYS} days ahead`,
          { field: 'scheduled_at' },
        );
      return db.transaction(async (tx) => {
        const row = await lockOpen(tx, actor, id);
        requireOpen(row.status);
        await repository.updateCampaign(tx, id, {
          status: 'scheduled',
          scheduled_at: at,
          updated_by: actor.userId,
          updated_at: now,
        });
        const job = campaignSendJob(id, at);
        await jobs.enqueue<CampaignSendJobData>(tx, WHATSAPP_CAMPAIGN_SEND_JOB, job.data, job.options);
        await audit(tx, {
          actorId: actor.userId,
          action: 'whatsapp_campaign.schedule',
          entityType: 'whatsapp_campaign',
          entityId: id,
          outcome: 'success',
          ip,
          details: { scheduled_at: at.toISOString(), previous: row.scheduled_at?.toISOString() ?? null },
        });
        return read(actor, id, tx);
      });
    },

    /** A scheduled campaign back to a draft (its job then finds nothing to do); 409 when not scheduled. */
    async cancel(actor: Actor, id: number, ip: string | null): Promise<TCampaign> {
      requireCampaigns(actor);
      return db.transaction(async (tx) => {
        const row = await lockOpen(tx, actor, id);
        if (row.status !== 'scheduled')
          throw new AppError('campaigns.not_scheduled', {}, 'This campaign is not scheduled');
        await repository.updateCampaign(tx, id, {
          status: 'draft',
          scheduled_at: null,
          updated_by: actor.userId,
          updated_at: clock.now(),
        });
        await audit(tx, {
          actorId: actor.userId,
          action: 'whatsapp_campaign.cancel',
          entityType: 'whatsapp_campaign',
          entityId: id,
          outcome: 'success',
          ip,
          details: { scheduled_at: row.scheduled_at?.toISOString() ?? null },
        });
        return read(actor, id, tx);
      });
    },
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;

function requireOpen(status: string) {
  if (!(CAMPAIGN_OPEN_STATUSES as readonly string[]).includes(status))
    throw new AppError('campaigns.not_editable', {}, 'A campaign can be changed only while it is a draft or scheduled');
}
