import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZMessagesResponse, ZMessagingStatsResponse } from '@srpf/shared';
import { users, whatsappDeliveries, whatsappInboundMessages, whatsappOutbox } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { testConfig } from '../../test/test-app.js';
import { createPayslipTestApp, type PayslipTestApp, type Request } from '../../test/payslip-fixtures.js';
import { buildSlip, recordingJobs, workerSide } from '../../test/whatsapp-fixtures.js';
import {
  messagesCallback,
  TEST_APP_SECRET,
  TEST_PHONE_NUMBER_ID,
  TEST_VERIFY_TOKEN,
} from '../../test/whatsapp-webhook-fixtures.js';
import { createInboundHandling } from './whatsapp.inbound.job.js';
import { setSelfService } from './whatsapp.self-service-flag.js';
import { signatureOf } from './whatsapp.webhook.signature.js';

/**
 * Messages WhatsApp names only by the sender's business-scoped user id (BSUID), without the number (a
 * person who hides their number behind a username): stored with no number, matched to the person who
 * holds that BSUID and answered on their verified number; a BSUID nobody holds is recorded, unanswered
 * (the provider sends to numbers only). The overview's lists and figures show such a message in the
 * person's conversation.
 */

vi.mock('../payslips/payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let t: PayslipTestApp;
let asAdmin: Request;

beforeAll(async () => {
  t = await createPayslipTestApp({
    whatsapp: {
      ...testConfig().whatsapp,
      appSecret: TEST_APP_SECRET,
      verifyToken: TEST_VERIFY_TOKEN,
      phoneNumberId: TEST_PHONE_NUMBER_ID,
    },
  });
  asAdmin = (await t.asUser({ role: 'admin' })).request;
});
afterAll(async () => t.close());
beforeEach(async () => setSelfService(t.database.db, true, new Date()));

let sequence = 0;
/** A person with a verified number, WhatsApp on, a slip of October 2026, and the BSUID WhatsApp gave them. */
async function person(bsuid: string) {
  const slip = await buildSlip(t, { month: '2026-10' });
  await t.database.db.update(users).set({ whatsapp_bsuid: bsuid }).where(eq(users.id, slip.userId));
  return { id: slip.userId, number: `91${slip.phone}`, slipId: slip.id };
}

/** WhatsApp delivers a message naming its sender by BSUID only (no `from`, no `wa_id`); answers the stored row. */
async function writesAsBsuid(bsuid: string, text: string) {
  sequence += 1;
  const wamid = `wamid.bsuid.${sequence}.${Date.now()}`;
  const callback = messagesCallback({
    messages: [
      {
        id: wamid,
        from_user_id: bsuid,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: text },
      },
    ],
  });
  callback.entry[0]!.changes[0]!.value.contacts = [{ profile: { name: 'Asha' }, user_id: bsuid }] as never;
  const body = JSON.stringify(callback);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body, TEST_APP_SECRET) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await t.database.db
    .select()
    .from(whatsappInboundMessages)
    .where(eq(whatsappInboundMessages.wamid, wamid));
  expect(row, 'the message is stored').toBeDefined();
  return row!;
}

const handling = () => createInboundHandling({ db: t.database.db, clock, jobs: recordingJobs() });
async function answer(bsuid: string, text: string) {
  const inbound = await writesAsBsuid(bsuid, text);
  const outcome = await handling().run({ inboundId: inbound.id });
  const reply = outcome.deliveryId
    ? (await t.database.db.select().from(whatsappDeliveries).where(eq(whatsappDeliveries.id, outcome.deliveryId)))[0]
    : undefined;
  return { inbound, outcome, reply };
}

describe('a message with only the BSUID', () => {
  it('is stored without a number, against the person who holds the BSUID', async () => {
    const asha = await person('IN.bsuid.stored');
    const inbound = await writesAsBsuid('IN.bsuid.stored', 'hello');
    expect(inbound).toMatchObject({ from_number: null, from_bsuid: 'IN.bsuid.stored', user_id: asha.id });
  });

  it('“payslip” sends the person their slip on their verified number, inside the window the message opened', async () => {
    const asha = await person('IN.bsuid.slip');
    const { outcome, reply } = await answer('IN.bsuid.slip', 'payslip');
    expect(outcome.intent).toBe('payslip');
    expect(reply).toMatchObject({ kind: 'payslip', payslip_id: asha.slipId, user_id: asha.id, to_number: asha.number });
    expect(await workerSide(t).sending.run({ deliveryId: reply!.id })).toMatchObject({ outcome: 'sent' });
    const sent = await t.database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to_number, asha.number));
    // A document, not the slip's template: the BSUID-only message opened the person's window.
    expect(sent.map((row) => (row.body as { type: string }).type)).toEqual(['document']);
  });

  it('“help” is answered with the help text on the person’s number', async () => {
    const asha = await person('IN.bsuid.help');
    const { outcome, reply } = await answer('IN.bsuid.help', 'help');
    expect(outcome.intent).toBe('help');
    expect(reply).toMatchObject({ kind: 'text', origin: 'self_service', to_number: asha.number, user_id: asha.id });
  });

  it('STOP switches the person off and is confirmed on their number', async () => {
    const asha = await person('IN.bsuid.stop');
    const { outcome, reply } = await answer('IN.bsuid.stop', 'STOP');
    expect(outcome.intent).toBe('stop');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, asha.id));
    expect(row).toMatchObject({ whatsapp_enabled: false, whatsapp_notices_enabled: false });
    expect(reply).toMatchObject({ origin: 'stop', to_number: asha.number, user_id: asha.id });
  });

  it('from a BSUID nobody holds is handled as an unknown sender with no reply (nothing to send it to)', async () => {
    const { inbound, outcome, reply } = await answer('IN.bsuid.nobody', 'payslip');
    expect(outcome).toEqual({ inboundId: inbound.id, intent: 'unknown_number' });
    expect(reply).toBeUndefined();
    const [row] = await t.database.db
      .select()
      .from(whatsappInboundMessages)
      .where(eq(whatsappInboundMessages.id, inbound.id));
    expect(row).toMatchObject({ intent: 'unknown_number', handled_at: expect.any(Date), user_id: null });
    const replies = await t.database.db
      .select()
      .from(whatsappDeliveries)
      .where(eq(whatsappDeliveries.reply_to_inbound_id, inbound.id));
    expect(replies).toEqual([]);
  });
});

describe('a new message after a BSUID-only message', () => {
  it('goes: that message opened the person’s 24-hour window, though it named no number', async () => {
    const asha = await person('IN.bsuid.window');
    const closed = await asAdmin({
      method: 'POST',
      url: '/api/whatsapp/send',
      payload: { user_id: asha.id, body: 'Hi' },
    });
    expect(closed.statusCode, closed.body).toBe(409);
    expect(closed.json().error).toMatchObject({ reason: 'whatsapp.window_closed' });
    await writesAsBsuid('IN.bsuid.window', 'hello');
    const open = await asAdmin({
      method: 'POST',
      url: '/api/whatsapp/send',
      payload: { user_id: asha.id, body: 'Your slip is ready' },
    });
    expect(open.statusCode, open.body).toBe(201);
    const [queued] = await t.database.db
      .select()
      .from(whatsappDeliveries)
      .where(eq(whatsappDeliveries.user_id, asha.id));
    expect(queued).toMatchObject({ kind: 'text', origin: 'message', to_number: asha.number });
  });
});

describe('the overview with BSUID-only messages', () => {
  it('lists the message in the person’s conversation (their number), one of nobody by its BSUID, and counts contacts once', async () => {
    const ravi = await person('IN.bsuid.list');
    await answer('IN.bsuid.list', 'help');
    await answer('IN.bsuid.list-nobody', 'hello');
    const response = await asAdmin({ method: 'GET', url: '/api/whatsapp/messages?limit=100' });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = ZMessagesResponse.parse(response.json());
    const inbound = data.filter((message) => message.direction === 'inbound');
    expect(inbound.map((message) => message.from_number)).toEqual(
      expect.arrayContaining([ravi.number, 'IN.bsuid.list-nobody']),
    );
    expect(inbound.every((message) => typeof message.from_number === 'string')).toBe(true);

    const numbers = new Set(
      data.map((message) => (message.direction === 'inbound' ? message.from_number : message.to_number)),
    );
    const stats = await asAdmin({ method: 'GET', url: '/api/whatsapp/stats?days=30' });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(ZMessagingStatsResponse.parse(stats.json()).data.stats.unique_contacts).toBe(numbers.size);

    const csv = await asAdmin({ method: 'GET', url: '/api/whatsapp/messages/export' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('IN.bsuid.list-nobody');
  });
});
