import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { Database, Executor } from '../db/client.js';
import { registerErrorHandling } from '../lib/error-handler.js';
import type {
  WhatsappDeliveryCallbacks,
  WhatsappStatusEvent,
  WhatsappTemplateEvent,
} from '../modules/whatsapp/whatsapp.callbacks.js';
import { whatsappWebhookRoutes, type WhatsappWebhookOptions } from '../modules/whatsapp/whatsapp.webhook.routes.js';
import { signatureOf } from '../modules/whatsapp/whatsapp.webhook.signature.js';

/** Test helpers for Meta's webhook: payloads as Meta sends them, signed requests, recording callbacks. */

export const TEST_APP_SECRET = 'test-app-secret-of-the-whatsapp-app';
export const TEST_VERIFY_TOKEN = 'test-verify-token';
/** The business number's id in Meta's callbacks (`metadata.phone_number_id`). */
export const TEST_PHONE_NUMBER_ID = '106540352242922';

const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** A status of a message we sent, as in `value.statuses[]`. */
export function metaStatus(options: {
  wamid: string;
  status: string;
  at?: Date;
  recipient?: string;
  callbackData?: string;
  category?: string;
  error?: { code: number; title: string; details?: string };
}) {
  return {
    id: options.wamid,
    status: options.status,
    timestamp: seconds(options.at ?? new Date('2026-05-01T10:00:00Z')),
    recipient_id: options.recipient ?? '919876543210',
    ...(options.callbackData ? { biz_opaque_callback_data: options.callbackData } : {}),
    conversation: { id: 'conversation-1', origin: { type: options.category ?? 'utility' } },
    ...(options.category
      ? { pricing: { billable: true, pricing_model: 'PMP', category: options.category, type: 'regular' } }
      : {}),
    ...(options.error
      ? {
          errors: [
            {
              code: options.error.code,
              title: options.error.title,
              message: options.error.title,
              error_data: options.error.details ? { details: options.error.details } : undefined,
              href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
            },
          ],
        }
      : {}),
  };
}

/** A message a person sent, as in `value.messages[]`. */
export function metaMessage(options: { wamid: string; from: string; text?: string; type?: string; at?: Date }) {
  return {
    from: options.from,
    id: options.wamid,
    timestamp: seconds(options.at ?? new Date('2026-05-01T09:30:00Z')),
    type: options.type ?? 'text',
    ...(options.text !== undefined ? { text: { body: options.text } } : {}),
  };
}

/** A `field: messages` callback carrying these statuses and messages. */
export function messagesCallback(parts: { statuses?: unknown[]; messages?: unknown[] }) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: TEST_PHONE_NUMBER_ID },
              ...(parts.messages ? { contacts: [{ profile: { name: 'Sepoy' }, wa_id: '919876543210' }] } : {}),
              ...parts,
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

/** A `message_template_status_update` callback. */
export function templateCallback(event: string, name = 'salary_slip', reason = 'NONE') {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        time: 1_777_000_000,
        changes: [
          {
            value: {
              event,
              message_template_id: 594425479261596,
              message_template_name: name,
              message_template_language: 'en',
              reason,
              message_template_category: 'UTILITY',
            },
            field: 'message_template_status_update',
          },
        ],
      },
    ],
  };
}

/** A POST of Meta's callback, signed with the secret (or with the given header, or none). */
export function signedPost(
  body: unknown,
  options: { secret?: string; signature?: string | null; remoteAddress?: string } = {},
): InjectOptions {
  const raw = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  const signature =
    options.signature === undefined ? signatureOf(raw, options.secret ?? TEST_APP_SECRET) : options.signature;
  return {
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature !== null ? { 'x-hub-signature-256': signature } : {}),
    },
    payload: raw,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
}

/** Callbacks that remember what they were handed (inside the transaction), and may be made to fail. */
export function recordingCallbacks() {
  const statuses: WhatsappStatusEvent[] = [];
  const templates: WhatsappTemplateEvent[] = [];
  const failing = new Set<string>();
  const callbacks: WhatsappDeliveryCallbacks = {
    async onStatus(_tx: Executor, event) {
      if (failing.has(event.wamid)) throw new Error(`the delivery side could not apply ${event.wamid}`);
      statuses.push(event);
    },
    async onTemplateStatus(_tx: Executor, event) {
      templates.push(event);
    },
  };
  return { callbacks, statuses, templates, failing };
}

/** The webhook's routes alone, over a test database, with these callbacks (as app.ts registers them under /api). */
export async function webhookApp(
  db: Database,
  callbacks: WhatsappDeliveryCallbacks,
  overrides: Partial<Pick<WhatsappWebhookOptions, 'config' | 'refusalLimits'>> = {},
): Promise<FastifyInstance> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(
    whatsappWebhookRoutes({
      config: overrides.config ?? {
        appSecret: TEST_APP_SECRET,
        verifyToken: TEST_VERIFY_TOKEN,
        phoneNumberId: TEST_PHONE_NUMBER_ID,
      },
      callbacks,
      db,
      logger: pino({ level: 'silent' }),
      ...(overrides.refusalLimits ? { refusalLimits: overrides.refusalLimits } : {}),
    }),
    { prefix: '/api/whatsapp' },
  );
  await app.ready();
  return app;
}
