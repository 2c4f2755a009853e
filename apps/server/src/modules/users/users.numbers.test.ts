import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Numbers that belong to their person (issue 31): WhatsApp and notices only to a verified number, a
 * change of one's own number withdrawing both, administrators' numbers verified by them, and consent
 * to notices apart from consent to slips.
 */

let t: TestApp;
type Request = Awaited<ReturnType<TestApp['as']>>;
let asAdmin: Request;
let adminId: number;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.asUser({ role: 'admin' });
  asAdmin = admin.request;
  adminId = admin.id;
});
afterAll(() => t.close());
afterEach(() => clock.set(null));

const WHATSAPP = '/api/users/profile/whatsapp';
const nextPhone = () => {
  sequence += 1;
  return `95${String(10_000_000 + sequence).slice(-8)}`;
};
const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const auditsOf = (id: number, action: 'user.whatsapp_consent' | 'user.update' | 'user.create') =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity_id, String(id)), eq(auditLog.action, action)))
    .orderBy(auditLog.id);

async function verifiedPerson() {
  const person = await t.asUser({ phone_number: nextPhone() });
  await t.database.db
    .update(users)
    .set({ phone_verified_at: new Date('2026-11-01T00:00:00Z'), phone_verified_source: 'admin' })
    .where(eq(users.id, person.id));
  return person;
}

describe('PUT /api/users/profile/whatsapp with an unverified number', () => {
  it('refuses to switch slips or notices on with 409 WHATSAPP number unverified, and changes nothing', async () => {
    const person = await t.asUser({ phone_number: nextPhone() });
    for (const payload of [{ whatsapp_enabled: true }, { whatsapp_notices_enabled: true }]) {
      const response = await person.request({ method: 'PUT', url: WHATSAPP, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json()).toMatchObject({
        success: false,
        error: { code: 'CONFLICT', reason: 'users.whatsapp_number_unverified', field: 'phone' },
      });
    }
    expect(await row(person.id)).toMatchObject({
      whatsapp_enabled: false,
      whatsapp_notices_enabled: false,
      whatsapp_consent_at: null,
    });
    // Switching off, or choosing the language, never needs a verified number.
    const off = await person.request({ method: 'PUT', url: WHATSAPP, payload: { whatsapp_enabled: false } });
    expect(off.statusCode).toBe(200);
    const language = await person.request({ method: 'PUT', url: WHATSAPP, payload: { whatsapp_language: 'hi' } });
    expect(language.json().data.whatsapp).toMatchObject({ whatsapp_language: 'hi', phone_verified_at: null });
  });

  it('stores consent to notices apart from slips once the number is verified, audited', async () => {
    const person = await verifiedPerson();
    clock.set(new Date('2026-11-22T09:00:00Z'));
    const response = await person.request({
      method: 'PUT',
      url: WHATSAPP,
      payload: { whatsapp_notices_enabled: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.whatsapp).toMatchObject({
      whatsapp_enabled: false,
      whatsapp_consent_at: null,
      whatsapp_notices_enabled: true,
      whatsapp_notices_consent_at: '2026-11-22T09:00:00.000Z',
      phone_verified_source: 'admin',
    });
    const audited = await auditsOf(person.id, 'user.whatsapp_consent');
    expect(audited.map((entry) => entry.details)).toEqual([
      {
        before: { enabled: false, language: 'en', notices: false },
        after: { enabled: false, language: 'en', notices: true },
        source: 'self',
      },
    ]);
  });

  it('refuses a body with nothing to change, or a notices value that is not a boolean', async () => {
    const person = await verifiedPerson();
    for (const payload of [{}, { whatsapp_notices_enabled: 'yes' }]) {
      const response = await person.request({ method: 'PUT', url: WHATSAPP, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('a person changing their own number', () => {
  it('clears the verification and both consents until the new number is confirmed, audited', async () => {
    const person = await verifiedPerson();
    // WhatsApp's id of the account behind the old number, learnt from its messages.
    await t.database.db
      .update(users)
      .set({ whatsapp_bsuid: `IN.${person.id}.old` })
      .where(eq(users.id, person.id));
    await person.request({
      method: 'PUT',
      url: WHATSAPP,
      payload: { whatsapp_enabled: true, whatsapp_notices_enabled: true },
    });
    const names = { first_name: 'Ravi', middle_name: 'K', last_name: 'Shinde' };
    const phone = (await row(person.id)).phone_number!;
    // The names alone keep everything.
    await person.request({ method: 'PUT', url: '/api/users/profile/me', payload: { ...names, phone } });
    expect(await row(person.id)).toMatchObject({ whatsapp_enabled: true, whatsapp_notices_enabled: true });

    clock.set(new Date('2026-11-23T08:00:00Z'));
    const changed = await person.request({
      method: 'PUT',
      url: '/api/users/profile/me',
      payload: { ...names, phone: nextPhone() },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.user).toMatchObject({
      whatsapp_enabled: false,
      whatsapp_notices_enabled: false,
      phone_verified_at: null,
      phone_verified_source: null,
      whatsapp_consent_at: '2026-11-23T08:00:00.000Z',
      whatsapp_consent_source: 'self',
    });
    expect((await row(person.id)).phone_verified_by).toBeNull();
    // The old number's WhatsApp account no longer stands for this person.
    expect((await row(person.id)).whatsapp_bsuid).toBeNull();
    const audited = await auditsOf(person.id, 'user.whatsapp_consent');
    expect(audited.at(-1)!.details).toEqual({
      before: { enabled: true, notices: true },
      after: { enabled: false, notices: false },
      source: 'self',
      reason: 'number_changed',
    });
    const again = await person.request({ method: 'PUT', url: WHATSAPP, payload: { whatsapp_enabled: true } });
    expect(again.statusCode).toBe(409);
  });
});

describe('numbers an administrator sets', () => {
  it('counts a number set in the user form as verified by the administrator, with who and when audited', async () => {
    clock.set(new Date('2026-11-24T07:00:00Z'));
    const phone = nextPhone();
    const created = await asAdmin({
      method: 'POST',
      url: '/api/users',
      payload: {
        first_name: 'Mahesh',
        last_name: 'Gaikwad',
        email: `mahesh.${phone}@srpf.test`,
        phone,
        password: 'Initial-number-2026',
        role: 'viewer',
        company_id: 1,
        whatsapp_notices_enabled: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json().data.user;
    expect(user).toMatchObject({
      phone_verified_at: '2026-11-24T07:00:00.000Z',
      phone_verified_source: 'admin',
      whatsapp_notices_enabled: true,
      whatsapp_notices_consent_at: '2026-11-24T07:00:00.000Z',
    });
    expect((await row(user.id)).phone_verified_by).toBe(adminId);
    const [createAudit] = await auditsOf(user.id, 'user.create');
    expect(createAudit!.details).toMatchObject({
      phone_verification: { source: 'admin', verified_by: adminId, at: '2026-11-24T07:00:00.000Z' },
    });
  });

  it('verifies a changed number, and removing it clears verification and both consents', async () => {
    const person = await t.asUser({ phone_number: nextPhone() });
    await t.database.db
      .update(users)
      .set({ whatsapp_bsuid: `IN.${person.id}.old` })
      .where(eq(users.id, person.id));
    clock.set(new Date('2026-11-25T07:00:00Z'));
    const changed = await asAdmin({
      method: 'PUT',
      url: `/api/users/${person.id}`,
      payload: { phone: nextPhone(), whatsapp_enabled: true, whatsapp_notices_enabled: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.user).toMatchObject({
      phone_verified_source: 'admin',
      whatsapp_enabled: true,
      whatsapp_notices_enabled: true,
    });
    expect((await row(person.id)).phone_verified_by).toBe(adminId);
    // A new number is a new WhatsApp account: the old one's id goes.
    expect((await row(person.id)).whatsapp_bsuid).toBeNull();
    const updates = await auditsOf(person.id, 'user.update');
    expect(updates[0]!.details).toMatchObject({
      whatsapp_consent: { before: false, after: true, source: 'admin' },
      whatsapp_notices: { before: false, after: true, source: 'admin' },
      phone_verification: { source: 'admin', verified_by: adminId },
    });

    // Saving the form without touching the number keeps its verification as it was.
    clock.set(new Date('2026-11-26T07:00:00Z'));
    await asAdmin({ method: 'PUT', url: `/api/users/${person.id}`, payload: { first_name: 'Same' } });
    expect((await row(person.id)).phone_verified_at).toEqual(new Date('2026-11-25T07:00:00Z'));

    const removed = await asAdmin({ method: 'PUT', url: `/api/users/${person.id}`, payload: { phone: null } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.user).toMatchObject({
      phone_number: null,
      phone_verified_at: null,
      phone_verified_source: null,
      whatsapp_enabled: false,
      whatsapp_notices_enabled: false,
      whatsapp_consent_source: 'admin',
    });
    expect((await auditsOf(person.id, 'user.update')).at(-1)!.details).toMatchObject({
      phone_verification: 'cleared',
    });
  });

  it('refuses a notices value that is not a boolean in the user form', async () => {
    const person = await t.buildUser({});
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/users/${person.id}`,
      payload: { whatsapp_notices_enabled: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect((await row(person.id)).whatsapp_notices_enabled).toBe(false);
  });
});
