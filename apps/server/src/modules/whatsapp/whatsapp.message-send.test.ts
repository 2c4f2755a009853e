import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users, whatsappDeliveries, whatsappInboundMessages } from '../../db/schema/index.js';
import { createPayslipTestApp, type PayslipTestApp, type Request } from '../../test/payslip-fixtures.js';

/** POST /api/whatsapp/send (New Message): a free-form text to one person inside their 24-hour window. */

let t: PayslipTestApp;
let asAdmin: Request;
let asSender: Request;
let otherCompany: number;

beforeAll(async () => {
  t = await createPayslipTestApp();
  asAdmin = (await t.asUser({ role: 'admin' })).request;
  // A company's clerk granted send_whatsapp: their own company only.
  asSender = (await t.asUser({ role: 'viewer', company_id: 1, granted_permissions: ['send_whatsapp'] })).request;
  otherCompany = (await t.buildCompany({ name: 'Message Group 2' })).id;
});
afterAll(async () => t.close());

let sequence = 0;
/** A person who may be written to (verified, WhatsApp on, wrote an hour ago) unless told otherwise. */
async function person(
  options: {
    company_id?: number;
    verified?: boolean;
    enabled?: boolean;
    active?: boolean;
    wroteHoursAgo?: number;
  } = {},
) {
  sequence += 1;
  const phone = `97${String(20_000_000 + sequence).slice(-8)}`;
  const built = await t.buildUser({
    first_name: 'Asha',
    last_name: `Jadhav${sequence}`,
    company_id: options.company_id ?? 1,
    phone_number: phone,
    is_active: options.active ?? true,
  });
  await t.database.db
    .update(users)
    .set({
      whatsapp_enabled: options.enabled ?? true,
      whatsapp_language: 'mr',
      phone_verified_at: options.verified === false ? null : new Date(),
      phone_verified_source: options.verified === false ? null : 'self',
    })
    .where(eq(users.id, built.id));
  await t.database.db.insert(whatsappInboundMessages).values({
    wamid: `wamid.send.${sequence}`,
    from_number: `91${phone}`,
    type: 'text',
    body: 'hello',
    sent_at: new Date(Date.now() - (options.wroteHoursAgo ?? 1) * 3600_000),
  });
  return { id: built.id, number: `91${phone}` };
}

const send = (request: Request, payload: unknown) =>
  request({ method: 'POST', url: '/api/whatsapp/send', payload: payload as object });
const deliveriesOf = (userId: number) =>
  t.database.db.select().from(whatsappDeliveries).where(eq(whatsappDeliveries.user_id, userId));

describe('POST /api/whatsapp/send', () => {
  it('queues the text for a person who wrote within 24 hours, says the outbox plainly, and audits it', async () => {
    const target = await person();
    const response = await send(asSender, { user_id: target.id, body: '  Report to the armoury at 9.  ' });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({
      success: true,
      data: { delivery: { state: 'queued', to_number: target.number } },
      outbox: true,
    });
    expect(answer.message).toMatch(/outbox/);
    const [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({
      id: answer.data.delivery.id,
      kind: 'text',
      origin: 'message',
      body: 'Report to the armoury at 9.',
      language: 'mr',
      state: 'queued',
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'whatsapp.message_send'), eq(auditLog.entity_id, String(delivery!.id))));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]!.details)).not.toContain('armoury');
  });

  it.each([
    ['no body', {}],
    ['an empty text', { body: '   ' }],
    ['a text over 1,000 characters', { body: 'x'.repeat(1001) }],
    ['a user id that is not a number', { body: 'Hello', user_id: 'seven' }],
  ])('refuses %s with 400 and queues nothing', async (_label, payload) => {
    const target = await person();
    const response = await send(asAdmin, { user_id: target.id, ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    expect(await deliveriesOf(target.id)).toEqual([]);
  });

  it.each([
    ['has not written for 25 hours', { wroteHoursAgo: 25 }, 'whatsapp.window_closed', /approved template/],
    ['has WhatsApp off', { enabled: false }, 'whatsapp.not_enabled', /WhatsApp/],
    ['has an unverified number', { verified: false }, 'whatsapp.number_unverified', /verified/],
    ['is inactive', { active: false }, 'whatsapp.person_inactive', /active/],
  ] as const)('answers 409 when the person %s, and queues nothing', async (_label, options, reason, words) => {
    const target = await person(options);
    const response = await send(asAdmin, { user_id: target.id, body: 'Hello' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'CONFLICT', reason } });
    expect(response.json().error.message).toMatch(words);
    expect(await deliveriesOf(target.id)).toEqual([]);
  });

  it('answers 404 for a person outside the sender’s companies, and for nobody', async () => {
    const stranger = await person({ company_id: otherCompany });
    for (const userId of [stranger.id, 999_999]) {
      const response = await send(asSender, { user_id: userId, body: 'Hello' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', reason: 'whatsapp.person_not_found' } });
    }
    expect(await deliveriesOf(stranger.id)).toEqual([]);
  });

  it('refuses people without send_whatsapp (403) and the signed out (401)', async () => {
    const target = await person();
    const asViewer = (await t.asUser({ role: 'viewer' })).request;
    const asPayslipClerk = (await t.asUser({ role: 'viewer', granted_permissions: ['manage_payslips'] })).request;
    for (const request of [asViewer, asPayslipClerk]) {
      expect((await send(request, { user_id: target.id, body: 'Hello' })).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/send',
      payload: { user_id: target.id, body: 'Hello' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await deliveriesOf(target.id)).toEqual([]);
  });
});
