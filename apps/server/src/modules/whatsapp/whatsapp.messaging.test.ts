import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZMessagesResponse, ZMessagingSettingsResponse, ZMessagingStatsResponse } from '@srpf/shared';
import { auditLog, whatsappDeliveries, whatsappInboundMessages, whatsappQueueState } from '../../db/schema/index.js';
import { forceDate } from '../../lib/clock.js';
import { createPayslipTestApp, type PayslipTestApp, type Request } from '../../test/payslip-fixtures.js';
import { buildSlip } from '../../test/whatsapp-fixtures.js';

/**
 * The messaging overview's reads (issue 31): GET /api/whatsapp/stats, /messages, /messages/export and
 * /settings against hand-counted messages, scoped to the reader's companies; numbers of nobody for
 * administrators only; refusals and bad input.
 */

let t: PayslipTestApp;
let asAdmin: Request;
let adminId: number;
/** send_whatsapp for company 1 only. */
let asClerk: Request;
/** manage_payslips without send_whatsapp. */
let asSlipClerk: Request;
let asViewer: Request;
const HOUR = 60 * 60 * 1000;
const now = Date.now();
const ago = (ms: number) => new Date(now - ms);
/** The seeded rows' moments, for the billable months. */
const slipSentAt = ago(72 * HOUR);
const codeSentAt = ago(48 * HOUR);

beforeAll(async () => {
  t = await createPayslipTestApp();
  const admin = await t.asUser({ role: 'admin' });
  asAdmin = admin.request;
  adminId = admin.id;
  asClerk = (await t.asUser({ role: 'viewer', granted_permissions: ['send_whatsapp'], company_id: 1 })).request;
  asSlipClerk = (await t.asUser({ role: 'viewer', granted_permissions: ['manage_payslips'], company_id: 1 })).request;
  asViewer = (await t.asUser({ role: 'viewer' })).request;
  const companyB = (await t.buildCompany({ name: 'Group 2 Pune' })).id;

  const db = t.database.db;
  // Person A (company 1), with a slip; person B (company 2).
  const a = await buildSlip(t, { phone_number: '9800000001', pdf: false, month: '2026-10' });
  const b = await buildSlip(t, { phone_number: '9800000002', pdf: false, company_id: companyB });
  const out = (values: Partial<typeof whatsappDeliveries.$inferInsert>) =>
    db.insert(whatsappDeliveries).values({
      kind: 'text',
      origin: 'message',
      to_number: '919800000001',
      language: 'en',
      user_id: a.userId,
      ...values,
      updated_at: values.created_at,
    });
  const [askA] = await db
    .insert(whatsappInboundMessages)
    .values({
      wamid: 'wamid.in-a',
      from_number: '919800000001',
      user_id: a.userId,
      type: 'text',
      body: 'Need my slip',
      sent_at: ago(5 * HOUR),
    })
    .returning();
  await out({ body: 'Sent, please check', state: 'read', created_at: ago(4 * HOUR), reply_to_inbound_id: askA!.id });
  await out({
    kind: 'payslip',
    origin: 'payslip_send',
    payslip_id: a.id,
    state: 'delivered',
    created_at: slipSentAt,
    pricing_category: 'utility',
  });
  await out({
    kind: 'template',
    origin: 'verification',
    template_name: 'auth_code',
    body: 'Your code is 482913',
    state: 'sent',
    created_at: codeSentAt,
    pricing_category: 'authentication',
  });
  await out({ body: '=HYPERLINK("http://evil.test")', state: 'failed', created_at: ago(24 * HOUR) });
  await db.insert(whatsappInboundMessages).values({
    wamid: 'wamid.in-b',
    from_number: '919800000002',
    user_id: b.userId,
    type: 'text',
    body: 'Leave status?',
    sent_at: ago(2 * HOUR),
  });
  // Forty days ago: outside the 30-day window.
  await out({
    kind: 'template',
    origin: 'campaign',
    template_name: 'notice',
    body: 'Old notice',
    to_number: '919800000002',
    user_id: b.userId,
    state: 'delivered',
    created_at: ago(40 * 24 * HOUR),
  });
  // A number of nobody, and the answer to it.
  const [stranger] = await db
    .insert(whatsappInboundMessages)
    .values({
      wamid: 'wamid.in-x',
      from_number: '919999999999',
      contact_name: 'Stranger',
      type: 'text',
      body: 'Hello',
      sent_at: ago(1 * HOUR),
    })
    .returning();
  await out({
    body: 'Who is this?',
    to_number: '919999999999',
    user_id: null,
    state: 'sent',
    created_at: ago(0.5 * HOUR),
    reply_to_inbound_id: stranger!.id,
  });
});
afterAll(async () => t.close());

const get = (request: Request, url: string) => request({ method: 'GET', url });
async function statsOf(request: Request, query = '') {
  const response = await get(request, `/api/whatsapp/stats${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZMessagingStatsResponse.parse(response.json()).data.stats;
}
async function messagesOf(request: Request, query = '') {
  const response = await get(request, `/api/whatsapp/messages${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZMessagesResponse.parse(response.json());
}

describe('GET /api/whatsapp/stats', () => {
  it('counts the last 30 days by hand: 5 out (4 sent, 1 failed), 3 in, 3 numbers, 2 of 3 answered within 24 h', async () => {
    expect(await statsOf(asAdmin)).toEqual({
      total_messages: 8,
      sent_messages: 4,
      received_messages: 3,
      unique_contacts: 3,
      failed_messages: 1,
      response_rate: 66.7,
      days: 30,
    });
  });

  it('takes a longer window: the 40-day-old notice counts with days=60', async () => {
    expect(await statsOf(asAdmin, '?days=60')).toMatchObject({ total_messages: 9, sent_messages: 5, days: 60 });
  });

  it("counts for a company's clerk only their company's people, never a number of nobody", async () => {
    expect(await statsOf(asClerk)).toEqual({
      total_messages: 5,
      sent_messages: 3,
      received_messages: 1,
      unique_contacts: 1,
      failed_messages: 1,
      response_rate: 100,
      days: 30,
    });
  });

  it('refuses a bad window with 400 and people without send_whatsapp with 403', async () => {
    for (const query of ['?days=0', '?days=91', '?days=seven']) {
      const response = await get(asAdmin, `/api/whatsapp/stats${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await get(asSlipClerk, '/api/whatsapp/stats')).statusCode).toBe(403);
    expect((await get(asViewer, '/api/whatsapp/stats')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/whatsapp/stats' })).statusCode).toBe(401);
  });
});

describe('GET /api/whatsapp/messages', () => {
  it('lists every message newest first with the spec fields, a slip by its month and never a code', async () => {
    const { data, pagination } = await messagesOf(asAdmin);
    expect(pagination).toMatchObject({ page: 1, limit: 50, total: 9, totalPages: 1 });
    expect(data.map((message) => message.body)).toEqual([
      'Who is this?',
      'Hello',
      'Leave status?',
      'Sent, please check',
      'Need my slip',
      '=HYPERLINK("http://evil.test")',
      'Verification code',
      'Salary slip 2026-10',
      'Old notice',
    ]);
    expect(JSON.stringify(data)).not.toContain('482913');
    expect(data[0]).toMatchObject({
      id: expect.stringMatching(/^out-\d+$/),
      from_number: 'srpf',
      to_number: '919999999999',
      contact_name: 'Stranger',
      status: 'sent',
      direction: 'outbound',
      message_type: 'text',
    });
    expect(data[1]).toMatchObject({
      id: expect.stringMatching(/^in-\d+$/),
      from_number: '919999999999',
      to_number: 'srpf',
      status: 'received',
      direction: 'inbound',
    });
    expect(data[4]!.contact_name).toMatch(/^Sunil Patil\d+$/);
    expect(new Set(data.map((message) => message.id)).size).toBe(9);
  });

  it('searches names, numbers and text, and filters by status and direction', async () => {
    expect((await messagesOf(asAdmin, '?search=stranger')).data.map((m) => m.body)).toEqual(['Who is this?', 'Hello']);
    expect((await messagesOf(asAdmin, '?search=9800000002')).pagination.total).toBe(2);
    expect((await messagesOf(asAdmin, '?status=failed')).data.map((m) => m.body)).toEqual([
      '=HYPERLINK("http://evil.test")',
    ]);
    expect((await messagesOf(asAdmin, '?direction=inbound')).pagination.total).toBe(3);
    expect((await messagesOf(asAdmin, '?search=100%25')).pagination.total).toBe(0);
  });

  it('pages', async () => {
    const { data, pagination } = await messagesOf(asAdmin, '?limit=2&page=2');
    expect(data.map((m) => m.body)).toEqual(['Leave status?', 'Sent, please check']);
    expect(pagination).toMatchObject({ page: 2, limit: 2, total: 9, totalPages: 5, hasNext: true, hasPrev: true });
  });

  it("shows a company's clerk only their company's people", async () => {
    const { data, pagination } = await messagesOf(asClerk);
    expect(pagination.total).toBe(5);
    expect(data.every((message) => [message.from_number, message.to_number].includes('919800000001'))).toBe(true);
    expect((await messagesOf(asClerk, '?search=Stranger')).pagination.total).toBe(0);
  });

  it('refuses bad filters with 400 and people without send_whatsapp with 403', async () => {
    for (const query of ['?limit=0', '?limit=201', '?status=bogus', '?direction=sideways', '?page=0']) {
      const response = await get(asAdmin, `/api/whatsapp/messages${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await get(asSlipClerk, '/api/whatsapp/messages')).statusCode).toBe(403);
    expect((await get(asViewer, '/api/whatsapp/messages')).statusCode).toBe(403);
  });
});

describe('GET /api/whatsapp/messages/export', () => {
  const exportOf = async (request: Request, query = '') => {
    const response = await get(request, `/api/whatsapp/messages/export${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const linesOf = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('downloads every message as formula-safe CSV, audited with its count', async () => {
    const response = await exportOf(asAdmin);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="whatsapp-messages-${forceDate(new Date())}.csv"`,
    );
    const lines = linesOf(response.body);
    expect(lines[0]).toBe('id,created_at,direction,status,from_number,to_number,contact_name,message_type,body');
    expect(lines).toHaveLength(10);
    expect(response.body).toContain(`,"'=HYPERLINK(""http://evil.test"")"`);
    expect(response.body).not.toContain('482913');
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'whatsapp.export'), eq(auditLog.actor_id, adminId)));
    expect(row).toMatchObject({ outcome: 'success', details: expect.objectContaining({ rows: 9 }) });
  });

  it('follows the filters and the window, and the clerk’s scope', async () => {
    expect(linesOf((await exportOf(asAdmin, '?days=30')).body)).toHaveLength(9);
    expect(linesOf((await exportOf(asAdmin, '?direction=inbound&search=leave')).body)).toHaveLength(2);
    const clerk = (await exportOf(asClerk)).body;
    expect(linesOf(clerk)).toHaveLength(6);
    expect(clerk).not.toContain('Stranger');
  });

  it('refuses bad filters with 400 and people without send_whatsapp with 403, writing nothing', async () => {
    expect((await get(asAdmin, '/api/whatsapp/messages/export?days=100')).statusCode).toBe(400);
    const refused = await get(asViewer, '/api/whatsapp/messages/export');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
  });
});

describe('/api/whatsapp/settings', () => {
  const settingsOf = async (request: Request) => {
    const response = await get(request, '/api/whatsapp/settings');
    expect(response.statusCode, response.body).toBe(200);
    return ZMessagingSettingsResponse.parse(response.json()).data;
  };

  it('shows the outbox, the queue, the switch and the billable messages by month and category', async () => {
    const settings = await settingsOf(asClerk);
    expect(settings).toMatchObject({
      provider: 'outbox',
      phone_number_id: null,
      last_webhook_at: null,
      queue: { paused: false, pause_code: null, pause_reason: null, paused_at: null },
      self_service: false,
    });
    const expected = [
      { month: forceDate(codeSentAt).slice(0, 7), category: 'authentication', count: 1 },
      { month: forceDate(slipSentAt).slice(0, 7), category: 'utility', count: 1 },
    ];
    expect(settings.billable).toEqual(expect.arrayContaining(expected));
    expect(settings.billable).toHaveLength(2);
  });

  it('shows a pause', async () => {
    const since = new Date();
    await t.database.db
      .update(whatsappQueueState)
      .set({ paused_at: since, pause_code: 190, pause_reason: 'Access token expired' });
    expect((await settingsOf(asAdmin)).queue).toEqual({
      paused: true,
      pause_code: 190,
      pause_reason: 'Access token expired',
      paused_at: since.toISOString(),
    });
    await t.database.db.update(whatsappQueueState).set({ paused_at: null, pause_code: null, pause_reason: null });
  });

  it('lets an administrator switch self-service on, audited; a clerk may only read it', async () => {
    const refused = await asClerk({ method: 'PUT', url: '/api/whatsapp/settings', payload: { self_service: true } });
    expect(refused.statusCode).toBe(403);
    expect((await settingsOf(asClerk)).self_service).toBe(false);
    const response = await asAdmin({ method: 'PUT', url: '/api/whatsapp/settings', payload: { self_service: true } });
    expect(response.statusCode, response.body).toBe(200);
    expect(ZMessagingSettingsResponse.parse(response.json()).data.self_service).toBe(true);
    expect((await settingsOf(asClerk)).self_service).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'whatsapp.self_service_switch'));
    expect(row).toMatchObject({ actor_id: adminId, details: { from: false, to: true } });
  });

  it('refuses a bad body with 400 and people without send_whatsapp with 403', async () => {
    for (const payload of [{ self_service: 'yes' }, {}]) {
      const response = await asAdmin({ method: 'PUT', url: '/api/whatsapp/settings', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await get(asViewer, '/api/whatsapp/settings')).statusCode).toBe(403);
    expect((await get(asSlipClerk, '/api/whatsapp/settings')).statusCode).toBe(403);
  });
});
