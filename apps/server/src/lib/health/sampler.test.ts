import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { healthSamples } from '../../db/schema/index.js';
import { logLines } from '../../test/log-lines.js';
import { spendCpu } from '../../test/spend-cpu.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { clock } from '../clock.js';
import { createLogger } from '../logger.js';
import { LogRing } from './log-ring.js';
import { createHealthSampler, FIRST_SAMPLE_DELAY_MS, SAMPLE_INTERVAL_MS } from './sampler.js';

/** A process's minute sample (issue 32): its timing, its failures, and the redacted ring of warnings it carries. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  clock.set(null);
  await t.database.db.delete(healthSamples);
});

const NOW = new Date('2026-11-20T10:00:00Z');

describe('the sampler', () => {
  it('never throws: a failed write is logged once at warn, and the next that works is kept', async () => {
    const { stream, lines } = logLines();
    const logger = createLogger('info', stream, new LogRing());
    const broken = {
      insert: () => ({ values: () => ({ returning: () => Promise.reject(new Error('connection refused')) }) }),
    };
    const failing = createHealthSampler({
      db: broken as unknown as typeof t.database.db,
      logger,
      clock,
      role: 'worker',
      dataFolder: '/',
      logRing: new LogRing(),
      identity: { host: 'host-f', pid: 7 },
    });
    try {
      expect(await failing.sampleOnce()).toBe(false);
      expect(await failing.sampleOnce()).toBe(false);
    } finally {
      failing.stop();
    }
    await new Promise((resolve) => setImmediate(resolve));
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string; instance: string });
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'the health sample could not be written',
        instance: 'worker@host-f:7',
      }),
    ]);

    const ring = new LogRing();
    ring.keep(JSON.stringify({ level: 50, time: NOW.getTime(), msg: 'a job failed' }));
    const working = createHealthSampler({
      db: t.database.db,
      logger,
      clock,
      role: 'worker',
      dataFolder: '/',
      logRing: ring,
      identity: { host: 'host-f', pid: 7 },
    });
    try {
      expect(await working.sampleOnce()).toBe(true);
      expect(await working.sampleOnce()).toBe(true);
    } finally {
      working.stop();
    }
    const rows = (await t.database.db.select().from(healthSamples)).sort((a, b) => a.id - b.id);
    expect(rows).toEqual([
      expect.objectContaining({ instance: 'worker@host-f:7', role: 'worker', requests: null }),
      expect.objectContaining({ instance: 'worker@host-f:7', role: 'worker', requests: null }),
    ]);
    expect(rows[0]?.event_loop_lag_ms).toBeGreaterThanOrEqual(0);
    // Only the latest sample carries the ring.
    expect(rows.map((row) => row.logs)).toEqual([
      [],
      [{ time: NOW.toISOString(), level: 'error', message: 'a job failed' }],
    ]);
  });
});

describe('a started sampler', () => {
  it('writes its first sample within seconds, with CPU measured since it started, then one a minute', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    const sampler = createHealthSampler({
      db: t.database.db,
      logger: createLogger('silent'),
      clock,
      role: 'server',
      dataFolder: '/',
      logRing: new LogRing(),
      identity: { host: 'host-s', pid: 9 },
    });
    try {
      sampler.start();
      spendCpu();
      await vi.advanceTimersByTimeAsync(FIRST_SAMPLE_DELAY_MS - 1);
      expect(await t.database.db.select().from(healthSamples)).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(async () => expect(await t.database.db.select().from(healthSamples)).toHaveLength(1));
      const [first] = await t.database.db.select().from(healthSamples);
      expect(first?.cpu_percent).toEqual(expect.any(Number));
      await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
      await vi.waitFor(async () => expect(await t.database.db.select().from(healthSamples)).toHaveLength(2));
    } finally {
      sampler.stop();
      vi.useRealTimers();
    }
  });
});

describe('the log ring', () => {
  it('keeps the last warnings and errors only, as the log redacts them', () => {
    const { stream, lines } = logLines();
    const ring = new LogRing(3);
    const logger = createLogger('info', stream, ring);
    logger.info('an ordinary line');
    for (let line = 1; line <= 5; line += 1) logger.error({ accessToken: `secret-${line}` }, `failure ${line}`);
    expect(ring.snapshot().map((line) => line.message)).toEqual([
      'failure 3 {"accessToken":"[redacted]"}',
      'failure 4 {"accessToken":"[redacted]"}',
      'failure 5 {"accessToken":"[redacted]"}',
    ]);
    expect(ring.snapshot().every((line) => line.level === 'error')).toBe(true);
    // The log itself still has every line.
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(lines).toHaveLength(6);
        resolve();
      }),
    );
  });
});

describe('the log ring keeps no values of a failed query', () => {
  it("shows an error's type, code and message without the query's parameters, its cause's detail or a person's number", () => {
    const ring = new LogRing();
    const logger = createLogger('warn', logLines().stream, ring);
    const failed = Object.assign(
      new Error('Failed query: update "users" set "password_hash" = $1 where "id" = $2\nparams: $argon2id$v=19$abc,42'),
      {
        query: 'update "users" set "password_hash" = $1 where "id" = $2',
        params: ['$argon2id$v=19$abc', 42],
        code: '23505',
        cause: { detail: 'Key (phone_number)=(9876543210) already exists.' },
      },
    );
    logger.error({ err: failed, job: 'users.import', phone_number: '9876543210' }, 'job failed for good');
    const [line] = ring.snapshot();
    expect(line?.message).toContain('job failed for good');
    expect(line?.message).toContain('23505');
    expect(line?.message).toContain('Failed query: update');
    expect(line?.message).toContain('users.import');
    for (const hidden of ['argon2id', '9876543210', 'params', 'already exists'])
      expect(line?.message).not.toContain(hidden);
  });
});
