import { serverModule } from '../../lib/contracts/server-module.js';
import {
  CAMPAIGN_SEND_JOB_OPTIONS,
  createCampaignSendRun,
  createOverdueCampaignSweep,
  WHATSAPP_CAMPAIGN_SEND_JOB,
  type CampaignSendJobData,
} from './whatsapp.campaigns.jobs.js';
import { whatsappCampaignRoutes } from './whatsapp.campaigns.routes.js';
import { createCampaignsService } from './whatsapp.campaigns.service.js';
import { createDeliveryCallbacks } from './whatsapp.deliveries.callbacks.js';
import { createMessageSendService } from './whatsapp.message-send.service.js';
import { whatsappMessageSendRoutes } from './whatsapp.message-send.routes.js';
import { createStuckDeliverySweep } from './whatsapp.deliveries.stuck.js';
import { createUnknownOutcomeSweep, WHATSAPP_UNKNOWN_OUTCOMES_CRON } from './whatsapp.deliveries.unknown.js';
import { createInboundHandling, WHATSAPP_INBOUND_OPTIONS } from './whatsapp.inbound.job.js';
import {
  WHATSAPP_INBOUND_JOB,
  WHATSAPP_SEND_JOB,
  WHATSAPP_UNKNOWN_OUTCOMES_JOB,
  type WhatsappInboundJobData,
  type WhatsappSendJobData,
} from './whatsapp.jobs.js';
import { createWhatsappProvider } from './whatsapp.providers.js';
import { whatsappQueueRoutes } from './whatsapp.queue.routes.js';
import { pausedReadiness } from './whatsapp.queue.state.js';
import { createWhatsappQueueService } from './whatsapp.queue.service.js';
import { createWhatsappSending, WHATSAPP_SEND_OPTIONS } from './whatsapp.send.job.js';
import { whatsappSendRoutes } from './whatsapp.send.routes.js';
import { createWhatsappSendService } from './whatsapp.send.service.js';
import { whatsappWebhookRoutes } from './whatsapp.webhook.routes.js';
import { createMessagingService } from './whatsapp.messaging.service.js';
import { whatsappMessagingRoutes } from './whatsapp.messaging.routes.js';
import { createMessagingSettingsService } from './whatsapp.settings.service.js';
import { whatsappSettingsRoutes } from './whatsapp.settings.routes.js';
import { createVerificationCodePrune } from './whatsapp.verification-codes.prune.js';

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
      whatsappMessageSend: createMessageSendService(context),
      whatsappInbound: createInboundHandling(context),
      whatsappStuckDeliveries: createStuckDeliverySweep(context),
      // The messaging overview (issue 31): stats, messages, export, settings.
      whatsappMessaging: createMessagingService(context),
      whatsappSettings: createMessagingSettingsService(context),
      // Broadcast campaigns (issue 31): the routes' service and the scheduled send.
      whatsappCampaigns: createCampaignsService(context, createWhatsappProvider(context)),
      whatsappCampaignSend: createCampaignSendRun(context, createWhatsappProvider(context)),
      whatsappOverdueCampaigns: createOverdueCampaignSweep(context),
      whatsappVerificationCodesPrune: createVerificationCodePrune(context),
    };
  },
  routes: (
    {
      whatsappSend,
      whatsappQueue,
      whatsappCallbacks,
      whatsappMessageSend,
      whatsappMessaging,
      whatsappSettings,
      whatsappCampaigns,
    },
    context,
  ) => [
    { plugin: whatsappMessageSendRoutes(whatsappMessageSend), prefix: '/whatsapp' },
    { plugin: whatsappSendRoutes(whatsappSend, whatsappQueue), prefix: '/payslips' },
    { plugin: whatsappCampaignRoutes(whatsappCampaigns), prefix: '/whatsapp' },
    { plugin: whatsappQueueRoutes(whatsappQueue), prefix: '/whatsapp' },
    { plugin: whatsappMessagingRoutes(whatsappMessaging), prefix: '/whatsapp' },
    { plugin: whatsappSettingsRoutes(whatsappSettings), prefix: '/whatsapp' },
    {
      // Meta's webhook (GET, POST /whatsapp/webhook): signed callbacks, applied by the delivery side.
      plugin: whatsappWebhookRoutes({
        config: context.config.whatsapp,
        callbacks: whatsappCallbacks,
        db: context.db,
        logger: context.logger,
        jobs: context.jobs,
      }),
      prefix: '/whatsapp',
    },
  ],
  registerJobs(
    jobs,
    {
      whatsappSending,
      whatsappUnknownOutcomes,
      whatsappInbound,
      whatsappStuckDeliveries,
      whatsappCampaignSend,
      whatsappOverdueCampaigns,
      whatsappVerificationCodesPrune,
    },
    context,
  ) {
    jobs.define<WhatsappInboundJobData, object>(
      WHATSAPP_INBOUND_JOB,
      (data) => whatsappInbound.run(data),
      WHATSAPP_INBOUND_OPTIONS,
    );
    jobs.define<CampaignSendJobData, object>(
      WHATSAPP_CAMPAIGN_SEND_JOB,
      (data) => whatsappCampaignSend(data),
      CAMPAIGN_SEND_JOB_OPTIONS,
    );
    jobs.define<WhatsappSendJobData, object>(
      WHATSAPP_SEND_JOB,
      async (data, job) => {
        const result = await whatsappSending.run(data, job);
        context.metrics.whatsappMessages.inc({ outcome: result.outcome });
        return result;
      },
      WHATSAPP_SEND_OPTIONS,
    );
    // The minute's sweep: unknown outcomes settled, then queued deliveries whose job was lost sent again,
    // overdue scheduled campaigns whose job died given it again, and day-old verification codes deleted.
    jobs.define(
      WHATSAPP_UNKNOWN_OUTCOMES_JOB,
      async () => ({
        ...(await whatsappUnknownOutcomes()),
        requeued: await whatsappStuckDeliveries(),
        campaigns_requeued: await whatsappOverdueCampaigns(),
        verification_codes_deleted: await whatsappVerificationCodesPrune(),
      }),
      {
        retryLimit: 0,
        expireInSeconds: 120,
        keepSeconds: 3600,
      },
    );
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
