import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, payslips, users, whatsappInboundMessages, whatsappOutbox } from '../../db/schema/index.js';
import { createPayslipTestApp, type PayslipTestApp } from '../../test/payslip-fixtures.js';
import { buildSlip, deliveryReads, recordingJobs, scriptedProvider, workerSide } from '../../test/whatsapp-fixtures.js';
import { queueWhatsappMessage, type QueuedMessage } from './whatsapp.messages.queue.js';
import { WhatsappApiError } from './whatsapp.provider.js';

/** The send job for every kind of message (issue 31): texts inside the window, named templates, verification codes. */

vi.mock('../payslips/payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let t: PayslipTestApp;
let reads: ReturnType<typeof deliveryReads>;

beforeAll(async () => {
  t = await createPayslipTestApp();
  reads = deliveryReads(t, (await t.asUser({ role: 'admin' })).request);
});
afterAll(async () => t.close());

async function queue(message: Partial<QueuedMessage> & Pick<QueuedMessage, 'kind' | 'origin' | 'toNumber'>) {
  const { deliveryId } = await t.database.db.transaction((tx) =>
    queueWhatsappMessage(
      tx,
      recordingJobs(),
      { userId: null, language: 'en', requestedBy: null, ...message },
      new Date(),
    ),
  );
  return deliveryId;
}

let inbound = 0;
async function writes(from: string, at = new Date()) {
  inbound += 1;
  await t.database.db
    .insert(whatsappInboundMessages)
    .values({ wamid: `wamid.kinds.${inbound}`, from_number: from, type: 'text', body: 'hello', sent_at: at });
}

const auditOf = (deliveryId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity_type, 'whatsapp_delivery'), eq(auditLog.entity_id, String(deliveryId))));

describe('a text', () => {
  it('goes as a free-form text inside the window, stored by the outbox as Graph takes it, and is audited on the delivery', async () => {
    await writes('919800000101');
    const deliveryId = await queue({ kind: 'text', origin: 'message', toNumber: '919800000101', body: 'Report at 9' });
    expect(await workerSide(t).sending.run({ deliveryId })).toMatchObject({ outcome: 'sent' });
    const [stored] = await t.database.db
      .select()
      .from(whatsappOutbox)
      .where(eq(whatsappOutbox.to_number, '919800000101'));
    expect(stored!.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '919800000101',
      type: 'text',
      text: { body: 'Report at 9', preview_url: false },
    });
    expect(await reads.deliveryOf(deliveryId)).toMatchObject({ state: 'sent' });
    expect((await auditOf(deliveryId)).map((row) => row.action)).toEqual(['whatsapp.delivery']);
  });

  it('fails with the window’s reason when the person has not written within 24 hours, and nothing is sent', async () => {
    await writes('919800000102', new Date(Date.now() - 25 * 3600_000));
    const deliveryId = await queue({ kind: 'text', origin: 'message', toNumber: '919800000102', body: 'Hello' });
    const { provider, calls } = scriptedProvider();
    expect(await workerSide(t, provider).sending.run({ deliveryId })).toMatchObject({ outcome: 'failed' });
    expect(calls).toEqual([]);
    const delivery = await reads.deliveryOf(deliveryId);
    expect(delivery).toMatchObject({ state: 'failed', error_code: 131047 });
    expect(delivery.status_reason).toMatch(/24 hours/);
  });

  it('is given up, not resent as a template, when WhatsApp answers 131047', async () => {
    await writes('919800000103');
    const deliveryId = await queue({ kind: 'text', origin: 'message', toNumber: '919800000103', body: 'Hello' });
    const { provider, calls } = scriptedProvider([new WhatsappApiError('outside window', 131047, 400)]);
    expect(await workerSide(t, provider).sending.run({ deliveryId })).toMatchObject({ outcome: 'failed' });
    expect(calls.map((call) => call.kind)).toEqual(['text']);
    expect(await reads.deliveryOf(deliveryId)).toMatchObject({ state: 'failed', error_code: 131047 });
  });
});

describe('a named template', () => {
  it('goes in the delivery’s language with its body parameters, outside any window', async () => {
    const deliveryId = await queue({
      kind: 'template',
      origin: 'campaign',
      toNumber: '919800000104',
      language: 'mr',
      templateName: 'parade_notice',
      templateParams: ['Monday', '7:00'],
      body: 'Parade on Monday at 7:00',
    });
    const { provider, calls } = scriptedProvider();
    expect(await workerSide(t, provider).sending.run({ deliveryId })).toMatchObject({ outcome: 'sent' });
    expect(calls).toEqual([
      expect.objectContaining({
        kind: 'named_template',
        message: expect.objectContaining({
          name: 'parade_notice',
          language: 'mr',
          bodyParameters: ['Monday', '7:00'],
          copyCode: null,
        }),
      }),
    ]);
  });

  it('carries a verification code in the body and the copy-code button, and never in the audit', async () => {
    const deliveryId = await queue({
      kind: 'template',
      origin: 'verification',
      toNumber: '919800000105',
      templateName: 'sign_in_code',
      templateParams: ['482913'],
      body: null,
    });
    expect(await workerSide(t).sending.run({ deliveryId })).toMatchObject({ outcome: 'sent' });
    const [stored] = await t.database.db
      .select()
      .from(whatsappOutbox)
      .where(eq(whatsappOutbox.to_number, '919800000105'));
    expect(stored!.body).toMatchObject({
      type: 'template',
      template: {
        name: 'sign_in_code',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
        ],
      },
    });
    const audits = await auditOf(deliveryId);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain('482913');
    // Settled, the code is not kept in plain text.
    expect((await reads.deliveryOf(deliveryId)).template_params).toBeNull();
  });

  it('forgets the code when the verification message fails too', async () => {
    const deliveryId = await queue({
      kind: 'template',
      origin: 'verification',
      toNumber: '919800000106',
      templateName: 'sign_in_code',
      templateParams: ['771204'],
    });
    const { provider } = scriptedProvider([new WhatsappApiError('not a WhatsApp number', 131026, 400)]);
    expect(await workerSide(t, provider).sending.run({ deliveryId })).toMatchObject({ outcome: 'failed' });
    expect(await reads.deliveryOf(deliveryId)).toMatchObject({ state: 'failed', template_params: null });
  });
});

describe('the person, read again when the message goes', () => {
  const change = (userId: number, set: Partial<typeof users.$inferInsert>) =>
    t.database.db.update(users).set(set).where(eq(users.id, userId));

  /** Runs the delivery and answers its reason; nothing may have been handed to WhatsApp. */
  async function refused(deliveryId: number) {
    const { provider, calls } = scriptedProvider();
    expect(await workerSide(t, provider).sending.run({ deliveryId })).toMatchObject({ outcome: 'failed' });
    expect(calls).toEqual([]);
    const delivery = await reads.deliveryOf(deliveryId);
    expect(delivery.state).toBe('failed');
    return delivery.status_reason;
  }

  async function textTo(person: { userId: number; phone: string | null }, origin: 'message' | 'self_service') {
    const toNumber = `91${person.phone}`;
    await writes(toNumber);
    return queue({ kind: 'text', origin, toNumber, userId: person.userId, body: 'Report at 9' });
  }

  it('fails a message to a person who switched WhatsApp off after it was queued', async () => {
    const person = await buildSlip(t);
    const deliveryId = await textTo(person, 'message');
    await change(person.userId, { whatsapp_enabled: false });
    expect(await refused(deliveryId)).toBe('WhatsApp was switched off');
  });

  it('fails a self-service reply once the person’s number is no longer verified', async () => {
    const person = await buildSlip(t);
    const deliveryId = await textTo(person, 'self_service');
    await change(person.userId, { phone_verified_at: null });
    expect(await refused(deliveryId)).toBe('The person’s number is not verified');
  });

  it('fails a notice when notices were switched off, whatever WhatsApp’s own switch says', async () => {
    const person = await buildSlip(t);
    const deliveryId = await queue({
      kind: 'template',
      origin: 'campaign',
      toNumber: `91${person.phone}`,
      userId: person.userId,
      templateName: 'parade_notice',
      templateParams: ['Monday', '7:00'],
    });
    expect(await refused(deliveryId)).toBe('Notices were switched off');
  });

  it('fails a slip whose person’s number changed while it waited, and does not send it to the old number', async () => {
    const { slip, deliveryId } = await reads.queuedSlip();
    await change(slip.userId, { phone_number: '9812345670' });
    expect(await refused(deliveryId)).toBe('The person’s number changed');
    expect((await reads.slipOf(slip.id)).status).toBe('failed');
  });

  it('fails a message to a person made inactive or deleted', async () => {
    const inactive = await buildSlip(t);
    const first = await textTo(inactive, 'message');
    await change(inactive.userId, { is_active: false });
    expect(await refused(first)).toBe('The person is no longer active');
    const deleted = await buildSlip(t);
    const second = await textTo(deleted, 'message');
    await change(deleted.userId, { deleted_at: new Date() });
    expect(await refused(second)).toBe('The person is no longer active');
  });

  it('still confirms a STOP, which switched WhatsApp off', async () => {
    const person = await buildSlip(t);
    const toNumber = `91${person.phone}`;
    await writes(toNumber);
    await change(person.userId, { whatsapp_enabled: false, whatsapp_notices_enabled: false });
    const deliveryId = await queue({ kind: 'text', origin: 'stop', toNumber, userId: person.userId, body: 'Stopped' });
    expect(await workerSide(t).sending.run({ deliveryId })).toMatchObject({ outcome: 'sent' });
  });

  it('sends a code to a number not yet verified, with WhatsApp off, but not to a number since changed', async () => {
    const person = await buildSlip(t, { whatsapp_enabled: false, phone_verified: false });
    const code = { kind: 'template', origin: 'verification', templateName: 'sign_in_code' } as const;
    const toNumber = `91${person.phone}`;
    const sent = await queue({ ...code, toNumber, userId: person.userId, templateParams: ['100200'] });
    expect(await workerSide(t).sending.run({ deliveryId: sent })).toMatchObject({ outcome: 'sent' });
    const stale = await queue({ ...code, toNumber, userId: person.userId, templateParams: ['300400'] });
    await change(person.userId, { phone_number: '9812345671' });
    expect(await refused(stale)).toBe('The person’s number changed');
  });

  it('fails a code older than its 15 minutes instead of sending a dead code', async () => {
    const person = await buildSlip(t, { phone_verified: false });
    const deliveryId = await queue({
      kind: 'template',
      origin: 'verification',
      toNumber: `91${person.phone}`,
      userId: person.userId,
      templateName: 'sign_in_code',
      templateParams: ['500600'],
    });
    const { provider, calls } = scriptedProvider();
    const later = () => new Date(Date.now() + 16 * 60_000);
    expect(await workerSide(t, provider, later).sending.run({ deliveryId })).toMatchObject({ outcome: 'failed' });
    expect(calls).toEqual([]);
    expect(await reads.deliveryOf(deliveryId)).toMatchObject({
      state: 'failed',
      status_reason: 'The code expired before it could be sent',
      template_params: null,
    });
  });
});

describe('a self-service slip', () => {
  it('goes as a document inside the window the person opened', async () => {
    const slip = await buildSlip(t);
    await writes(`91${slip.phone}`);
    const deliveryId = await queue({
      kind: 'payslip',
      origin: 'self_service',
      toNumber: `91${slip.phone}`,
      payslipId: slip.id,
      userId: slip.userId,
    });
    const { provider, calls } = scriptedProvider();
    expect(await workerSide(t, provider).sending.run({ deliveryId })).toMatchObject({ outcome: 'sent' });
    expect(calls.map((call) => call.kind)).toEqual(['upload', 'document']);
    // The slip's own status is its send's, not a copy's the person asked for.
    const [row] = await t.database.db.select().from(payslips).where(eq(payslips.id, slip.id));
    expect(row!.status).toBe('generated');
  });

  // Delivered cannot move back to failed anyway (forward only); sent can, by a copy's failure too.
  it.each(['sent', 'delivered'])('failing, leaves a %s slip as it was', async (status) => {
    const slip = await buildSlip(t, { status });
    await writes(`91${slip.phone}`);
    const deliveryId = await queue({
      kind: 'payslip',
      origin: 'self_service',
      toNumber: `91${slip.phone}`,
      payslipId: slip.id,
      userId: slip.userId,
    });
    const { provider } = scriptedProvider([new WhatsappApiError('not a WhatsApp number', 131026, 400)]);
    expect(await workerSide(t, provider).sending.run({ deliveryId })).toMatchObject({ outcome: 'failed' });
    expect(await reads.deliveryOf(deliveryId)).toMatchObject({ state: 'failed' });
    const [row] = await t.database.db.select().from(payslips).where(eq(payslips.id, slip.id));
    expect(row!.status).toBe(status);
  });
});
