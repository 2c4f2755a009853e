import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { WHATSAPP_BULK_SEND_MAX, ZWhatsappSendResponse } from '@srpf/shared';
import { auditLog, payslips, whatsappDeliveries, whatsappOutbox } from '../../db/schema/index.js';
import { createPayslipTestApp, type PayslipTestApp, type Request } from '../../test/payslip-fixtures.js';
import { buildSlip, workerSide } from '../../test/whatsapp-fixtures.js';

/** POST /api/payslips/:id/send and /bulk-send: queued once, skip reasons, company scope, refused people, bad input, the outbox. */

vi.mock('../payslips/payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let t: PayslipTestApp;
let asAdmin: Request;
/** manage_payslips for company 1 only. */
let asClerk: Request;
let clerkId: number;
let asViewer: Request;
let companyB: number;

const send = (request: Request, id: number | string) => request({ method: 'POST', url: `/api/payslips/${id}/send` });
const bulk = (request: Request, payload: unknown) =>
  request({ method: 'POST', url: '/api/payslips/bulk-send', payload: payload as object });
const statusOf = async (id: number) =>
  (await t.database.db.select({ status: payslips.status }).from(payslips).where(eq(payslips.id, id)))[0]?.status;
const deliveriesOf = (ids: number[]) =>
  t.database.db.select().from(whatsappDeliveries).where(inArray(whatsappDeliveries.payslip_id, ids));
const sendJobs = async (deliveryIds: number[]) => {
  const result = await t.database.db.execute(sql`select data from pgboss.job where name = 'whatsapp.send'`);
  const all = (result as { rows: { data: { deliveryId: number } }[] }).rows.map((row) => row.data.deliveryId);
  return all.filter((id) => deliveryIds.includes(id));
};

function parsed(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  return ZWhatsappSendResponse.parse(response.json()).data;
}

beforeAll(async () => {
  t = await createPayslipTestApp();
  asAdmin = (await t.asUser({ role: 'admin' })).request;
  const clerk = await t.asUser({ role: 'viewer', granted_permissions: ['manage_payslips'], company_id: 1 });
  asClerk = clerk.request;
  clerkId = clerk.id;
  asViewer = (await t.asUser({ role: 'viewer' })).request;
  companyB = (await t.buildCompany({ name: 'Group 2 Pune' })).id;
});
afterAll(async () => t.close());

describe('POST /api/payslips/:id/send', () => {
  it('queues the slip with its delivery and job, says plainly the outbox delivers nothing, and the worker stores the message as sent', async () => {
    const slip = await buildSlip(t, { whatsapp_language: 'mr', phone_number: '9876500011' });
    const data = parsed(await send(asClerk, slip.id));
    expect(data).toMatchObject({ queued: [slip.id], skipped: [], provider: 'outbox' });
    expect(data.message).toMatch(/nothing is delivered to anyone/);
    expect(await statusOf(slip.id)).toBe('queued');
    const [delivery] = await deliveriesOf([slip.id]);
    expect(delivery).toMatchObject({
      state: 'queued',
      to_number: '919876500011',
      language: 'mr',
      requested_by: clerkId,
    });
    expect(await sendJobs([delivery!.id])).toEqual([delivery!.id]);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payslip.send'), eq(auditLog.actor_id, clerkId)));
    expect(row?.details).toMatchObject({ queued: 1, skipped: 0, provider: 'outbox' });

    // The worker (here called directly) hands it to the outbox: stored exactly as the Graph API would get it.
    const { sending } = workerSide(t);
    expect(await sending.run({ deliveryId: delivery!.id })).toMatchObject({ outcome: 'sent' });
    expect(await statusOf(slip.id)).toBe('sent');
    const outbox = await t.database.db.select().from(whatsappOutbox).orderBy(whatsappOutbox.id);
    const upload = outbox.at(-2)!;
    const message = outbox.at(-1)!;
    expect(upload).toMatchObject({ path: '/outbox/media', to_number: null });
    expect(upload.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'application/pdf',
      file: { content_type: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) },
    });
    const [after] = await deliveriesOf([slip.id]);
    expect(after).toMatchObject({ state: 'sent', wamid: `wamid.outbox.${message.id}` });
    expect(message).toMatchObject({ path: '/outbox/messages', to_number: '919876500011' });
    expect(message.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876500011',
      type: 'template',
      template: {
        name: 'payslip',
        language: { code: 'mr' },
        components: [
          {
            type: 'header',
            parameters: [
              {
                type: 'document',
                document: { id: `media.outbox.${upload.id}`, filename: expect.stringMatching(/\.pdf$/) },
              },
            ],
          },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: expect.stringMatching(/^Sunil Patil/) },
              { type: 'text', text: 'ऑक्टोबर २०२६' },
            ],
          },
        ],
      },
      biz_opaque_callback_data: message.attempt_key,
    });
    // Running the job again sends nothing more.
    expect(await sending.run({ deliveryId: delivery!.id })).toMatchObject({ outcome: 'done' });
    expect(await t.database.db.select().from(whatsappOutbox)).toHaveLength(outbox.length);
  });

  it('skips a slip already queued or sent, and sends a failed or needs_check slip again', async () => {
    const slip = await buildSlip(t);
    parsed(await send(asAdmin, slip.id));
    expect(parsed(await send(asAdmin, slip.id))).toMatchObject({
      queued: [],
      skipped: [{ payslip_id: slip.id, reason: 'already_sent' }],
    });
    for (const status of ['sent', 'delivered', 'read']) {
      const other = await buildSlip(t, { status });
      expect(parsed(await send(asAdmin, other.id)).skipped).toEqual([{ payslip_id: other.id, reason: 'already_sent' }]);
    }
    for (const status of ['failed', 'needs_check']) {
      const other = await buildSlip(t, { status });
      expect(parsed(await send(asAdmin, other.id)).queued).toEqual([other.id]);
      expect(await statusOf(other.id)).toBe('queued');
    }
    expect(await deliveriesOf([slip.id])).toHaveLength(1);
  });

  it.each([
    ['no_phone', { phone_number: null }],
    ['no_phone', { phone_number: '12345' }],
    ['whatsapp_disabled', { whatsapp_enabled: false }],
    ['number_not_verified', { phone_verified: false }],
    ['inactive', { is_active: false }],
    ['pdf_not_ready', { pdf: false }],
  ] as const)('skips with %s', async (reason, options) => {
    const slip = await buildSlip(t, options);
    expect(parsed(await send(asClerk, slip.id))).toMatchObject({
      queued: [],
      skipped: [{ payslip_id: slip.id, reason }],
    });
    expect(await statusOf(slip.id)).toBe('generated');
    expect(await deliveriesOf([slip.id])).toHaveLength(0);
  });

  it('answers 404 for a slip of another company or none at all, queues nothing, and audits the refusal', async () => {
    const other = await buildSlip(t, { company_id: companyB });
    for (const id of [other.id, 999_999]) {
      const response = await send(asClerk, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    expect(await deliveriesOf([other.id])).toHaveLength(0);
    const refused = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payslip.send'), eq(auditLog.outcome, 'failure'), eq(auditLog.actor_id, clerkId)));
    expect(refused.length).toBeGreaterThanOrEqual(1);
    // The administrator reaches every company.
    expect(parsed(await send(asAdmin, other.id)).queued).toEqual([other.id]);
  });

  it('answers 400 for an id that is not a positive whole number', async () => {
    for (const id of ['abc', '0', '-1', '1.5']) {
      const response = await send(asAdmin, id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
  });
});

describe('POST /api/payslips/bulk-send', () => {
  it('queues many in one go, each duplicate once, and lists every skip with its reason', async () => {
    const ready = [await buildSlip(t), await buildSlip(t)];
    const noPhone = await buildSlip(t, { phone_number: null });
    const waiting = await buildSlip(t, { pdf: false });
    const ids = [ready[0]!.id, ready[1]!.id, ready[0]!.id, noPhone.id, waiting.id];
    const data = parsed(await bulk(asClerk, { payslip_ids: ids }));
    expect(data.queued).toEqual([ready[0]!.id, ready[1]!.id]);
    expect(data.skipped).toEqual([
      { payslip_id: noPhone.id, reason: 'no_phone' },
      { payslip_id: waiting.id, reason: 'pdf_not_ready' },
    ]);
    expect(data.message).toMatch(/^2 payslips queued for WhatsApp, 2 payslips skipped\./);
    const deliveries = await deliveriesOf([ready[0]!.id, ready[1]!.id]);
    expect(deliveries).toHaveLength(2);
    expect((await sendJobs(deliveries.map((d) => d.id))).sort()).toEqual(deliveries.map((d) => d.id).sort());
  });

  it('queues each slip once when the same selection is sent twice at the same time', async () => {
    const slips = await Promise.all([buildSlip(t), buildSlip(t), buildSlip(t)]);
    const ids = slips.map((slip) => slip.id);
    const [first, second] = (
      await Promise.all([bulk(asAdmin, { payslip_ids: ids }), bulk(asAdmin, { payslip_ids: ids })])
    ).map(parsed);
    expect([...first!.queued, ...second!.queued].sort()).toEqual([...ids].sort());
    expect([...first!.skipped, ...second!.skipped].map((skip) => skip.reason)).toEqual([
      'already_sent',
      'already_sent',
      'already_sent',
    ]);
    expect(await deliveriesOf(ids)).toHaveLength(3);
  });

  it('answers 404 for the whole request when one id is out of scope, and queues nothing', async () => {
    const mine = await buildSlip(t);
    const theirs = await buildSlip(t, { company_id: companyB });
    const response = await bulk(asClerk, { payslip_ids: [mine.id, theirs.id] });
    expect(response.statusCode).toBe(404);
    expect(await deliveriesOf([mine.id, theirs.id])).toHaveLength(0);
    expect(await statusOf(mine.id)).toBe('generated');
    expect((await bulk(asClerk, { payslip_ids: [mine.id, 987_654] })).statusCode).toBe(404);
  });

  it.each([
    ['a body that is not an object', [1, 2]],
    ['ids that are not a list', { payslip_ids: 5 }],
    ['an empty list', { payslip_ids: [] }],
    ['id 0', { payslip_ids: [0] }],
    ['a negative id', { payslip_ids: [-1] }],
    ['ids as strings', { payslip_ids: ['1'] }],
    ['a fraction', { payslip_ids: [1.5] }],
    ['too many ids', { payslip_ids: Array.from({ length: WHATSAPP_BULK_SEND_MAX + 1 }, (_, index) => index + 1) }],
    ['no body', undefined],
  ])('answers 400 for %s', async (_label, payload) => {
    const response = await bulk(asAdmin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('who may send', () => {
  it('refuses people without manage_payslips (403), their own slip too, and the signed-out (401)', async () => {
    const slip = await buildSlip(t);
    const owner = await t.asUser({ role: 'viewer' });
    await t.database.db.update(payslips).set({ user_id: owner.id }).where(eq(payslips.id, slip.id));
    for (const request of [asViewer, owner.request]) {
      expect((await send(request, slip.id)).statusCode).toBe(403);
      expect((await bulk(request, { payslip_ids: [slip.id] })).statusCode).toBe(403);
      expect((await request({ method: 'POST', url: `/api/payslips/${slip.id}/mark-sent` })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/payslips/${slip.id}/send` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payslips/bulk-send', payload: { payslip_ids: [slip.id] } }))
        .statusCode,
    ).toBe(401);
    expect(await deliveriesOf([slip.id])).toHaveLength(0);
  });
});
