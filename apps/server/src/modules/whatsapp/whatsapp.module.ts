import { serverModule } from '../../lib/contracts/server-module.js';
import {
  CAMPAIGN_SEND_JOB_OPTIONS,
  createCampaignSendRun,
  WHATSAPP_CAMPAIGN_SEND_JOB,
  type CampaignSendJobData,
} from './whatsapp.campaigns.jobs.js';
import { whatsappCampaignRoutes } from './whatsapp.campaigns.routes.js';
import { createCampaignsService } from './whatsapp.campaigns.service.js';
import { createDeliveryCallbacks } from './whatsapp.deliveries.callbacks.js';
import { createUnknownOutcomeSweep, WHATSAPP_UNKNOWN_OUTCOMES_CRON } from './whatsapp.deliveries.unknown.js';
import { WHATSAPP_SEND_JOB, WHATSAPP_UNKNOWN_OUTCOMES_JOB, type WhatsappSendJobData } from './whatsapp.jobs.js';
import { createWhatsappProvider } from './whatsapp.providers.js';
import { whatsappQueueRoutes } from './whatsapp.queue.routes.js';
import { pausedReadiness } from './whatsapp.queue.state.js';
import { createWhatsappQueueService } from './whatsapp.queue.service.js';
import { createWhatsappSending, WHATSAPP_SEND_OPTIONS } from './whatsapp.send.job.js';
import { whatsappSendRoutes } from './whatsapp.send.routes.js';
import { createWhatsappSendService } from './whatsapp.send.service.js';
import { whatsappWebhookRoutes } from './whatsapp.webhook.routes.js';

/**
 * WhatsApp delivery (issue 30): salary slips sent through the Cloud API (or stored in the outbox, which
 * contacts no one), the rate-limited queue on the job runner, and Meta's signed webhook.
 */
export const whatsappModule = serverModule()({
  name: 'whatsapp',
  build(context) {
    return {
      whatsappSend: createWhatsappSendService(context),
      whatsappQueue: createWhatsappQueueService(context),
      whatsappSending: createWhatsappSending(context, createWhatsappProvider(context)),
      // What the webhook hands its de-duplicated events to (whatsapp.callbacks.ts).
      whatsappCallbacks: createDeliveryCallbacks(context),
      whatsappUnknownOutcomes: createUnknownOutcomeSweep(context),
      // Broadcast campaigns (issue 31): the routes' service and the scheduled send.
      whatsappCampaigns: createCampaignsService(context, createWhatsappProvider(context)),
      whatsappCampaignSend: createCampaignSendRun(context, createWhatsappProvider(context)),
    };
  },
  routes: ({ whatsappSend, whatsappQueue, whatsappCallbacks, whatsappCampaigns }, context) => [
    { plugin: whatsappSendRoutes(whatsappSend, whatsappQueue), prefix: '/payslips' },
    { plugin: whatsappCampaignRoutes(whatsappCampaigns), prefix: '/whatsapp' },
    { plugin: whatsappQueueRoutes(whatsappQueue), prefix: '/whatsapp' },
    {
      // Meta's webhook (GET, POST /whatsapp/webhook): signed callbacks, applied by the delivery side.
      plugin: whatsappWebhookRoutes({
        config: context.config.whatsapp,
        callbacks: whatsappCallbacks,
        db: context.db,
        logger: context.logger,
      }),
      prefix: '/whatsapp',
    },
  ],
  registerJobs(jobs, { whatsappSending, whatsappUnknownOutcomes, whatsappCampaignSend }) {
    jobs.define<CampaignSendJobData, object>(
      WHATSAPP_CAMPAIGN_SEND_JOB,
      (data) => whatsappCampaignSend(data),
      CAMPAIGN_SEND_JOB_OPTIONS,
    );
    jobs.define<WhatsappSendJobData, object>(
      WHATSAPP_SEND_JOB,
      (data, job) => whatsappSending.run(data, job),
      WHATSAPP_SEND_OPTIONS,
    );
    jobs.define(WHATSAPP_UNKNOWN_OUTCOMES_JOB, () => whatsappUnknownOutcomes(), {
      retryLimit: 0,
      expireInSeconds: 120,
      keepSeconds: 3600,
    });
    jobs.schedule(WHATSAPP_UNKNOWN_OUTCOMES_JOB, WHATSAPP_UNKNOWN_OUTCOMES_CRON);
  },
  readiness(context) {
    // Public and polled: only that sending is paused and since when; the cause is logged once per pause.
    let logged: string | null = null;
    return {
      whatsapp: async () => {
        const report = await pausedReadiness(context.db);
        if (report && report.since !== logged) {
          logged = report.since;
          context.logger.warn({ since: report.since }, 'WhatsApp sending is paused: an administrator resumes it');
        }
        return report;
      },
    };
  },
});
