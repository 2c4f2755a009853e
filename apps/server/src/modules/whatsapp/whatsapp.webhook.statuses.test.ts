import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { whatsappWebhookEvents } from '../../db/schema/index.js';
import { openTestDatabase } from '../../test/test-database.js';
import {
  messagesCallback,
  metaStatus,
  recordingCallbacks,
  signedPost,
  templateCallback,
  webhookApp,
} from '../../test/whatsapp-webhook-fixtures.js';

/** The webhook's routes over a test database, with callbacks that record what the delivery side is handed. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const db = () => database.db;
const storedEvents = async () => (await db().select().from(whatsappWebhookEvents)).map((row) => row.event_key).sort();
beforeEach(async () => {
  await db().delete(whatsappWebhookEvents);
});

describe('POST /api/whatsapp/webhook: statuses and templates handed to the delivery side', () => {
  let app: FastifyInstance;
  let recorded: ReturnType<typeof recordingCallbacks>;
  beforeEach(async () => {
    recorded = recordingCallbacks();
    app = await webhookApp(db(), recorded.callbacks);
    return () => app.close();
  });

  it('hands over each status with its key, pricing category and error, in the order Meta sent them', async () => {
    const callback = messagesCallback({
      statuses: [
        metaStatus({
          wamid: 'wamid.A',
          status: 'delivered',
          callbackData: 'key-a',
          category: 'utility',
          at: new Date('2026-05-01T10:00:05Z'),
        }),
        metaStatus({
          wamid: 'wamid.A',
          status: 'sent',
          callbackData: 'key-a',
          category: 'utility',
          at: new Date('2026-05-01T10:00:01Z'),
        }),
        metaStatus({
          wamid: 'wamid.B',
          status: 'failed',
          error: { code: 131026, title: 'Message undeliverable', details: 'not on WhatsApp' },
        }),
      ],
    });
    expect((await app.inject(signedPost(callback))).statusCode).toBe(200);
    expect(recorded.statuses).toEqual([
      {
        wamid: 'wamid.A',
        status: 'delivered',
        at: new Date('2026-05-01T10:00:05Z'),
        callbackData: 'key-a',
        recipient: '919876543210',
        pricingCategory: 'utility',
      },
      {
        wamid: 'wamid.A',
        status: 'sent',
        at: new Date('2026-05-01T10:00:01Z'),
        callbackData: 'key-a',
        recipient: '919876543210',
        pricingCategory: 'utility',
      },
      {
        wamid: 'wamid.B',
        status: 'failed',
        at: new Date('2026-05-01T10:00:00Z'),
        recipient: '919876543210',
        error: { code: 131026, title: 'Message undeliverable', details: 'not on WhatsApp' },
      },
    ]);
    expect(await storedEvents()).toEqual(['status:wamid.A:delivered', 'status:wamid.A:sent', 'status:wamid.B:failed']);
  });

  it('applies a status once however often Meta sends it, in one callback or many', async () => {
    const read = metaStatus({ wamid: 'wamid.C', status: 'read' });
    const sent = metaStatus({ wamid: 'wamid.C', status: 'sent' });
    expect((await app.inject(signedPost(messagesCallback({ statuses: [read, read] })))).statusCode).toBe(200);
    expect((await app.inject(signedPost(messagesCallback({ statuses: [sent, read] })))).statusCode).toBe(200);
    const copies = await Promise.all(
      [1, 2, 3].map(() => app.inject(signedPost(messagesCallback({ statuses: [sent, read] })))),
    );
    expect(copies.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(recorded.statuses.map((status) => `${status.wamid}:${status.status}`)).toEqual([
      'wamid.C:read',
      'wamid.C:sent',
    ]);
  });

  it('answers an error when the delivery side fails an event, keeps it unapplied, and applies it when Meta sends it again', async () => {
    recorded.failing.add('wamid.D');
    const callback = messagesCallback({
      statuses: [metaStatus({ wamid: 'wamid.D', status: 'sent' }), metaStatus({ wamid: 'wamid.E', status: 'sent' })],
    });
    const failed = await app.inject(signedPost(callback));
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ success: false, error: { code: 'INTERNAL' } });
    expect(await storedEvents()).toEqual(['status:wamid.E:sent']);

    recorded.failing.clear();
    expect((await app.inject(signedPost(callback))).statusCode).toBe(200);
    expect(recorded.statuses.map((status) => status.wamid)).toEqual(['wamid.E', 'wamid.D']);
  });

  it('hands over a template status change', async () => {
    expect((await app.inject(signedPost(templateCallback('PAUSED', 'salary_slip', 'LOW_QUALITY')))).statusCode).toBe(
      200,
    );
    expect(recorded.templates).toEqual([
      { templateName: 'salary_slip', language: 'en', event: 'PAUSED', reason: 'LOW_QUALITY' },
    ]);
  });

  it('ignores fields and items it does not know, and keys Meta adds, answering 200', async () => {
    const callback = messagesCallback({
      statuses: [
        { ...metaStatus({ wamid: 'wamid.F', status: 'sent' }), some_new_field: { nested: true } },
        { id: 'wamid.G', status: 'sent' },
        'not a status',
      ],
    });
    callback.entry[0]!.changes.push({ field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } } as never);
    // Another business number of the same app: its statuses are not ours.
    const otherNumber = messagesCallback({ statuses: [metaStatus({ wamid: 'wamid.H', status: 'sent' })] }).entry[0]!
      .changes[0]!;
    callback.entry[0]!.changes.push({
      ...otherNumber,
      value: { ...otherNumber.value, metadata: { display_phone_number: '15550000000', phone_number_id: '999' } },
    });
    expect((await app.inject(signedPost(callback))).statusCode).toBe(200);
    expect(recorded.statuses.map((status) => status.wamid)).toEqual(['wamid.F']);
    expect(recorded.templates).toEqual([]);
  });
});
