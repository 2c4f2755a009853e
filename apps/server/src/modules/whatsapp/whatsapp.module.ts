import { serverModule } from '../../lib/contracts/server-module.js';

/**
 * WhatsApp delivery (issue 30): salary slips sent through the Cloud API (or stored in the outbox, which
 * contacts no one), the rate-limited queue on the job runner, and Meta's signed webhook.
 */
export const whatsappModule = serverModule()({
  name: 'whatsapp',
  build() {
    return {};
  },
  routes: () => [],
});
