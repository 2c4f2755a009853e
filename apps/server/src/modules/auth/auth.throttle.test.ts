import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The sign-in throttles an attacker without the password cannot turn against the owner: per account
 * and address, per account across addresses (not holding back the addresses the owner signed in
 * from), and per address across accounts; each 429 and its audit row name the limit.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

function expectRefusedBy(response: LightMyRequestResponse, limit: string) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error).toMatchObject({ code: 'RATE_LIMITED', details: [{ field: 'limit', message: limit }] });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
}

/** The limits named by the audit rows of refused attempts on this email from this address. */
async function auditedLimits(email: string, ip: string): Promise<unknown[]> {
  const rows = await t.database.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'auth.login'),
        eq(auditLog.entity_id, email),
        sql`${auditLog.ip} = ${ip}::inet`,
        sql`${auditLog.details}->>'reason' = 'throttled'`,
      ),
    );
  return rows.map((row) => row.details);
}

describe('sign-in throttles that guesses cannot turn against the owner', () => {
  it('50 wrong passwords from one address lock only that address: the owner signs in from their own address', async () => {
    const owner = await t.buildUser({ role: 'admin' });
    expect((await login(owner.email, owner.password, '10.60.0.1')).statusCode).toBe(200);

    const statuses: number[] = [];
    for (let guess = 0; guess < 50; guess += 1)
      statuses.push((await login(owner.email, `wrong-password-${guess}`, '10.60.6.6')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const refused = await login(owner.email, owner.password, '10.60.6.6');
    expectRefusedBy(refused, 'account_address');
    expect(refused.json().error.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(await auditedLimits(owner.email, '10.60.6.6')).toContainEqual({
      reason: 'throttled',
      limit: 'account_address',
    });

    expect((await login(owner.email, owner.password, '10.60.0.1')).statusCode).toBe(200);
  });

  it('caps guesses spread over 50 addresses per account, and still lets the owner in from an address they signed in from', async () => {
    const owner = await t.buildUser({ role: 'admin' });
    expect((await login(owner.email, owner.password, '10.61.0.1')).statusCode).toBe(200);

    const statuses: number[] = [];
    for (let guess = 0; guess < 50; guess += 1)
      statuses.push((await login(owner.email, `wrong-password-${guess}`, `10.61.1.${guess}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));

    // A further guess from a new address, and even the right password from an address the owner never used.
    expectRefusedBy(await login(owner.email, 'wrong-password-x', '10.61.2.1'), 'account');
    const unknownAddress = await login(owner.email, owner.password, '10.61.2.2');
    expectRefusedBy(unknownAddress, 'account');
    expect(unknownAddress.json().error.message).toMatch(
      /^Too many failed sign-in attempts for this account\. Try again in \d+ minutes?, or sign in from a network you have signed in from before\.$/,
    );
    expect(await auditedLimits(owner.email, '10.61.2.2')).toEqual([{ reason: 'throttled', limit: 'account' }]);

    expect((await login(owner.email, owner.password, '10.61.0.1')).statusCode).toBe(200);
  });

  it('lets the signed-in owner change the password from their address while the account is locked for others', async () => {
    const owner = await t.buildUser();
    const request = t.withToken(await t.signIn(owner.email, owner.password));
    for (let guess = 0; guess < 10; guess += 1)
      expect((await login(owner.email, `wrong-password-${guess}`, `10.63.1.${guess}`)).statusCode).toBe(401);
    expectRefusedBy(await login(owner.email, owner.password, '10.63.2.1'), 'account');

    const changed = await request({
      method: 'PUT',
      url: '/api/users/profile/password',
      payload: {
        current_password: owner.password,
        new_password: 'Krishna-river-2026',
        confirm_password: 'Krishna-river-2026',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('still caps one address across accounts, naming that limit', async () => {
    for (let guess = 0; guess < 20; guess += 1)
      expect((await login(`ghost${guess}.${Date.now()}@srpf.test`, 'wrong-password', '10.62.0.1')).statusCode).toBe(
        401,
      );
    const owner = await t.buildUser();
    const refused = await login(owner.email, owner.password, '10.62.0.1');
    expectRefusedBy(refused, 'address');
    expect(refused.json().error.message).toMatch(
      /^Too many failed sign-in attempts from your network\. Try again in \d+ minutes?\.$/,
    );
    expect(await auditedLimits(owner.email, '10.62.0.1')).toEqual([{ reason: 'throttled', limit: 'address' }]);
    expect((await login(owner.email, owner.password, '10.62.0.2')).statusCode).toBe(200);
  });

  it('does not let guesses at other accounts from an address the owner shares keep the owner out there', async () => {
    const owner = await t.buildUser();
    const stranger = await t.buildUser();
    expect((await login(owner.email, owner.password, '10.64.0.1')).statusCode).toBe(200);

    // Someone behind the same NAT tries 25 other accounts: the address is refused for them ...
    const statuses: number[] = [];
    for (let guess = 0; guess < 25; guess += 1)
      statuses.push((await login(`ghost${guess}.${Date.now()}@srpf.test`, 'wrong-password', '10.64.0.1')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(new Set(statuses.slice(20))).toEqual(new Set([429]));
    // ... and for an account that never signed in from there, right password or not.
    expectRefusedBy(await login(stranger.email, stranger.password, '10.64.0.1'), 'address');

    // The owner, who signed in from there, still gets in.
    const signedIn = await login(owner.email, owner.password, '10.64.0.1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});

describe('the addresses an account is known from, after a new password', () => {
  /** Ten wrong passwords for the account, each from an address of its own: the account-wide limit is reached. */
  async function lockAccount(email: string, network: string) {
    for (let guess = 0; guess < 10; guess += 1)
      expect((await login(email, `wrong-password-${guess}`, `${network}.${guess}`)).statusCode).toBe(401);
  }

  it("are forgotten when an administrator sets a new password: the old password's address meets the account limit again", async () => {
    const owner = await t.buildUser();
    // Whoever holds the password signs in from 10.65.0.1, which becomes known.
    expect((await login(owner.email, owner.password, '10.65.0.1')).statusCode).toBe(200);

    const reset = await (
      await t.as('admin')
    )({ method: 'PUT', url: `/api/users/${owner.id}`, payload: { password: 'Godavari-bank-2026' } });
    expect(reset.statusCode, reset.body).toBe(200);

    await lockAccount(owner.email, '10.65.1');
    expectRefusedBy(await login(owner.email, 'Godavari-bank-2026', '10.65.0.1'), 'account');
    expect(await auditedLimits(owner.email, '10.65.0.1')).toEqual([{ reason: 'throttled', limit: 'account' }]);
  });

  it("keep only the address of the owner's own password change", async () => {
    const owner = await t.buildUser();
    const signedIn = await login(owner.email, owner.password, '10.66.0.1');
    expect(signedIn.statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile/password',
      headers: { authorization: `Bearer ${signedIn.json().token as string}` },
      payload: {
        current_password: owner.password,
        new_password: 'Tapi-river-2026',
        confirm_password: 'Tapi-river-2026',
      },
      remoteAddress: '10.66.0.2',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    await lockAccount(owner.email, '10.66.1');
    // The address the change came from is known; the one the old password was used from no longer is.
    expect((await login(owner.email, 'Tapi-river-2026', '10.66.0.2')).statusCode).toBe(200);
    await lockAccount(owner.email, '10.66.2');
    expectRefusedBy(await login(owner.email, 'Tapi-river-2026', '10.66.0.1'), 'account');
  });
});
