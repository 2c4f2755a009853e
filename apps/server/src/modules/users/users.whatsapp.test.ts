import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { multipartBody } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** WhatsApp consent (issue 19): opting in or out under Profile, the user form, and the CSV import, each recorded with its moment and source. */

let t: TestApp;
type Request = Awaited<ReturnType<TestApp['as']>>;
let asAdmin: Request;

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = await t.as('admin');
  await t.buildDesignation({ name: 'Police Constable', code: 'PC' });
});
afterAll(() => t.close());

/** The number counts as the person's, as if an administrator had set it. */
const verify = (id: number) =>
  t.database.db
    .update(users)
    .set({ phone_verified_at: new Date(), phone_verified_source: 'admin' })
    .where(eq(users.id, id));

const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('PUT /api/users/profile/whatsapp', () => {
  it('starts off, and records a person’s opt-in and opt-out with the moment, audited', async () => {
    const person = await t.asUser({ phone_number: '9812345678' });
    await verify(person.id);
    const before = await person.request({ method: 'GET', url: `/api/users/${person.id}` });
    expect(before.json().data.user).toMatchObject({
      whatsapp_enabled: false,
      whatsapp_language: 'en',
      whatsapp_consent_at: null,
      whatsapp_consent_source: null,
    });

    clock.set(new Date('2026-11-20T10:00:00Z'));
    const response = await person.request({
      method: 'PUT',
      url: '/api/users/profile/whatsapp',
      payload: { whatsapp_enabled: true, whatsapp_language: 'mr' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'WhatsApp enabled',
      data: {
        whatsapp: {
          whatsapp_enabled: true,
          whatsapp_language: 'mr',
          whatsapp_consent_at: '2026-11-20T10:00:00.000Z',
          whatsapp_consent_source: 'self',
          whatsapp_notices_enabled: false,
        },
      },
    });
    clock.set(new Date('2026-11-21T10:00:00Z'));
    const off = await person.request({
      method: 'PUT',
      url: '/api/users/profile/whatsapp',
      payload: { whatsapp_enabled: false },
    });
    expect(off.json().data.whatsapp).toMatchObject({
      whatsapp_enabled: false,
      whatsapp_language: 'mr',
      whatsapp_consent_at: '2026-11-21T10:00:00.000Z',
      whatsapp_consent_source: 'self',
    });
    clock.set(null);

    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, person.id), eq(auditLog.action, 'user.whatsapp_consent')))
      .orderBy(auditLog.id);
    expect(audited.map((entry) => entry.details)).toEqual([
      { before: { enabled: false, language: 'en' }, after: { enabled: true, language: 'mr' }, source: 'self' },
      { before: { enabled: true, language: 'mr' }, after: { enabled: false, language: 'mr' }, source: 'self' },
    ]);
  });

  it('refuses bad input with a 400, and no token with a 401', async () => {
    const person = await t.asUser({});
    for (const payload of [{}, { whatsapp_enabled: 'yes' }, { whatsapp_enabled: true, whatsapp_language: 'fr' }]) {
      const response = await person.request({ method: 'PUT', url: '/api/users/profile/whatsapp', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/users/profile/whatsapp', payload: { whatsapp_enabled: true } }))
        .statusCode,
    ).toBe(401);
    expect((await row(person.id)).whatsapp_enabled).toBe(false);
  });
});

describe('the user form and the import', () => {
  it('records an administrator’s change as consent from admin, only when it changes', async () => {
    const person = await t.buildUser({});
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/users/${person.id}`,
      payload: { whatsapp_enabled: true, whatsapp_language: 'hi' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.user).toMatchObject({
      whatsapp_enabled: true,
      whatsapp_language: 'hi',
      whatsapp_consent_source: 'admin',
    });
    const first = (await row(person.id)).whatsapp_consent_at;
    await asAdmin({
      method: 'PUT',
      url: `/api/users/${person.id}`,
      payload: { whatsapp_enabled: true, first_name: 'Changed' },
    });
    expect((await row(person.id)).whatsapp_consent_at).toEqual(first);
    // The audit says which way it went and who recorded it, once: the second update did not change it.
    const updates = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(person.id)), eq(auditLog.action, 'user.update')))
      .orderBy(auditLog.id);
    expect(updates.map((entry) => (entry.details as { whatsapp_consent?: unknown }).whatsapp_consent ?? null)).toEqual([
      { before: false, after: true, source: 'admin' },
      null,
    ]);
    const bad = await asAdmin({ method: 'PUT', url: `/api/users/${person.id}`, payload: { whatsapp_language: 'fr' } });
    expect(bad.statusCode).toBe(400);
  });

  it('reads the WHATSAPP and WHATSAPP LANGUAGE columns of the CSV import, recorded as from the import', async () => {
    const csv = [
      'DESIGNATION,SEVARTH ID,FIRST NAME,MIDDLE NAME,LAST NAME,EMAIL ID,MOBILE NO,WHATSAPP,WHATSAPP LANGUAGE',
      'Police Constable,WAPPABC0001,Ganesh,R,Pawar,ganesh.wa@srpf.test,9800000001,yes,mr',
      'Police Constable,WAPPABC0002,Amol,S,More,amol.wa@srpf.test,9800000002,no,',
      'Police Constable,WAPPABC0003,Vijay,T,Kale,vijay.wa@srpf.test,9800000003,,',
      'Police Constable,WAPPABC0004,Priya,U,Jadhav,priya.wa@srpf.test,9800000004,maybe,en',
    ].join('\n');
    const response = await asAdmin({
      method: 'POST',
      url: '/api/users/import',
      ...multipartBody([
        { name: 'company_id', value: '1' },
        { name: 'file', filename: 'users.csv', content: csv },
      ]),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.created).toBe(3);
    expect(data.results.find((result: { row: number }) => result.row === 5)).toMatchObject({
      status: 'failed',
      field: 'whatsapp_enabled',
      error: 'WHATSAPP "maybe" must be yes or no',
    });
    const byEmail = async (email: string) =>
      (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;
    expect(await byEmail('ganesh.wa@srpf.test')).toMatchObject({
      whatsapp_enabled: true,
      whatsapp_language: 'mr',
      whatsapp_consent_source: 'import',
    });
    expect((await byEmail('ganesh.wa@srpf.test')).whatsapp_consent_at).not.toBeNull();
    // A number in the file counts as verified by the administrator who imported it (issue 31).
    const [imported] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.import'));
    expect(await byEmail('ganesh.wa@srpf.test')).toMatchObject({
      phone_verified_source: 'import',
      phone_verified_by: imported!.actor_id,
    });
    expect((await byEmail('ganesh.wa@srpf.test')).phone_verified_at).not.toBeNull();
    expect(await byEmail('amol.wa@srpf.test')).toMatchObject({
      whatsapp_enabled: false,
      whatsapp_language: 'en',
      whatsapp_consent_source: 'import',
    });
    expect(await byEmail('vijay.wa@srpf.test')).toMatchObject({
      whatsapp_enabled: false,
      whatsapp_consent_at: null,
      whatsapp_consent_source: null,
    });
  });
});
