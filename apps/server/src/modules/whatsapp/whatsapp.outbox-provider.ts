import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { whatsappOutbox } from '../../db/schema/index.js';
import type { WhatsappProvider } from './whatsapp.provider.js';
import { namedTemplateBody, textBody } from './whatsapp.send.bodies.messages.js';
import { OUTBOX_TEMPLATES } from './whatsapp.templates.js';
import { documentBody, mediaPath, mediaUploadFields, messagesPath, templateBody } from './whatsapp.send.bodies.js';

/**
 * The `outbox` provider (WHATSAPP_PROVIDER unset or `outbox`): every request is stored in
 * `whatsapp_outbox` exactly as the Cloud provider would send it, and nobody is contacted. Its ids are
 * made up but well formed (`wamid.outbox.<n>`, `media.outbox.<n>`). Nobody calls back either: a
 * message the outbox accepted stays `sent` for good (never delivered or read).
 */
export function createOutboxProvider(db: Database, settings: { phoneNumberId: string; payslipTemplate: string }) {
  const phoneNumberId = settings.phoneNumberId || 'outbox';
  const templateName = settings.payslipTemplate || 'payslip';

  async function store(path: string, to: string | null, body: object, attemptKey: string | null) {
    const [row] = await db
      .insert(whatsappOutbox)
      .values({ path, to_number: to, body, attempt_key: attemptKey })
      .returning({ id: whatsappOutbox.id });
    return row!.id;
  }

  const provider: WhatsappProvider = {
    name: 'outbox',
    async uploadMedia(file) {
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      const id = await store(mediaPath(phoneNumberId), null, mediaUploadFields(file, sha256), null);
      return { mediaId: `media.outbox.${id}` };
    },
    async sendTemplate(message) {
      const id = await store(
        messagesPath(phoneNumberId),
        message.to,
        templateBody(templateName, message),
        message.callbackData,
      );
      return { wamid: `wamid.outbox.${id}` };
    },
    async sendDocument(message) {
      const id = await store(messagesPath(phoneNumberId), message.to, documentBody(message), message.callbackData);
      return { wamid: `wamid.outbox.${id}` };
    },
    async sendText(message) {
      const id = await store(messagesPath(phoneNumberId), message.to, textBody(message), message.callbackData);
      return { wamid: `wamid.outbox.${id}` };
    },
    async sendNamedTemplate(message) {
      const id = await store(messagesPath(phoneNumberId), message.to, namedTemplateBody(message), message.callbackData);
      return { wamid: `wamid.outbox.${id}` };
    },
    /** The product's own notice template (srpf_notice, en/mr/hi), as if approved: campaigns work without an account. */
    async listTemplates() {
      return [...OUTBOX_TEMPLATES];
    },
  };
  return provider;
}
