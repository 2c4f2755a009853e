import type { AppContext } from '../../context.js';
import { createCloudProvider } from './whatsapp.cloud-provider.js';
import { createOutboxProvider } from './whatsapp.outbox-provider.js';
import type { WhatsappConfig, WhatsappProvider } from './whatsapp.provider.js';

/** The provider WHATSAPP_PROVIDER names: the Cloud API, or the outbox (stores, contacts no one). */
export function createWhatsappProvider(context: Pick<AppContext, 'config' | 'db'>): WhatsappProvider {
  const settings = context.config.whatsapp;
  return settings.provider === 'cloud' ? createCloudProvider(settings) : createOutboxProvider(context.db, settings);
}

/** The phone number id the limits and the media are kept under (the outbox's when none is configured). */
export const phoneNumberIdOf = (settings: WhatsappConfig) => settings.phoneNumberId || 'outbox';
