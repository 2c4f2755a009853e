import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginAttempts } from '../../db/schema/index.js';
import { verifications } from '../../test/counting-argon2.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { MAX_ACCOUNT_ADDRESS_FAILURES, MAX_ACCOUNT_FAILURES } from './auth.password-throttle.js';

// Every argon2id verification the server runs, counted: the work the throttle must bound.
vi.mock('@node-rs/argon2', async (importOriginal) =>
  (await import('../../test/counting-argon2.js')).countingArgon2(importOriginal),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  verifications.count = 0;
});

const PARALLEL = 50;

const signIn = (email: string, password: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/**
 * Each of the PARALLEL attempts was either checked (one argon2id verification, refused with
 * `refusedWith`) or turned away with 429 unchecked; some and at most `max` were checked.
 */
function expectBoundedChecks(answers: { statusCode: number }[], refusedWith: number, max: number) {
  const statuses = answers.map((answer) => answer.statusCode);
  expect(verifications.count).toBeGreaterThan(0);
  expect(verifications.count).toBeLessThanOrEqual(max);
  expect(statuses.filter((status) => status === refusedWith)).toHaveLength(verifications.count);
  expect(statuses.filter((status) => status === 429)).toHaveLength(PARALLEL - verifications.count);
}

describe('password guessing in parallel', () => {
  it('gives at most 10 password checks for 50 parallel wrong sign-ins of one account from 50 addresses, and refuses the rest with 429 without counting them', async () => {
    const user = await t.buildUser();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        signIn(user.email, `wrong-password-${i}`, `10.50.${Math.floor(i / 200)}.${i % 200}`),
      ),
    );
    expectBoundedChecks(answers, 401, MAX_ACCOUNT_FAILURES);
    // Only the checked attempts count as failures; a 429 is not another one.
    const failures = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(failures).toHaveLength(verifications.count);
    expect(failures.every((row) => !row.succeeded)).toBe(true);
  });

  it('gives at most 5 password checks for 50 parallel wrong sign-ins of one account from one address', async () => {
    const user = await t.buildUser();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => signIn(user.email, `wrong-password-${i}`, '10.51.0.1')),
    );
    expectBoundedChecks(answers, 401, MAX_ACCOUNT_ADDRESS_FAILURES);
    const failures = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(failures).toHaveLength(verifications.count);
  });

  it('gives at most 5 password checks for 50 parallel wrong current passwords of one account', async () => {
    const user = await t.buildUser();
    const request = t.withToken(await t.signIn(user.email, user.password));
    verifications.count = 0;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        request({
          method: 'PUT',
          url: '/api/users/profile/password',
          payload: {
            current_password: `not-my-password-${i}`,
            new_password: 'Godavari-banks-2026',
            confirm_password: 'Godavari-banks-2026',
          },
        }),
      ),
    );
    expectBoundedChecks(answers, 400, 5);
    const failures = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(failures.filter((row) => !row.succeeded)).toHaveLength(verifications.count);
  });

  it('still lets the right password in after fewer than 5 failures, and then counts afresh', async () => {
    const user = await t.buildUser();
    const wrong = await Promise.all(Array.from({ length: 4 }, (_, i) => signIn(user.email, `wrong-password-${i}`)));
    expect(wrong.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, 'wrong-again')).statusCode).toBe(401);
  });
});
