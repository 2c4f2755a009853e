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

  it('reads a message that names its sender only by BSUID (no number), with the contact of that BSUID', () => {
    const callback = messagesCallback({
      messages: [
        { id: 'wamid.6', from_user_id: 'IN.bsuid.6', timestamp: '1777000000', type: 'text', text: { body: 'payslip' } },
        { id: 'wamid.7', timestamp: '1777000000', type: 'text', text: { body: 'nobody named' } },
      ],
    });
    callback.entry[0]!.changes[0]!.value.contacts = [
      { profile: { name: 'Other' }, wa_id: '919000000009' },
      { profile: { name: 'Asha' }, user_id: 'IN.bsuid.6' },
    ] as never;
    const events = readWebhookPayload(callback);
    expect(events?.messages).toEqual([
      {
        wamid: 'wamid.6',
        type: 'text',
        body: 'payslip',
        sentAt: new Date(1_777_000_000_000),
        fromBsuid: 'IN.bsuid.6',
        contactName: 'Asha',
      },
    ]);
    // A message naming neither a number nor a BSUID has nobody to answer: left out, counted.
    expect(events?.ignored).toBe(1);
  });

  it('takes the BSUID from the only contact when the message gives neither number nor from_user_id', () => {
    const callback = messagesCallback({
      messages: [{ id: 'wamid.8', timestamp: '1777000000', type: 'text', text: { body: 'hi' } }],
    });
    callback.entry[0]!.changes[0]!.value.contacts = [{ profile: { name: 'Ravi' }, user_id: 'IN.bsuid.8' }] as never;
    expect(readWebhookPayload(callback)?.messages).toMatchObject([{ wamid: 'wamid.8', fromBsuid: 'IN.bsuid.8' }]);
  });

  it('answers null for what is not a WhatsApp payload', () => {
    for (const json of [null, 'text', [], {}, { object: 'page', entry: [] }, { object: 'whatsapp_business_account' }])
      expect(readWebhookPayload(json)).toBeNull();
  });
});
