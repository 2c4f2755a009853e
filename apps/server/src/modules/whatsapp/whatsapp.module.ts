import { serverModule } from '../../lib/contracts/server-module.js';
import { whatsappWebhookRoutes } from './whatsapp.webhook.routes.js';
import { loggingDeliveryCallbacks } from './whatsapp.webhook.service.js';

/**
 * WhatsApp delivery (issue 30): salary slips sent through the Cloud API (or stored in the outbox, which
 * contacts no one), the rate-limited queue on the job runner, and Meta's signed webhook.
 */
export const whatsappModule = serverModule()({
  name: 'whatsapp',
  build() {
    return {};
  },
  routes: (_services, context) => [
    {
      // Meta's webhook (GET, POST /whatsapp/webhook). The callbacks are the delivery side's once it is built.
      plugin: whatsappWebhookRoutes({
        config: context.config.whatsapp,
        callbacks: loggingDeliveryCallbacks(context.logger),
        db: context.db,
        logger: context.logger,
      }),
      prefix: '/whatsapp',
    },
  ],
});
