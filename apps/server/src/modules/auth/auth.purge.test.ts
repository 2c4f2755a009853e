import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { knownSignInAddresses, loginAttempts, refreshTokens, roles, users } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createJobRunner, type JobRunner } from '../../lib/jobs/job-runner.js';
import { TEST_TIMINGS, waitFor } from '../../lib/jobs/test-support.js';
import { createLogger } from '../../lib/logger.js';
import { openTestDatabase } from '../../test/test-database.js';
import { AUTH_PURGE_CRON, AUTH_PURGE_JOB, createAuthPurgeHandler, registerAuthPurge } from './auth.purge.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

let database: DatabaseHandle;
let runner: JobRunner | undefined;
let userId: number;
const logLines: string[] = [];

beforeAll(async () => {
  clock.set(NOW);
  database = await openTestDatabase();
  const [role] = await database.db.insert(roles).values({ name: 'purge-test' }).returning();
  const [user] = await database.db
    .insert(users)
    .values({
      first_name: 'Purge',
      last_name: 'Test',
      email: 'purge@example.test',
      password_hash: 'x',
      role_id: role!.id,
    })
    .returning();
  userId = user!.id;
});

afterAll(async () => {
  clock.set(null);
  await runner?.stop({ timeoutMs: 1000 });
  await database?.close();
});

/** One family of refresh tokens, expiring `expiresInMinutes` from NOW each (negative: already expired). */
async function family(...expiresInMinutes: number[]): Promise<string> {
  return revokedFamily(null, ...expiresInMinutes);
}

/** The same, revoked `revokedMinutesAgo` before NOW (null: not revoked). */
async function revokedFamily(revokedMinutesAgo: number | null, ...expiresInMinutes: number[]): Promise<string> {
  const familyId = randomUUID();
  await database.db.insert(refreshTokens).values(
    expiresInMinutes.map((minutes) => ({
      user_id: userId,
      token_hash: randomUUID(),
      family_id: familyId,
      family_started_at: minutesAgo(60),
      created_at: minutesAgo(60),
      expires_at: new Date(NOW.getTime() + minutes * 60_000),
      revoked_at: revokedMinutesAgo === null ? null : minutesAgo(revokedMinutesAgo),
    })),
  );
  return familyId;
}

async function attempts(...minutesBefore: number[]) {
  await database.db.insert(loginAttempts).values(
    minutesBefore.map((minutes) => ({
      email: 'someone@example.test',
      ip: '10.0.0.1',
      succeeded: minutes % 2 === 0,
      created_at: minutesAgo(minutes),
    })),
  );
}

/** Known addresses whose latest right password was `daysBefore` NOW each. */
async function knownAddresses(...daysBefore: number[]) {
  await database.db.insert(knownSignInAddresses).values(
    daysBefore.map((days, index) => ({
      email: 'someone@example.test',
      ip: `10.9.0.${index + 1}`,
      last_success_at: minutesAgo(days * 24 * 60),
    })),
  );
}

const families = async () =>
  (await database.db.selectDistinct({ family: refreshTokens.family_id }).from(refreshTokens))
    .map((row) => row.family)
    .sort();
const attemptAges = async () =>
  (await database.db.select({ at: loginAttempts.created_at }).from(loginAttempts))
    .map((row) => (NOW.getTime() - row.at.getTime()) / 60_000)
    .sort((a, b) => a - b);
const knownAddressAges = async () =>
  (await database.db.select({ at: knownSignInAddresses.last_success_at }).from(knownSignInAddresses))
    .map((row) => (NOW.getTime() - row.at.getTime()) / 86_400_000)
    .sort((a, b) => a - b);

it('removes expired refresh-token families, attempts outside the window and addresses unused for 90 days, keeps the rest, and does it once', async () => {
  await family(-120, -60);
  const rotated = await family(-60, 30); // an expired token beside a live one still catches a replay
  const live = await family(30);
  // Signed out a few minutes ago: an access token of it may still be alive, and the guard reads its end here.
  const justEnded = await revokedFamily(5, -1);
  await revokedFamily(61, -1); // ended longer ago than any access token lives
  await attempts(16, 60 * 24, 14, 1);
  await knownAddresses(1, 89, 91, 365);

  const purge = createAuthPurgeHandler(database.db);
  expect(await purge()).toEqual({ refreshTokens: 3, loginAttempts: 2, knownAddresses: 2 });
  expect(await families()).toEqual([rotated, live, justEnded].sort());
  expect(await database.db.$count(refreshTokens)).toBe(4);
  expect(await attemptAges()).toEqual([1, 14]);
  expect(await knownAddressAges()).toEqual([1, 89]);

  expect(await purge()).toEqual({ refreshTokens: 0, loginAttempts: 0, knownAddresses: 0 });
});

it('runs as a daily job whose outcome is kept on the job and logged', async () => {
  await family(-5);
  await attempts(20);
  runner = createJobRunner({
    database,
    logger: createLogger(
      'info',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    ),
    timings: TEST_TIMINGS,
  });
  registerAuthPurge(runner, database.db);
  await runner.start();

  const id = await runner.enqueue(database.db, AUTH_PURGE_JOB, {});
  const job = await waitFor(async () => {
    const found = await runner!.getJob(AUTH_PURGE_JOB, id!);
    return found?.state === 'completed' ? found : null;
  }, 10_000);
  expect(job.output).toEqual({ refreshTokens: 1, loginAttempts: 1, knownAddresses: 0 });
  const completed = logLines
    .map((line) => JSON.parse(line) as { msg: string; job?: string; output?: unknown })
    .find((line) => line.msg === 'job completed');
  expect(completed).toMatchObject({
    job: AUTH_PURGE_JOB,
    output: { refreshTokens: 1, loginAttempts: 1, knownAddresses: 0 },
  });

  const schedules = await database.db.execute(
    sql`select cron, timezone from pgboss.schedule where name = ${AUTH_PURGE_JOB}`,
  );
  expect((schedules as { rows: unknown[] }).rows).toEqual([{ cron: AUTH_PURGE_CRON, timezone: 'Asia/Kolkata' }]);
});
