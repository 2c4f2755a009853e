import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createPasswordHasher } from '../../lib/passwords.js';
import { randomSecret } from '../../lib/secrets.js';
import { verifications } from '../../test/counting-argon2.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { LOGIN_WINDOW_MS } from './auth.password-throttle.js';

/**
 * A wrong password must take as long whatever the account: one holding a one-time password (a fast
 * keyed hash), one holding an argon2id hash, or no account at all; else the time tells an attacker
 * which imported accounts still wait for their first sign-in. Measured with the production argon2id
 * cost, the kinds taking turns in each round, and compared by the median of each attempt's time over
 * its round's mean, so that load changes on a busy machine between rounds cancel out. A loaded CI
 * machine can still put one measurement past the tolerance, so one outside it is measured again and
 * the test fails only when the second is outside too: a real leak (the one-time password's fast hash
 * took 0.4 of the others' time before the fix, a 2.5 ratio) is outside both.
 */
const PRODUCTION_COST = { memoryCost: 19456, timeCost: 2 };
const ROUNDS = 60;
const TOLERANCE = 1.15;

// Every argon2id verification the server runs, counted: the work that makes up a failure's time.
vi.mock('@node-rs/argon2', async (importOriginal) =>
  (await import('../../test/counting-argon2.js')).countingArgon2(importOriginal),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ passwordHash: PRODUCTION_COST });
});
afterAll(() => t.close());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The emails of an account holding a one-time password, one holding a chosen password, and of nobody. */
async function threeKinds() {
  const oneTime = await t.buildUser({ must_change_password: true });
  const chosen = await t.buildUser();
  // Stored as the server stores them: a keyed hash of 128 random bits (the CSV import's), and argon2id at the server's cost.
  const oneTimeHash = createPasswordHasher(PRODUCTION_COST, [Buffer.from('a-one-time-password-key')]).hashOneTime(
    randomSecret(16),
  );
  await t.database.db.update(users).set({ password_hash: oneTimeHash }).where(eq(users.id, oneTime.id));
  await t.database.db
    .update(users)
    .set({ password_hash: await createPasswordHasher(PRODUCTION_COST).hash(chosen.password) })
    .where(eq(users.id, chosen.id));
  return { oneTime: oneTime.email, chosen: chosen.email, unknown: `nobody.${Date.now()}@srpf.test` };
}

type Kinds = Awaited<ReturnType<typeof threeKinds>>;

/**
 * One measurement of ROUNDS rounds: the largest ratio between the kinds' medians (each attempt's time
 * over its round's mean), and a summary for the failure message. `attempt` numbers the measurement,
 * so a second one takes its own addresses and later windows.
 */
async function measure(kinds: Kinds, attempt: number): Promise<{ ratio: number; summary: string }> {
  const names = Object.keys(kinds) as (keyof Kinds)[];
  const times: Record<keyof Kinds, number[]> = { oneTime: [], chosen: [], unknown: [] };
  const cpuTimes: Record<keyof Kinds, number[]> = { oneTime: [], chosen: [], unknown: [] };

  const start = Date.parse('2026-12-01T08:00:00Z') + attempt * (ROUNDS + 1) * (LOGIN_WINDOW_MS + 1000);
  try {
    // Round 0 warms up (the decoy hash, first queries) and is not counted.
    for (let round = 0; round <= ROUNDS; round += 1) {
      // Each round a window later, each attempt from its own address: no throttle counts earlier failures.
      clock.set(new Date(start + round * (LOGIN_WINDOW_MS + 1000)));
      for (let turn = 0; turn < names.length; turn += 1) {
        const kind = names[(round + turn) % names.length]!;
        const began = process.hrtime.bigint();
        const cpuBefore = process.cpuUsage();
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: kinds[kind], password: `wrong-password-${round}` },
          remoteAddress: `10.${80 + attempt}.${round}.${turn + 1}`,
        });
        const took = Number(process.hrtime.bigint() - began) / 1e6;
        const cpu = process.cpuUsage(cpuBefore);
        expect(response.statusCode, `${kind}: ${response.body}`).toBe(401);
        if (round > 0) {
          times[kind].push(took);
          cpuTimes[kind].push((cpu.user + cpu.system) / 1000);
        }
      }
    }
  } finally {
    clock.set(null);
  }

  const roundMean = (round: number) => names.reduce((sum, kind) => sum + times[kind][round]!, 0) / names.length;
  const relative = names.map((kind) => median(times[kind].map((took, round) => took / roundMean(round))));
  const summary = names
    .map(
      (kind, index) =>
        `${kind}: ${median(times[kind]).toFixed(1)} ms (${relative[index]!.toFixed(2)} of its round), CPU ${median(cpuTimes[kind]).toFixed(1)} ms`,
    )
    .join('; ');
  return { ratio: Math.max(...relative) / Math.min(...relative), summary };
}

describe('failed sign-ins all cost the same time', () => {
  it('runs one argon2id verification for a wrong password whatever the account', async () => {
    const kinds = await threeKinds();
    for (const [kind, email] of Object.entries(kinds)) {
      verifications.count = 0;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-password' },
        remoteAddress: '10.71.0.1',
      });
      expect(response.statusCode, kind).toBe(401);
      expect(verifications.count, kind).toBe(1);
    }
  });

  it(
    'takes as long for an account holding a one-time password, one holding a chosen password and an unknown email',
    { timeout: 360_000 },
    async () => {
      const kinds = await threeKinds();
      const first = await measure(kinds, 0);
      if (first.ratio <= TOLERANCE) return;
      const second = await measure(kinds, 1);
      expect(second.ratio, `first: ${first.summary}; again: ${second.summary}`).toBeLessThanOrEqual(TOLERANCE);
    },
  );
});
