import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { openTestDatabase } from '../../test/test-database.js';
import { createLogger } from '../logger.js';
import { createJobRunner, type JobRunner } from './job-runner.js';
import { TEST_TIMINGS, waitFor } from './test-support.js';

let database: DatabaseHandle;
let runner: JobRunner;
const recorded: string[] = [];
const failures: { attempt: number; at: number }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  runner = createJobRunner({ database, logger: createLogger('silent'), timings: TEST_TIMINGS });
  runner.define<{ label: string }, { label: string }>(
    'test.record',
    async ({ label }) => {
      recorded.push(label);
      return { label };
    },
    { retryLimit: 0 },
  );
  runner.define(
    'test.fail',
    async (_data, job) => {
      failures.push({ attempt: job.attempt, at: Date.now() });
      throw new Error('the printer is on fire');
    },
    { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true },
  );
  await runner.start();
});

afterAll(async () => {
  await runner?.stop({ timeoutMs: 1000 });
  await database?.close();
});

describe('job runner', () => {
  it('enqueues with the transaction: a rolled-back job never exists, a committed one runs', async () => {
    let rolledBack: string | null = null;
    await expect(
      database.db.transaction(async (tx) => {
        rolledBack = await runner.enqueue(tx, 'test.record', { label: 'rolled back' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const committed = await database.db.transaction((tx) => runner.enqueue(tx, 'test.record', { label: 'committed' }));

    const job = await waitFor(async () => {
      const found = await runner.getJob('test.record', committed!);
      return found?.state === 'completed' ? found : null;
    }, 10_000);
    expect(job.output).toEqual({ label: 'committed' });
    expect(rolledBack).toEqual(expect.any(String));
    expect(await runner.getJob('test.record', rolledBack!)).toBeNull();
    expect(recorded).toEqual(['committed']);
  });

  it('retries a failing job with growing delays, then records it as failed', async () => {
    const id = await runner.enqueue(database.db, 'test.fail', {});
    const job = await waitFor(async () => {
      const found = await runner.getJob('test.fail', id!);
      return found?.state === 'failed' ? found : null;
    }, 20_000);

    expect(failures.map((failure) => failure.attempt)).toEqual([0, 1, 2]);
    expect(job.retryCount).toBe(2);
    expect(job.output).toMatchObject({ message: 'the printer is on fire' });
    // Backoff from 1 s: the first retry waits 1–2 s, the second 2–4 s.
    const [first, second, third] = failures.map((failure) => failure.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(1000);
    expect(third - second).toBeGreaterThanOrEqual(2000);
  }, 30_000);

  it('enqueues many jobs in one statement with the transaction: a rolled-back batch never exists, a committed one runs', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await runner.enqueueMany(tx, 'test.record', [{ data: { label: 'many rolled back' } }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.db.transaction((tx) =>
      runner.enqueueMany(tx, 'test.record', [
        { data: { label: 'many 1' }, singletonKey: 'one' },
        { data: { label: 'many 2' }, singletonKey: 'two' },
      ]),
    );
    await waitFor(async () => (recorded.includes('many 1') && recorded.includes('many 2') ? true : null), 10_000);
    expect(recorded).not.toContain('many rolled back');
    await runner.enqueueMany(database.db, 'test.record', []);
    await expect(runner.enqueueMany(database.db, 'test.unknown', [{ data: {} }])).rejects.toThrow(
      'job test.unknown is not defined',
    );
  });

  it('refuses jobs it does not know', async () => {
    await expect(runner.enqueue(database.db, 'test.unknown', {})).rejects.toThrow('job test.unknown is not defined');
  });
});
