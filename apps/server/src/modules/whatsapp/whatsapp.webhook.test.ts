import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { whatsappInboundMessages, whatsappWebhookEvents } from '../../db/schema/index.js';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.js';
import {
  messagesCallback,
  metaMessage,
  metaStatus,
  recordingCallbacks,
  signedPost,
  TEST_APP_SECRET,
  TEST_VERIFY_TOKEN,
  webhookApp,
} from '../../test/whatsapp-webhook-fixtures.js';
import { signatureOf } from './whatsapp.webhook.signature.js';

let t: TestApp;
beforeAll(async () => {
  // Started jobs: each message a person sends enqueues its inbound job in the same transaction.
  t = await createTestApp(
    { whatsapp: { ...testConfig().whatsapp, appSecret: TEST_APP_SECRET, verifyToken: TEST_VERIFY_TOKEN } },
    { enqueueJobs: true },
  );
});
afterAll(() => t.close());

const db = () => t.database.db;
const storedEvents = async () => (await db().select().from(whatsappWebhookEvents)).map((row) => row.event_key).sort();
const storedMessages = () => db().select().from(whatsappInboundMessages).orderBy(whatsappInboundMessages.wamid);
beforeEach(async () => {
  await db().delete(whatsappWebhookEvents);
  await db().delete(whatsappInboundMessages);
});

const verify = (query: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: `/api/whatsapp/webhook${query}` });

describe("GET /api/whatsapp/webhook: Meta's subscription check", () => {
  it('answers the challenge exactly, as text/plain, to hub.mode=subscribe with the verify token', async () => {
    const response = await verify(`?hub.mode=subscribe&hub.verify_token=${TEST_VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('1158201444');
  });

  it('refuses a wrong or missing token, another mode or no challenge with 403 in the envelope', async () => {
    for (const query of [
      `?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`,
      `?hub.mode=subscribe&hub.verify_token=${TEST_VERIFY_TOKEN}x&hub.challenge=1`,
      `?hub.mode=subscribe&hub.challenge=1`,
      `?hub.mode=unsubscribe&hub.verify_token=${TEST_VERIFY_TOKEN}&hub.challenge=1`,
      `?hub.verify_token=${TEST_VERIFY_TOKEN}&hub.challenge=1`,
      `?hub.mode=subscribe&hub.verify_token=${TEST_VERIFY_TOKEN}`,
      '',
    ]) {
      const response = await verify(query);
      expect(response.statusCode, query).toBe(403);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
    }
  });

  it('refuses every token while none is configured', async () => {
    const app = await webhookApp(db(), recordingCallbacks().callbacks, {
      config: { appSecret: '', verifyToken: '', phoneNumberId: '' },
    });
    expect((await verify('?hub.mode=subscribe&hub.verify_token=&hub.challenge=1', app)).statusCode).toBe(403);
    expect((await verify('?hub.mode=subscribe&hub.challenge=1', app)).statusCode).toBe(403);
    await app.close();
  });

  it('answers GET and POST only', async () => {
    for (const method of ['HEAD', 'PUT', 'PATCH', 'DELETE'] as const)
      expect((await t.app.inject({ method, url: '/api/whatsapp/webhook' })).statusCode, method).toBe(404);
  });
});

describe('POST /api/whatsapp/webhook: the signature', () => {
  const body = JSON.stringify(
    messagesCallback({ messages: [metaMessage({ wamid: 'wamid.in-1', from: '919000000001', text: 'Hello' })] }),
  );
  const good = signatureOf(body, TEST_APP_SECRET);

  it('stores a signed callback', async () => {
    const response = await t.app.inject(signedPost(body));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await storedEvents()).toEqual(['message:wamid.in-1']);
  });

  it('refuses with 401 in the envelope, storing nothing: a bad, missing, malformed or other-prefix signature, one byte changed', async () => {
    const changed = body.replace('Hello', 'Hellp');
    const cases = [
      signedPost(body, { signature: signatureOf(body, 'another-secret') }),
      signedPost(body, { signature: null }),
      signedPost(body, { signature: '' }),
      signedPost(body, { signature: good.replace('sha256=', 'sha1=') }),
      signedPost(body, { signature: good.slice(7) }),
      signedPost(changed, { signature: good }),
    ];
    for (const request of cases) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    }
    expect(await storedEvents()).toEqual([]);
    expect(await storedMessages()).toEqual([]);
  });

  it('refuses every callback while the app secret is unset, and hands nothing over', async () => {
    const recorded = recordingCallbacks();
    const app = await webhookApp(db(), recorded.callbacks, {
      config: { appSecret: '', verifyToken: 'v', phoneNumberId: '' },
    });
    const status = JSON.stringify(messagesCallback({ statuses: [metaStatus({ wamid: 'wamid.1', status: 'sent' })] }));
    expect((await app.inject(signedPost(status, { secret: '' }))).statusCode).toBe(401);
    expect((await app.inject(signedPost(status))).statusCode).toBe(401);
    expect(recorded.statuses).toEqual([]);
    expect(await storedEvents()).toEqual([]);
    await app.close();
  });

  it('answers a body over 1 MB 413, a body of another type 415, in the envelope', async () => {
    const big = JSON.stringify({ object: 'whatsapp_business_account', entry: [], padding: 'x'.repeat(1024 * 1024) });
    const tooLarge = await t.app.inject(signedPost(big));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ success: false });
    const text = await t.app.inject({ ...signedPost(body), headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ success: false });
    expect(await storedEvents()).toEqual([]);
  });

  it('answers 200 to a signed body that is not JSON, or not a WhatsApp payload, and stores nothing (Meta would retry for days)', async () => {
    for (const raw of [
      'not json at all {',
      '[]',
      '{"object":"page","entry":[]}',
      '{"object":"whatsapp_business_account"}',
      '',
    ])
      expect((await t.app.inject(signedPost(raw))).statusCode, raw).toBe(200);
    expect(await storedEvents()).toEqual([]);
  });
});

describe('POST /api/whatsapp/webhook: people writing to the force', () => {
  it('stores each message once, matched to the person whose phone sent it', async () => {
    const person = await t.buildUser({ phone_number: '9822012345' });
    const callback = messagesCallback({
      messages: [
        metaMessage({
          wamid: 'wamid.in-a',
          from: '919822012345',
          text: 'Slip received',
          at: new Date('2026-05-02T08:00:00Z'),
        }),
        metaMessage({ wamid: 'wamid.in-b', from: '447700900123', type: 'image', at: new Date('2026-05-02T08:01:00Z') }),
        {
          from: '919822012345',
          id: 'wamid.in-c',
          timestamp: '1777700000',
          type: 'button',
          button: { text: 'Yes', payload: 'YES' },
        },
      ],
    });
    expect((await t.app.inject(signedPost(callback))).statusCode).toBe(200);
    // Meta sends it again: nothing changes.
    expect((await t.app.inject(signedPost(callback))).statusCode).toBe(200);

    const rows = await storedMessages();
    expect(
      rows.map(({ wamid, from_number, user_id, type, body, sent_at }) => ({
        wamid,
        from_number,
        user_id,
        type,
        body,
        sent_at,
      })),
    ).toEqual([
      {
        wamid: 'wamid.in-a',
        from_number: '919822012345',
        user_id: person.id,
        type: 'text',
        body: 'Slip received',
        sent_at: new Date('2026-05-02T08:00:00Z'),
      },
      {
        wamid: 'wamid.in-b',
        from_number: '447700900123',
        user_id: null,
        type: 'image',
        body: null,
        sent_at: new Date('2026-05-02T08:01:00Z'),
      },
      {
        wamid: 'wamid.in-c',
        from_number: '919822012345',
        user_id: person.id,
        type: 'button',
        body: 'Yes',
        sent_at: new Date(1_777_700_000_000),
      },
    ]);
    expect(await storedEvents()).toEqual(['message:wamid.in-a', 'message:wamid.in-b', 'message:wamid.in-c']);
  });
});
