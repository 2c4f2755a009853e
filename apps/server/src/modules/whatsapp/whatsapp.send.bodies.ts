import type { DocumentMessage, MediaFile } from './whatsapp.provider.js';

/**
 * The Graph API's request bodies for a salary slip (WhatsApp Cloud API, `POST /{phone-number-id}/messages`
 * and `/media`), in one place: the outbox stores exactly these, and the Cloud provider may send them.
 * Each message carries its attempt's key as `biz_opaque_callback_data`, echoed in status callbacks.
 */

export const messagesPath = (phoneNumberId: string) => `/${phoneNumberId}/messages`;
export const mediaPath = (phoneNumberId: string) => `/${phoneNumberId}/media`;

/** The approved payslip template: a document header (the uploaded PDF) and the body's parameters. */
export function templateBody(templateName: string, message: DocumentMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: templateName,
      language: { code: message.language },
      components: [
        {
          type: 'header',
          parameters: [{ type: 'document', document: { id: message.mediaId, filename: message.fileName } }],
        },
        { type: 'body', parameters: message.bodyParameters.map((text) => ({ type: 'text', text })) },
      ],
    },
    biz_opaque_callback_data: message.callbackData,
  };
}

/** A free-form document (only inside the person's 24-hour customer-service window). */
export function documentBody(message: DocumentMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'document',
    document: { id: message.mediaId, caption: message.caption, filename: message.fileName },
    biz_opaque_callback_data: message.callbackData,
  };
}

/** A media upload's multipart fields, the file described by its name, type, size and digest (the bytes are the stored PDF). */
export function mediaUploadFields(file: MediaFile, sha256: string) {
  return {
    messaging_product: 'whatsapp',
    type: file.mimeType,
    file: { filename: file.fileName, content_type: file.mimeType, size: file.bytes.length, sha256 },
  };
}
