import type { WhatsappConfig, WhatsappProvider } from './whatsapp.provider.js';

/**
 * The WhatsApp Cloud API (Graph API) provider: not written yet (issue 30's next commits build it).
 * Until then a `cloud` start fails at the first send with this message.
 */
export function createCloudProvider(config: WhatsappConfig, _options: { fetch?: typeof fetch } = {}): WhatsappProvider {
  const refuse = () => Promise.reject(new Error(`the Cloud API provider is not built yet (${config.graphUrl})`));
  return { name: 'cloud', uploadMedia: refuse, sendTemplate: refuse, sendDocument: refuse };
}
