import type { TemplateMessage, TextMessage } from './whatsapp.provider.js';

/**
 * The Graph API's request bodies for messages that are not a slip (issue 31): a free-form text and a
 * named template. The outbox stores exactly these and the Cloud provider sends them.
 */

const envelope = (to: string, callbackData: string) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to,
  biz_opaque_callback_data: callbackData,
});

/** A free-form text, links not previewed (only inside the person's 24-hour customer-service window). */
export function textBody(message: TextMessage) {
  return {
    ...envelope(message.to, message.callbackData),
    type: 'text',
    text: { body: message.body, preview_url: false },
  };
}

/**
 * An approved template in the person's language. An authentication template carries its code twice,
 * as Meta requires: the body's parameter and the copy-code button's (`sub_type: url`, index 0).
 */
export function namedTemplateBody(message: TemplateMessage) {
  const components: object[] = [];
  if (message.bodyParameters.length > 0)
    components.push({ type: 'body', parameters: message.bodyParameters.map((text) => ({ type: 'text', text })) });
  if (message.copyCode !== null)
    components.push({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: message.copyCode }],
    });
  return {
    ...envelope(message.to, message.callbackData),
    type: 'template',
    template: { name: message.name, language: { code: message.language }, components },
  };
}
