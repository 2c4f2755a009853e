import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, users, whatsappDeliveries, whatsappVerificationCodes } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import type { PayslipTestApp } from '../../test/payslip-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scriptedProvider, workerSide } from '../../test/whatsapp-fixtures.js';

/** Confirming one's own number with a code sent over WhatsApp (issue 31). */

let t: TestApp;
let sequence = 0;
beforeAll(async () => {
  t = await createTestApp({}, { enqueueJobs: true });
});
afterAll(() => t.close());
afterEach(() => clock.set(null));

const SEND = '/api/users/profile/whatsapp/verification';
const CONFIRM = '/api/users/profile/whatsapp/verification/confirm';

/** A signed-in person with a number of their own that nobody verified yet. */
async function personWithNumber() {
  sequence += 1;
  const phone = `97${String(10_000_000 + sequence).slice(-8)}`;
  const person = await t.asUser({ phone_number: phone });
  return { ...person, phone };
}

const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** The code as the phone receives it: the template parameter of the newest verification message. */
async function codeSentTo(userId: number): Promise<string> {
  const [delivery] = await t.database.db
    .select()
    .from(whatsappDeliveries)
    .where(and(eq(whatsappDeliveries.user_id, userId), eq(whatsappDeliveries.origin, 'verification')))
    .orderBy(desc(whatsappDeliveries.id))
    .limit(1);
  return (delivery!.template_params as string[])[0]!;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/users/profile/whatsapp/verification', () => {
  it('queues the authentication template with a six-digit code to 91 + the number, kept in plain text only until it is sent', async () => {
    const person = await personWithNumber();
    clock.set(new Date('2026-11-20T10:00:00Z'));
    const response = await person.request({ method: 'POST', url: SEND });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Code sent',
      data: { verification: { phone_number: person.phone, expires_at: '2026-11-20T10:15:00.000Z', tries: 5 } },
    });
    expect(response.body).not.toMatch(/"\d{6}"/);

    const deliveries = await t.database.db
      .select()
      .from(whatsappDeliveries)
      .where(eq(whatsappDeliveries.user_id, person.id));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      kind: 'template',
      origin: 'verification',
      to_number: `91${person.phone}`,
      template_name: 'srpf_verification_code',
      payslip_id: null,
      requested_by: person.id,
    });
    const code = await codeSentTo(person.id);
    expect(code).toMatch(/^\d{6}$/);
    expect(deliveries[0]!.body).not.toContain(code);

    const [stored] = await t.database.db
      .select()
      .from(whatsappVerificationCodes)
      .where(eq(whatsappVerificationCodes.user_id, person.id));
    expect(stored).toMatchObject({
      phone_number: person.phone,
      tries: 0,
      used_at: null,
      delivery_id: deliveries[0]!.id,
    });
    expect(stored!.code_hash).not.toContain(code);

    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, person.id), eq(auditLog.action, 'user.phone_verification')));
    expect(audited.map((entry) => entry.details)).toEqual([{ step: 'code_sent', delivery_id: deliveries[0]!.id }]);
    expect(JSON.stringify(audited)).not.toContain(code);

    // Once sent, the delivery forgets the code: only its hash is kept. (A template needs no slip storage.)
    const { provider } = scriptedProvider();
    const worker = workerSide(t as unknown as PayslipTestApp, provider);
    expect(await worker.sending.run({ deliveryId: deliveries[0]!.id })).toMatchObject({ outcome: 'sent' });
    const [sent] = await t.database.db
      .select()
      .from(whatsappDeliveries)
      .where(eq(whatsappDeliveries.id, deliveries[0]!.id));
    expect(sent).toMatchObject({ state: 'sent', template_params: null });
  });

  it('refuses a person without a number, or whose number is already verified, with 409', async () => {
    const nobody = await t.asUser({});
    const none = await nobody.request({ method: 'POST', url: SEND });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatchObject({ code: 'CONFLICT', reason: 'users.verification_no_phone' });

    const person = await personWithNumber();
    await t.database.db
      .update(users)
      .set({ phone_verified_at: new Date(), phone_verified_source: 'admin' })
      .where(eq(users.id, person.id));
    const verified = await person.request({ method: 'POST', url: SEND });
    expect(verified.statusCode).toBe(409);
    expect(verified.json().error).toMatchObject({ code: 'CONFLICT', reason: 'users.verification_already_verified' });
    const sent = await t.database.db.select().from(whatsappDeliveries).where(eq(whatsappDeliveries.user_id, person.id));
    expect(sent).toHaveLength(0);
  });

  it('sends 3 codes an hour, then answers 429 with Retry-After until the first is an hour old', async () => {
    const person = await personWithNumber();
    clock.set(new Date('2026-11-20T10:00:00Z'));
    for (const minute of ['00', '10', '20']) {
      clock.set(new Date(`2026-11-20T10:${minute}:00Z`));
      expect((await person.request({ method: 'POST', url: SEND })).statusCode).toBe(200);
    }
    clock.set(new Date('2026-11-20T10:30:00Z'));
    const limited = await person.request({ method: 'POST', url: SEND });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1800');
    expect(limited.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'users.verification_limit',
      params: { perHour: 3, minutes: 30 },
    });
    clock.set(new Date('2026-11-20T11:00:01Z'));
    expect((await person.request({ method: 'POST', url: SEND })).statusCode).toBe(200);
    const sent = await t.database.db.select().from(whatsappDeliveries).where(eq(whatsappDeliveries.user_id, person.id));
    expect(sent).toHaveLength(4);
  });

  it('refuses without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: SEND })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: CONFIRM, payload: { code: '123456' } })).statusCode).toBe(401);
  });
});

describe('POST /api/users/profile/whatsapp/verification/confirm', () => {
  it('confirms the number with the code received: verified by the person, audited, the code used once', async () => {
    const person = await personWithNumber();
    clock.set(new Date('2026-11-20T10:00:00Z'));
    await person.request({ method: 'POST', url: SEND });
    const code = await codeSentTo(person.id);
    clock.set(new Date('2026-11-20T10:05:00Z'));
    const response = await person.request({ method: 'POST', url: CONFIRM, payload: { code } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Mobile number verified',
      data: {
        whatsapp: {
          phone_verified_at: '2026-11-20T10:05:00.000Z',
          phone_verified_source: 'self',
          whatsapp_enabled: false,
          whatsapp_notices_enabled: false,
        },
      },
    });
    expect(await row(person.id)).toMatchObject({ phone_verified_source: 'self', phone_verified_by: person.id });
    const read = await person.request({ method: 'GET', url: `/api/users/${person.id}` });
    expect(read.json().data.user).toMatchObject({
      phone_verified_at: '2026-11-20T10:05:00.000Z',
      phone_verified_source: 'self',
    });

    // Used once: the same code again finds the number verified.
    const again = await person.request({ method: 'POST', url: CONFIRM, payload: { code } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reason).toBe('users.verification_already_verified');
    const [stored] = await t.database.db
      .select()
      .from(whatsappVerificationCodes)
      .where(eq(whatsappVerificationCodes.user_id, person.id));
    expect(stored!.used_at).toEqual(new Date('2026-11-20T10:05:00Z'));
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, person.id), eq(auditLog.action, 'user.phone_verification')))
      .orderBy(auditLog.id);
    expect(audited.map((entry) => [entry.outcome, (entry.details as { step: string }).step])).toEqual([
      ['success', 'code_sent'],
      ['success', 'confirmed'],
    ]);
  });

  it('answers a wrong code with the tries left; after 5 wrong codes even the right one is refused', async () => {
    const person = await personWithNumber();
    await person.request({ method: 'POST', url: SEND });
    const code = await codeSentTo(person.id);
    for (const left of [4, 3, 2, 1]) {
      const wrong = await person.request({ method: 'POST', url: CONFIRM, payload: { code: otherCode(code) } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        reason: 'users.verification_code_wrong',
        params: { triesLeft: left },
        field: 'code',
      });
    }
    const fifth = await person.request({ method: 'POST', url: CONFIRM, payload: { code: otherCode(code) } });
    expect(fifth.json().error.reason).toBe('users.verification_code_used_up');
    const right = await person.request({ method: 'POST', url: CONFIRM, payload: { code } });
    expect(right.statusCode).toBe(400);
    expect(right.json().error.reason).toBe('users.verification_code_used_up');
    expect((await row(person.id)).phone_verified_at).toBeNull();

    // A new code starts afresh.
    await person.request({ method: 'POST', url: SEND });
    const fresh = await codeSentTo(person.id);
    expect((await person.request({ method: 'POST', url: CONFIRM, payload: { code: fresh } })).statusCode).toBe(200);
  });

  it('refuses a code after 15 minutes, and an older code once a new one was sent', async () => {
    const person = await personWithNumber();
    clock.set(new Date('2026-11-20T10:00:00Z'));
    await person.request({ method: 'POST', url: SEND });
    const first = await codeSentTo(person.id);
    clock.set(new Date('2026-11-20T10:15:00Z'));
    const late = await person.request({ method: 'POST', url: CONFIRM, payload: { code: first } });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({ reason: 'users.verification_code_expired', field: 'code' });

    await person.request({ method: 'POST', url: SEND });
    const second = await codeSentTo(person.id);
    if (second !== first) {
      const older = await person.request({ method: 'POST', url: CONFIRM, payload: { code: first } });
      expect(older.json().error.reason).toBe('users.verification_code_wrong');
    }
    expect((await person.request({ method: 'POST', url: CONFIRM, payload: { code: second } })).statusCode).toBe(200);
  });

  it('does not confirm a new number with the code sent to the old one', async () => {
    const person = await personWithNumber();
    await person.request({ method: 'POST', url: SEND });
    const code = await codeSentTo(person.id);
    sequence += 1;
    const changed = await person.request({
      method: 'PUT',
      url: '/api/users/profile/me',
      payload: {
        first_name: 'Test',
        middle_name: 'K',
        last_name: 'Person',
        phone: `96${String(10_000_000 + sequence).slice(-8)}`,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const response = await person.request({ method: 'POST', url: CONFIRM, payload: { code } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.reason).toBe('users.verification_code_missing');
    expect((await row(person.id)).phone_verified_at).toBeNull();
  });

  it('refuses a confirmation before any code, and malformed codes with 400', async () => {
    const person = await personWithNumber();
    const before = await person.request({ method: 'POST', url: CONFIRM, payload: { code: '123456' } });
    expect(before.statusCode).toBe(400);
    expect(before.json().error.reason).toBe('users.verification_code_missing');
    for (const payload of [{}, { code: '12345' }, { code: '1234567' }, { code: 'abcdef' }, { code: 123456 }]) {
      const response = await person.request({ method: 'POST', url: CONFIRM, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED', field: 'code' } });
    }
  });
});
