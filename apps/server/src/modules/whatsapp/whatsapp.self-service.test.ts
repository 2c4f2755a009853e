import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  auditLog,
  payslips,
  users,
  whatsappDeliveries,
  whatsappInboundMessages,
  whatsappOutbox,
} from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { testConfig } from '../../test/test-app.js';
import { createPayslipTestApp, type PayslipTestApp } from '../../test/payslip-fixtures.js';
import { buildSlip, recordingJobs, workerSide } from '../../test/whatsapp-fixtures.js';
import {
  messagesCallback,
  TEST_APP_SECRET,
  TEST_PHONE_NUMBER_ID,
  TEST_VERIFY_TOKEN,
} from '../../test/whatsapp-webhook-fixtures.js';
import { createInboundHandling } from './whatsapp.inbound.job.js';
import { setSelfService } from './whatsapp.self-service-flag.js';
import { UNKNOWN_NUMBER_REPLY } from './whatsapp.self-service.texts.js';
import { signatureOf } from './whatsapp.webhook.signature.js';

/**
 * What people's own WhatsApp messages get back (issue 31): STOP, their own slip, their leave status,
 * help; the fixed reply to a number of nobody or of several people; the hourly limit; the switch.
 * Messages arrive through the signed webhook; the inbound job it enqueues is run here by hand.
 */

vi.mock('../payslips/payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let t: PayslipTestApp;

beforeAll(async () => {
  t = await createPayslipTestApp({
    whatsapp: {
      ...testConfig().whatsapp,
      appSecret: TEST_APP_SECRET,
      verifyToken: TEST_VERIFY_TOKEN,
      phoneNumberId: TEST_PHONE_NUMBER_ID,
    },
  });
});
afterAll(async () => t.close());
beforeEach(async () => setSelfService(t.database.db, true, new Date()));

let sequence = 0;
/** A person with a verified number, WhatsApp and notices on, and a slip of October 2026 (and any `months`). */
async function person(options: { language?: 'en' | 'mr' | 'hi'; verified?: boolean; months?: string[] } = {}) {
  const slip = await buildSlip(t, { whatsapp_language: options.language ?? 'en', month: '2026-10' });
  await t.database.db
    .update(users)
    .set({
      whatsapp_notices_enabled: true,
      phone_verified_at: options.verified === false ? null : new Date(),
      phone_verified_source: options.verified === false ? null : 'self',
    })
    .where(eq(users.id, slip.userId));
  const others: Record<string, number> = {};
  for (const month of options.months ?? []) {
    const other = await buildSlip(t, { month, phone_number: null });
    // The same person's slip of another month.
    await t.database.db.update(payslips).set({ user_id: slip.userId }).where(eq(payslips.id, other.id));
    others[month] = other.id;
  }
  return { id: slip.userId, number: `91${slip.phone}`, slipId: slip.id, others };
}

/** A person writes: the signed webhook stores the message; answers its id. */
async function writes(from: string, text: string, extra: { bsuid?: string; name?: string } = {}) {
  sequence += 1;
  const wamid = `wamid.self.${sequence}.${Date.now()}`;
  const payload = JSON.stringify(
    messagesCallback({
      messages: [
        {
          from,
          id: wamid,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'text',
          text: { body: text },
          ...(extra.bsuid ? { from_user_id: extra.bsuid } : {}),
        },
      ],
    }),
  );
  // The contacts as Meta sends them beside the messages: the profile name and the BSUID.
  const withContacts = JSON.parse(payload);
  withContacts.entry[0].changes[0].value.contacts = [
    { wa_id: from, profile: { name: extra.name ?? 'Asha' }, ...(extra.bsuid ? { user_id: extra.bsuid } : {}) },
  ];
  const body = JSON.stringify(withContacts);
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
  return row!;
}

const handling = () => createInboundHandling({ db: t.database.db, clock, jobs: recordingJobs() });
async function answer(from: string, text: string, extra: { bsuid?: string } = {}) {
  const inbound = await writes(from, text, extra);
  const outcome = await handling().run({ inboundId: inbound.id });
  const reply = outcome.deliveryId
    ? (await t.database.db.select().from(whatsappDeliveries).where(eq(whatsappDeliveries.id, outcome.deliveryId)))[0]
    : undefined;
  return { inbound, outcome, reply };
}
const userOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('STOP', () => {
  it.each([
    ['STOP', 'en', /switched off/],
    ['बंद', 'mr', /बंद केले आहेत/],
    ['रोको', 'hi', /बंद कर दिए गए/],
  ] as const)(
    '%s switches the person’s WhatsApp and notices off, audited, confirmed in their language',
    async (word, language, words) => {
      await setSelfService(t.database.db, false, new Date());
      const asha = await person({ language });
      const { outcome, reply } = await answer(asha.number, word);
      expect(outcome.intent).toBe('stop');
      expect(await userOf(asha.id)).toMatchObject({ whatsapp_enabled: false, whatsapp_notices_enabled: false });
      expect(reply).toMatchObject({ kind: 'text', origin: 'stop', to_number: asha.number, language, user_id: asha.id });
      expect(reply!.body).toMatch(words);
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'whatsapp.stop'), eq(auditLog.entity_id, String(asha.id))));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ actor_id: asha.id, outcome: 'success' });
    },
  );

  it('fails what was still queued for the person (a notice, their slip) instead of sending it', async () => {
    const asha = await person();
    const [notice] = await t.database.db
      .insert(whatsappDeliveries)
      .values({
        kind: 'template',
        origin: 'campaign',
        user_id: asha.id,
        to_number: asha.number,
        language: 'en',
        template_name: 'parade_notice',
      })
      .returning({ id: whatsappDeliveries.id });
    const [slipDelivery] = await t.database.db
      .insert(whatsappDeliveries)
      .values({ kind: 'payslip', payslip_id: asha.slipId, user_id: asha.id, to_number: asha.number, language: 'en' })
      .returning({ id: whatsappDeliveries.id });
    await answer(asha.number, 'STOP');
    for (const id of [notice!.id, slipDelivery!.id]) {
      const [row] = await t.database.db.select().from(whatsappDeliveries).where(eq(whatsappDeliveries.id, id));
      expect(row).toMatchObject({ state: 'failed', status_reason: expect.stringMatching(/STOP/) });
    }
  });

  it('from a number of nobody switches nobody off and sends nothing', async () => {
    const { outcome, reply } = await answer('919111000001', 'STOP');
    expect(outcome).toMatchObject({ intent: 'stop' });
    expect(reply).toBeUndefined();
  });
});

describe('a known person’s own request', () => {
  it('“payslip” gets their own latest slip, as a document inside the window their message opened', async () => {
    const asha = await person({ months: ['2026-09'] });
    const { outcome, reply, inbound } = await answer(asha.number, 'payslip');
    expect(outcome.intent).toBe('payslip');
    expect(reply).toMatchObject({
      kind: 'payslip',
      origin: 'self_service',
      payslip_id: asha.slipId,
      user_id: asha.id,
      reply_to_inbound_id: inbound.id,
    });
    expect(await workerSide(t).sending.run({ deliveryId: reply!.id })).toMatchObject({ outcome: 'sent' });
    const sent = await t.database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to_number, asha.number));
    expect(sent.map((row) => (row.body as { type: string }).type)).toEqual(['document']);
    expect(inbound).toMatchObject({ contact_name: 'Asha', user_id: asha.id });
  });

  it.each([
    ['en', 'payslip September 2026'],
    ['mr', 'पगार सप्टेंबर'],
    ['hi', 'सैलरी स्लिप सितंबर 2026'],
  ] as const)('in %s, “%s” gets the slip of the month named', async (language, text) => {
    const asha = await person({ language, months: ['2026-09'] });
    const { reply } = await answer(asha.number, text);
    expect(reply).toMatchObject({ kind: 'payslip', payslip_id: asha.others['2026-09'], language });
  });

  it.each([
    ['en', 'payslip March 2026', /no salary slip of yours for March 2026/],
    ['mr', 'पगार मार्च', /मार्च महिन्याची आपली वेतन पावती उपलब्ध नाही/],
    ['hi', 'सैलरी स्लिप मार्च', /मार्च की आपकी वेतन पर्ची उपलब्ध नहीं/],
  ] as const)('in %s, a month without a slip gets a text saying so', async (language, text, words) => {
    const asha = await person({ language });
    const { reply } = await answer(asha.number, text);
    expect(reply).toMatchObject({ kind: 'text', origin: 'self_service', language });
    expect(reply!.body).toMatch(words);
  });

  it.each([
    ['en', 'leave', /approved/],
    ['mr', 'रजा', /मंजूर/],
    ['hi', 'छुट्टी', /स्वीकृत/],
  ] as const)('in %s, “%s” gets the status of their latest leave request', async (language, text, words) => {
    const asha = await person({ language });
    await t.buildAppointment({
      user_id: asha.id,
      is_leave_appointment: true,
      status: 'approved',
      leave_start_date: '2026-12-01',
      leave_end_date: '2026-12-05',
    });
    const { outcome, reply } = await answer(asha.number, text);
    expect(outcome.intent).toBe('leave');
    expect(reply!.body).toMatch(words);
    expect(reply!.body).toContain('2026-12-01');
  });

  it('anything else gets the help text in their language', async () => {
    const asha = await person({ language: 'hi' });
    const { outcome, reply } = await answer(asha.number, 'नमस्ते');
    expect(outcome.intent).toBe('help');
    expect(reply!.body).toMatch(/सैलरी स्लिप/);
  });
});

describe('numbers self-service does not answer as a person', () => {
  it('a number of nobody gets the one fixed sentence and nothing else', async () => {
    const { outcome, reply } = await answer('919111000002', 'payslip');
    expect(outcome.intent).toBe('unknown_number');
    expect(reply).toMatchObject({ kind: 'text', body: UNKNOWN_NUMBER_REPLY, user_id: null });
  });

  it('a person whose number is not verified gets the same sentence, not their slip', async () => {
    const asha = await person({ verified: false });
    const { reply } = await answer(asha.number, 'payslip');
    expect(reply).toMatchObject({ kind: 'text', body: UNKNOWN_NUMBER_REPLY });
  });

  it('a number shared by two people (the BSUID one’s, the number another’s) gets the fixed sentence, no slip', async () => {
    const asha = await person();
    const ravi = await person();
    await writes(asha.number, 'hello', { bsuid: 'IN.bsuid.asha' });
    await handling().run({ inboundId: (await writes(asha.number, 'hi', { bsuid: 'IN.bsuid.asha' })).id });
    expect((await userOf(asha.id)).whatsapp_bsuid).toBe('IN.bsuid.asha');
    const { outcome, reply } = await answer(ravi.number, 'payslip', { bsuid: 'IN.bsuid.asha' });
    expect(outcome.intent).toBe('unknown_number');
    expect(reply).toMatchObject({ kind: 'text', body: UNKNOWN_NUMBER_REPLY });
  });

  it('a stored BSUID finds its person first: a STOP from another number switches them off', async () => {
    const asha = await person();
    await answer(asha.number, 'hello', { bsuid: 'IN.bsuid.first' });
    expect((await userOf(asha.id)).whatsapp_bsuid).toBe('IN.bsuid.first');
    const { outcome } = await answer('919111000003', 'STOP', { bsuid: 'IN.bsuid.first' });
    expect(outcome.intent).toBe('stop');
    expect((await userOf(asha.id)).whatsapp_enabled).toBe(false);
  });
});

describe('the switch and the limit', () => {
  it('with self-service off, a request is recorded `off` and nothing is sent', async () => {
    await setSelfService(t.database.db, false, new Date());
    const asha = await person();
    const { outcome, reply, inbound } = await answer(asha.number, 'payslip');
    expect(outcome.intent).toBe('off');
    expect(reply).toBeUndefined();
    const [row] = await t.database.db
      .select()
      .from(whatsappInboundMessages)
      .where(eq(whatsappInboundMessages.id, inbound.id));
    expect(row).toMatchObject({ intent: 'off', handled_at: expect.any(Date) });
  });

  it('answers 10 requests an hour from a number; the 11th is `limited` and gets nothing', async () => {
    const asha = await person();
    for (let i = 0; i < 10; i += 1) expect((await answer(asha.number, 'help')).reply).toBeDefined();
    const { outcome, reply } = await answer(asha.number, 'payslip');
    expect(outcome.intent).toBe('limited');
    expect(reply).toBeUndefined();
  });

  it('holds the hourly limit for a number of nobody when its messages are handled at the same moment', async () => {
    const stranger = '919811100099';
    const inbound = [];
    for (let i = 0; i < 12; i += 1) inbound.push(await writes(stranger, 'payslip'));
    const outcomes = await Promise.all(inbound.map((row) => handling().run({ inboundId: row.id })));
    const intents = outcomes.map((outcome) => outcome.intent);
    expect(intents.filter((intent) => intent === 'unknown_number')).toHaveLength(10);
    expect(intents.filter((intent) => intent === 'limited')).toHaveLength(2);
  });

  it('answers nothing to a reaction', async () => {
    const asha = await person();
    const inbound = await writes(asha.number, 'payslip');
    await t.database.db
      .update(whatsappInboundMessages)
      .set({ type: 'reaction' })
      .where(eq(whatsappInboundMessages.id, inbound.id));
    expect(await handling().run({ inboundId: inbound.id })).toEqual({ inboundId: inbound.id, intent: null });
    const replies = await t.database.db
      .select()
      .from(whatsappDeliveries)
      .where(eq(whatsappDeliveries.reply_to_inbound_id, inbound.id));
    expect(replies).toEqual([]);
  });

  it('handles a message once: a second run of its job queues nothing more', async () => {
    const asha = await person();
    const { inbound, outcome } = await answer(asha.number, 'leave');
    expect(await handling().run({ inboundId: inbound.id })).toEqual({ inboundId: inbound.id, intent: 'leave' });
    const replies = await t.database.db
      .select()
      .from(whatsappDeliveries)
      .where(eq(whatsappDeliveries.reply_to_inbound_id, inbound.id));
    expect(replies.map((row) => row.id)).toEqual([outcome.deliveryId]);
  });
});
