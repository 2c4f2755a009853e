import { describe, expect, it } from 'vitest';
import { messagesCallback, metaMessage, metaStatus, templateCallback } from '../../test/whatsapp-webhook-fixtures.js';
import { readWebhookPayload } from './whatsapp.webhook.payload.js';

describe("reading Meta's webhook payload", () => {
  it('reads statuses, messages and template changes; numbers as timestamps too', () => {
    const callback = messagesCallback({
      statuses: [{ ...metaStatus({ wamid: 'wamid.1', status: 'sent' }), timestamp: 1_777_000_000 }],
      messages: [metaMessage({ wamid: 'wamid.2', from: '919000000001', text: 'Hi' })],
    });
    const events = readWebhookPayload(callback);
    expect(events?.statuses).toEqual([
      { wamid: 'wamid.1', status: 'sent', at: new Date(1_777_000_000_000), recipient: '919876543210' },
    ]);
    expect(events?.messages).toMatchObject([{ wamid: 'wamid.2', from: '919000000001', type: 'text', body: 'Hi' }]);
    expect(readWebhookPayload(templateCallback('DISABLED'))?.templates).toEqual([
      { templateName: 'salary_slip', language: 'en', event: 'DISABLED', reason: 'NONE' },
    ]);
  });

  it('drops NUL characters from a text (PostgreSQL stores none) and counts items it cannot read', () => {
    const events = readWebhookPayload(
      messagesCallback({
        messages: [metaMessage({ wamid: 'wamid.3', from: '919000000001', text: 'a\u0000b' }), { id: 'wamid.4' }],
        statuses: [{ ...metaStatus({ wamid: 'wamid.5', status: 'sent' }), recipient_id: '+91 98' }],
      }),
    );
    expect(events?.messages.map((message) => message.body)).toEqual(['ab']);
    expect(events?.statuses).toEqual([]);
    expect(events?.ignored).toBe(2);
  });

  it('answers null for what is not a WhatsApp payload', () => {
    for (const json of [null, 'text', [], {}, { object: 'page', entry: [] }, { object: 'whatsapp_business_account' }])
      expect(readWebhookPayload(json)).toBeNull();
  });
});
