import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryDocuments } from '../../db/schema/libraries.js';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.js';
import {
  messagesCallback,
  metaStatus,
  signedPost,
  TEST_APP_SECRET,
  TEST_VERIFY_TOKEN,
} from '../../test/whatsapp-webhook-fixtures.js';
import { DEFAULT_REFUSAL_LIMITS } from './whatsapp.webhook.refusals.js';
import { signatureOf } from './whatsapp.webhook.signature.js';

const whatsapp = { ...testConfig().whatsapp, appSecret: TEST_APP_SECRET, verifyToken: TEST_VERIFY_TOKEN };
const callback = (n: number) =>
  messagesCallback({ statuses: [metaStatus({ wamid: `wamid.limit-${n}`, status: 'sent' })] });

describe("the webhook and the API's per-address rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ apiRateLimit: 3, whatsapp });
  });
  afterAll(() => t.close());

  it('takes more signed callbacks than the API limit from one address; only refused signatures are limited', async () => {
    const meta = '203.0.113.10';
    for (let n = 0; n < 8; n += 1)
      expect((await t.app.inject(signedPost(callback(n), { remoteAddress: meta }))).statusCode, `callback ${n}`).toBe(
        200,
      );
    // None of them counted: the address still has the API's 3 requests elsewhere, then is limited there…
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: meta });
    for (let n = 0; n < 3; n += 1) expect((await me()).statusCode).toBe(401);
    expect((await me()).statusCode).toBe(429);
    // …but not on the webhook.
    expect((await t.app.inject(signedPost(callback(8), { remoteAddress: meta }))).statusCode).toBe(200);

    // Another address sending bad signatures is refused 401 up to the limit, then 429 before its body is read.
    const forger = '198.51.100.7';
    const forged = (n: number) =>
      signedPost(callback(n), { signature: signatureOf('{}', TEST_APP_SECRET), remoteAddress: forger });
    for (let n = 0; n < DEFAULT_REFUSAL_LIMITS.max; n += 1)
      expect((await t.app.inject(forged(n))).statusCode, `forged ${n}`).toBe(401);
    const limited = await t.app.inject(forged(99));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      error: { code: 'RATE_LIMITED', reason: 'request.rate_limited' },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // …while Meta's address goes on.
    expect((await t.app.inject(signedPost(callback(9), { remoteAddress: meta }))).statusCode).toBe(200);
  });

  it('limits guesses at the verify token the same way: 403 up to the limit, then 429 even for the right token', async () => {
    const guesser = '198.51.100.23';
    const check = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
        remoteAddress: guesser,
      });
    for (let n = 0; n < DEFAULT_REFUSAL_LIMITS.max; n += 1)
      expect((await check(`guess-${n}`)).statusCode, `guess ${n}`).toBe(403);
    const limited = await check(TEST_VERIFY_TOKEN);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Meta's own check from another address is answered.
    const meta = await t.app.inject({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${TEST_VERIFY_TOKEN}&hub.challenge=1158201444`,
      remoteAddress: '203.0.113.10',
    });
    expect(meta.statusCode).toBe(200);
    expect(meta.body).toBe('1158201444');
  });
});

describe('the webhook and kept answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ answerCacheSeconds: 60, whatsapp });
  });
  afterAll(() => t.close());

  it("leaves the lists' kept answers in place (any other change clears them)", async () => {
    const viewer = await t.as('viewer');
    const titles = async () =>
      (await viewer({ method: 'GET', url: '/api/orders' }))
        .json<{ data: { title: string }[] }>()
        .data.map((d) => d.title);
    const writeBehindTheApi = (title: string) =>
      t.database.db
        .insert(libraryDocuments)
        .values({ library: 'orders', title, effective_date: '2026-11-20', search_text: title.toLowerCase() });

    await writeBehindTheApi('Parade order');
    expect(await titles()).toEqual(['Parade order']);
    await writeBehindTheApi('Written behind the API');

    expect((await t.app.inject(signedPost(callback(1)))).statusCode).toBe(200);
    expect(await titles()).toEqual(['Parade order']);

    // The control: a change through the API clears them.
    const admin = await t.as('admin');
    const created = await admin({
      method: 'POST',
      url: '/api/orders',
      payload: { title: 'Bandobast order', effective_date: '2026-11-21' },
    });
    expect(created.statusCode).toBe(201);
    expect(await titles()).toEqual(['Bandobast order', 'Written behind the API', 'Parade order']);
  });
});
