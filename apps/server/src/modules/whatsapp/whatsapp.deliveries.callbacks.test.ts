import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, payslips, whatsappAttempts, whatsappDeliveries, whatsappQueueState } from '../../db/schema/index.js';
import { createPayslipTestApp, type PayslipTestApp, type Request } from '../../test/payslip-fixtures.js';
import { deliveryReads, scriptedProvider, workerSide, type SlipOptions } from '../../test/whatsapp-fixtures.js';
import type { WhatsappStatusEvent } from './whatsapp.callbacks.js';
import type { WhatsappProvider } from './whatsapp.provider.js';

/** Status callbacks applied forward only, in any order and more than once; failures by the error table; template pauses. */

vi.mock('../payslips/payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let t: PayslipTestApp;
let asAdmin: Request;
const settings = { payslipTemplate: 'srpf_payslip' };

/** A slip sent (accepted by a provider that answers at once): its ids, the message id and the attempt's key. */
async function sentSlip(options: SlipOptions = {}, accept = true) {
  const { slip, deliveryId } = await deliveryReads(t, asAdmin).queuedSlip(options);
  const scripted = scriptedProvider(accept ? [] : [new Error('socket hang up')]);
  await workerSide(t, scripted.provider, undefined, settings).sending.run({ deliveryId });
  const [attempt] = await deliveryReads(t, asAdmin).attemptsOf(deliveryId);
  return { slipId: slip.id, deliveryId, wamid: `wamid.cb.${deliveryId}`, attempt: attempt! };
}

async function useWamid(sent: Awaited<ReturnType<typeof sentSlip>>) {
  await t.database.db
    .update(whatsappDeliveries)
    .set({ wamid: sent.wamid })
    .where(eq(whatsappDeliveries.id, sent.deliveryId));
  await t.database.db
    .update(whatsappAttempts)
    .set({ wamid: sent.wamid })
    .where(eq(whatsappAttempts.id, sent.attempt.id));
}

const worker = () => workerSide(t, undefined, undefined, settings);
const event = (
  sent: { wamid: string; attempt: { key: string } },
  status: string,
  extra: Partial<WhatsappStatusEvent> = {},
) => ({
  wamid: sent.wamid,
  status,
  at: new Date(),
  callbackData: sent.attempt.key,
  recipient: '919800000000',
  ...extra,
});
async function deliver(events: WhatsappStatusEvent[], side = worker()) {
  for (const item of events) await t.database.db.transaction((tx) => side.callbacks.onStatus(tx, item));
  return side;
}
const stateOf = async (sent: { slipId: number; deliveryId: number }) => ({
  delivery: (
    await t.database.db.select().from(whatsappDeliveries).where(eq(whatsappDeliveries.id, sent.deliveryId))
  )[0]!,
  slip: (await t.database.db.select().from(payslips).where(eq(payslips.id, sent.slipId)))[0]!,
});

function orders<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    orders([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

beforeAll(async () => {
  t = await createPayslipTestApp();
  asAdmin = (await t.asUser({ role: 'admin' })).request;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.update(whatsappQueueState).set({ paused_at: null, pause_code: null, pause_reason: null });
});

const failed = (code: number) => ({ error: { code, title: `title ${code}`, details: `details ${code}` } });

describe('onStatus: forward only, any order', () => {
  it.each(orders(['sent', 'delivered', 'read', 'failed']).map((order) => [order.join(' → '), order]))(
    '%s ends read',
    async (_label, order) => {
      const sent = await sentSlip();
      await deliver(order.map((status) => event(sent, status, status === 'failed' ? failed(131026) : {})));
      const { delivery, slip } = await stateOf(sent);
      expect(delivery.state).toBe('read');
      expect(slip.status).toBe('read');
    },
  );

  it.each(orders(['sent', 'delivered', 'failed']).map((order) => [order.join(' → '), order]))(
    '%s ends delivered (delivered wins over failed)',
    async (_label, order) => {
      const sent = await sentSlip();
      await deliver(order.map((status) => event(sent, status, status === 'failed' ? failed(131026) : {})));
      expect((await stateOf(sent)).slip.status).toBe('delivered');
    },
  );

  it('keeps a failure when its message’s sent arrives late: the retry stays queued, a given-up slip stays failed', async () => {
    const retried = await sentSlip();
    await deliver([event(retried, 'failed', failed(131000)), event(retried, 'sent')]);
    expect((await stateOf(retried)).delivery.state).toBe('queued');
    expect((await stateOf(retried)).slip.status).toBe('queued');

    const givenUp = await sentSlip();
    await deliver([event(givenUp, 'failed', failed(131026)), event(givenUp, 'sent')]);
    expect((await stateOf(givenUp)).slip).toMatchObject({
      status: 'failed',
      status_reason: expect.stringMatching(/131026/),
    });
  });

  it('keeps a failed callback that came before the worker recorded WhatsApp’s answer', async () => {
    const { slip, deliveryId } = await deliveryReads(t, asAdmin).queuedSlip();
    const scripted = scriptedProvider();
    // WhatsApp accepts the message and reports it failed before the worker has written the acceptance down.
    const racing: WhatsappProvider = {
      ...scripted.provider,
      async sendTemplate(message, signal) {
        const answer = await scripted.provider.sendTemplate(message, signal);
        await deliver([
          event({ wamid: answer.wamid, attempt: { key: message.callbackData } }, 'failed', failed(131026)),
        ]);
        return answer;
      },
    };
    const outcome = await workerSide(t, racing, undefined, settings).sending.run({ deliveryId });
    expect(outcome).toMatchObject({ outcome: 'stale' });
    expect((await stateOf({ slipId: slip.id, deliveryId })).slip.status).toBe('failed');
  });

  it('applies a repeated status once and audits each change once', async () => {
    const sent = await sentSlip();
    await deliver(['sent', 'delivered', 'delivered', 'sent', 'delivered'].map((status) => event(sent, status)));
    expect((await stateOf(sent)).slip.status).toBe('delivered');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payslip.delivery'), eq(auditLog.entity_id, String(sent.slipId))));
    // The worker's accepted, then the callback's delivered.
    expect(rows.map((row) => (row.details as { to: string }).to)).toEqual(['sent', 'delivered']);
  });

  it('finds the delivery by message id when the key is missing or not a key, and stores the pricing category', async () => {
    const sent = await sentSlip();
    await useWamid(sent);
    await deliver([
      event(sent, 'delivered', { callbackData: undefined, pricingCategory: 'utility' }),
      event(sent, 'read', { callbackData: 'not-a-key' }),
    ]);
    const { delivery, slip } = await stateOf(sent);
    expect(delivery).toMatchObject({ state: 'read', pricing_category: 'utility' });
    expect(slip.status).toBe('read');
  });

  it('ignores a status of a message that is not a slip’s', async () => {
    await deliver([
      event({ wamid: 'wamid.unknown', attempt: { key: '00000000-0000-4000-8000-000000000000' } }, 'delivered'),
    ]);
  });

  it('settles an attempt whose answer was lost: unknown becomes accepted, the slip delivered', async () => {
    const sent = await sentSlip({}, false);
    expect(sent.attempt.outcome).toBe('unknown');
    expect((await stateOf(sent)).delivery.state).toBe('queued');
    await deliver([event(sent, 'delivered')]);
    const [attempt] = await t.database.db
      .select()
      .from(whatsappAttempts)
      .where(eq(whatsappAttempts.id, sent.attempt.id));
    expect(attempt).toMatchObject({ outcome: 'accepted', wamid: sent.wamid });
    const { delivery, slip } = await stateOf(sent);
    expect(delivery).toMatchObject({ state: 'delivered', wamid: sent.wamid });
    expect(slip.status).toBe('delivered');
  });
});

describe('onStatus: a failed status by the error table', () => {
  it('retries a passing error: the slip back in the queue, its job enqueued for later', async () => {
    const sent = await sentSlip();
    const side = await deliver([event(sent, 'failed', failed(131000))]);
    const { delivery, slip } = await stateOf(sent);
    expect(delivery).toMatchObject({ state: 'queued', waiting_for: 'retry', error_code: 131000 });
    expect(slip.status).toBe('queued');
    expect(side.jobs.enqueued).toEqual([
      {
        name: 'whatsapp.send',
        data: { deliveryId: sent.deliveryId },
        options: { singletonKey: `delivery:${sent.deliveryId}`, startAfter: delivery.not_before },
      },
    ]);
    // The same failure again changes nothing.
    const again = await deliver([event(sent, 'failed', failed(131000))]);
    expect(again.jobs.enqueued).toEqual([]);
  });

  it('gives up with the reason recorded', async () => {
    const sent = await sentSlip();
    await deliver([event(sent, 'failed', failed(131051))]);
    const { delivery, slip } = await stateOf(sent);
    expect(delivery).toMatchObject({ state: 'failed', error_code: 131051 });
    expect(slip).toMatchObject({
      status: 'failed',
      status_reason: 'WhatsApp could not deliver the message: title 131051: details 131051 (code 131051)',
    });
  });

  it('pauses the queue and holds the slip until the resume', async () => {
    const sent = await sentSlip();
    const side = await deliver([event(sent, 'failed', failed(131031))]);
    const [queue] = await t.database.db.select().from(whatsappQueueState);
    expect(queue).toMatchObject({ pause_code: 131031 });
    expect(queue!.paused_at).not.toBeNull();
    expect((await stateOf(sent)).delivery).toMatchObject({ state: 'queued', waiting_for: 'paused' });
    expect(side.jobs.enqueued).toEqual([]);
  });

  it('sends the template at once after a free-form message failed for the closed window', async () => {
    const sent = await sentSlip();
    await t.database.db
      .update(whatsappAttempts)
      .set({ kind: 'document' })
      .where(eq(whatsappAttempts.id, sent.attempt.id));
    const side = await deliver([event(sent, 'failed', failed(131047))]);
    expect((await stateOf(sent)).delivery).toMatchObject({ state: 'queued', not_before: null });
    expect(side.jobs.enqueued).toEqual([
      {
        name: 'whatsapp.send',
        data: { deliveryId: sent.deliveryId },
        options: { singletonKey: `delivery:${sent.deliveryId}` },
      },
    ]);
    const scripted = scriptedProvider();
    const later = workerSide(t, scripted.provider, () => new Date(Date.now() + 7_000), settings);
    expect(await later.sending.run({ deliveryId: sent.deliveryId })).toMatchObject({ outcome: 'sent' });
    expect(scripted.calls.map((call) => call.kind)).toContain('template');
    expect(scripted.calls.map((call) => call.kind)).not.toContain('document');
  });
});

describe('onTemplateStatus', () => {
  it.each([
    ['PAUSED', 132015],
    ['DISABLED', 132016],
  ])('pauses the queue when the payslip template is %s', async (status, code) => {
    const side = worker();
    await t.database.db.transaction((tx) =>
      side.callbacks.onTemplateStatus(tx, {
        templateName: 'srpf_payslip',
        language: 'mr',
        event: status,
        reason: 'LOW_QUALITY',
      }),
    );
    const [queue] = await t.database.db.select().from(whatsappQueueState);
    expect(queue).toMatchObject({ pause_code: code, pause_reason: expect.stringMatching(/srpf_payslip \(mr\)/) });
  });

  it('leaves the queue alone for another template or an approval', async () => {
    const side = worker();
    await t.database.db.transaction(async (tx) => {
      await side.callbacks.onTemplateStatus(tx, { templateName: 'otp_code', event: 'DISABLED' });
      await side.callbacks.onTemplateStatus(tx, { templateName: 'srpf_payslip', event: 'APPROVED' });
    });
    const [queue] = await t.database.db.select().from(whatsappQueueState);
    expect(queue!.paused_at).toBeNull();
  });
});
