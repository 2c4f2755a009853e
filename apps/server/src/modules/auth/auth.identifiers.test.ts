import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog, users } from '../../db/schema/index.js';
import { verifications } from '../../test/counting-argon2.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Signing in by email, mobile number or Sevarth ID (DGP ID): each finds the one account it belongs
 * to, every failure looks and costs the same whichever identifier was typed, and the guessing
 * throttle counts one account's attempts together whichever of its identifiers named it.
 */

// Every argon2id verification the server runs, counted: a failure must cost one, whatever was typed.
vi.mock('@node-rs/argon2', async (importOriginal) =>
  (await import('../../test/counting-argon2.js')).countingArgon2(importOriginal),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (identifier: unknown, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: identifier, password }, remoteAddress: ip });

let sequence = 0;
/** A person with a mobile number and a Sevarth ID of their own (both unique among accounts). */
async function personWithIdentifiers() {
  sequence += 1;
  const phone = `98${String(Date.now() % 1e6).padStart(6, '0')}${String(sequence).padStart(2, '0')}`;
  const dgpId = `SRPFPUN${String(1000 + sequence)}`;
  const user = await t.buildUser({ phone_number: phone, dgp_id: dgpId });
  return { ...user, phone, dgpId };
}

const INVALID_CREDENTIALS = {
  code: 'UNAUTHENTICATED',
  message: 'Wrong email, mobile number, Sevarth ID or password',
  reason: 'auth.invalid_credentials',
  params: {},
};

function expectRefusedBy(response: LightMyRequestResponse, limit: string) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error).toMatchObject({ code: 'RATE_LIMITED', details: [{ field: 'limit', message: limit }] });
}

describe('signing in by email, mobile number or Sevarth ID', () => {
  it('signs in to the same account by each of its three identifiers, as people type them', async () => {
    const person = await personWithIdentifiers();
    const spaced = `+91 ${person.phone.slice(0, 5)} ${person.phone.slice(5)}`;
    for (const typed of [
      person.email.toUpperCase(),
      person.phone,
      spaced,
      `0${person.phone}`,
      person.dgpId.toLowerCase(),
    ]) {
      const response = await login(typed, person.password, '10.90.0.1');
      expect(response.statusCode, `${typed}: ${response.body}`).toBe(200);
      expect(response.json().data.user).toMatchObject({ id: person.id, email: person.email });
    }
  });

  it('audits which kind of identifier each attempt named', async () => {
    const person = await personWithIdentifiers();
    await login(person.phone, person.password, '10.90.1.1');
    await login(person.dgpId, 'wrong-password', '10.90.1.1');
    const rows = await t.database.db
      .select({ outcome: auditLog.outcome, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.entity_id, String(person.id))));
    expect(rows).toEqual(
      expect.arrayContaining([
        { outcome: 'success', details: { identifier: 'phone' } },
        { outcome: 'failure', details: { reason: 'bad_credentials', identifier: 'dgp_id' } },
      ]),
    );
  });

  it('answers a wrong password by each identifier and an unknown identifier of each kind alike, each after one password check', async () => {
    const person = await personWithIdentifiers();
    const attempts = [
      person.email,
      person.phone,
      person.dgpId,
      `nobody.${Date.now()}@srpf.test`,
      '7000000001',
      'NOSUCHX9999',
    ];
    for (const [index, identifier] of attempts.entries()) {
      verifications.count = 0;
      const response = await login(identifier, 'wrong-password', `10.91.0.${index + 1}`);
      expect(response.statusCode, identifier).toBe(401);
      expect(response.json(), identifier).toEqual({ success: false, error: INVALID_CREDENTIALS });
      expect(verifications.count, identifier).toBe(1);
    }
  });

  it('refuses an inactive account by its mobile number with the same words as by its email', async () => {
    const person = await personWithIdentifiers();
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, person.id));
    const byPhone = await login(person.phone, person.password, '10.92.0.1');
    const byEmail = await login(person.email, person.password, '10.92.0.1');
    expect(byPhone.statusCode).toBe(401);
    expect(byPhone.json()).toEqual(byEmail.json());
  });

  it('finds no account by the identifiers of a deleted one, and the next holder of the number signs in with it', async () => {
    const gone = await personWithIdentifiers();
    await t.database.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, gone.id));
    expect((await login(gone.phone, gone.password, '10.93.0.1')).json().error).toEqual(INVALID_CREDENTIALS);

    const successor = await t.buildUser({ phone_number: gone.phone, dgp_id: gone.dgpId });
    const response = await login(gone.phone, successor.password, '10.93.0.1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.user.id).toBe(successor.id);
    expect((await login(gone.dgpId.toLowerCase(), successor.password, '10.93.0.1')).json().data.user.id).toBe(
      successor.id,
    );
  });

  it('keeps one account per identifier: a second living account cannot take a mobile number or a Sevarth ID', async () => {
    const person = await personWithIdentifiers();
    await expect(t.buildUser({ phone_number: person.phone })).rejects.toThrow();
    await expect(t.buildUser({ dgp_id: person.dgpId })).rejects.toThrow();
  });
});

describe('bad input on the sign-in field', () => {
  it('refuses an empty, a blank and a missing identifier as required', async () => {
    for (const payload of [{ email: '' }, { email: '   ' }, {}]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { ...payload, password: 'whatever1' },
        remoteAddress: '10.94.0.1',
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'email',
        reason: 'validation.required',
        message: 'email: Email, mobile number or Sevarth ID is required',
      });
    }
  });

  it('refuses an identifier longer than an email may be', async () => {
    const response = await login(`${'a'.repeat(250)}@srpf.test`, 'whatever1', '10.94.0.2');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'email',
      reason: 'validation.too_long',
      params: { maximum: 254 },
    });
  });

  it('refuses what is no email, mobile number or Sevarth ID, and a value that is not text', async () => {
    for (const typed of ['a@b', 'constable', '98765 4321', '+91 98765 43210 1', 'SRPF1011', 'SRPFPUN10A1']) {
      const response = await login(typed, 'whatever1', '10.94.0.3');
      expect(response.statusCode, typed).toBe(400);
      expect(response.json().error, typed).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'email',
        reason: 'validation.invalid',
        message: 'email: Enter an email address, a 10-digit mobile number or a Sevarth ID (7 letters and 4 digits)',
      });
    }
    const number = await login(9876543210, 'whatever1', '10.94.0.3');
    expect(number.statusCode).toBe(400);
    expect(number.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email' });
  });
});

describe('throttling across the identifiers of one account', () => {
  it('counts wrong passwords by the email, the mobile number and the Sevarth ID together from one address', async () => {
    const person = await personWithIdentifiers();
    const identifiers = [person.email, person.phone, person.dgpId, `+91${person.phone}`, person.dgpId.toLowerCase()];
    for (const identifier of identifiers)
      expect((await login(identifier, 'wrong-password', '10.95.0.1')).statusCode, identifier).toBe(401);
    for (const identifier of [person.email, person.phone, person.dgpId])
      expectRefusedBy(await login(identifier, person.password, '10.95.0.1'), 'account_address');
    // From the owner's other address the account still opens.
    expect((await login(person.phone, person.password, '10.95.0.2')).statusCode).toBe(200);
  });

  it('counts guesses spread over addresses and identifiers against the account, and lets the owner in from a known address', async () => {
    const person = await personWithIdentifiers();
    expect((await login(person.email, person.password, '10.96.0.1')).statusCode).toBe(200);
    const identifiers = [person.email, person.phone, person.dgpId];
    for (let guess = 0; guess < 10; guess += 1)
      expect((await login(identifiers[guess % 3], `wrong-password-${guess}`, `10.96.1.${guess}`)).statusCode).toBe(401);
    for (const identifier of identifiers)
      expectRefusedBy(await login(identifier, person.password, '10.96.2.1'), 'account');
    // The address the owner signed in from by email passes, whichever identifier they use now.
    expect((await login(person.dgpId, person.password, '10.96.0.1')).statusCode).toBe(200);
  });

  it('counts a wrong current password at a password change with sign-ins by the mobile number', async () => {
    const person = await personWithIdentifiers();
    const token = await t.signIn(person.email, person.password);
    for (let guess = 0; guess < 3; guess += 1)
      expect((await login(person.phone, 'wrong-password', '10.97.0.1')).statusCode).toBe(401);
    for (let guess = 0; guess < 2; guess += 1) {
      const change = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile/password',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          current_password: 'wrong-password',
          new_password: 'A-new-Passw0rd!',
          confirm_password: 'A-new-Passw0rd!',
        },
        remoteAddress: '10.97.0.1',
      });
      expect(change.statusCode, change.body).toBe(400);
    }
    expectRefusedBy(await login(person.dgpId, person.password, '10.97.0.1'), 'account_address');
  });

  it('counts an unknown mobile number by its ten digits however it is typed', async () => {
    for (const typed of ['7000000042', '+91 70000 00042', '070000 00042', '917000000042', '70000-00042'])
      expect((await login(typed, 'wrong-password', '10.98.0.1')).statusCode, typed).toBe(401);
    expectRefusedBy(await login('(0) 70000 00042', 'wrong-password', '10.98.0.1'), 'account_address');
  });
});
