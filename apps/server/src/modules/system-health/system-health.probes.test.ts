import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZSystemHealthResponse } from '@srpf/shared';
import { createContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { healthAlerts, healthProbeResults, healthSamples, whatsappQueueState } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import type { FileStorage } from '../../lib/storage.js';
import { createLocalStorage } from '../../lib/storage-local.js';
import { buildServices, closeServices, type Services } from '../../services.js';
import { createLogger } from '../../lib/logger.js';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.js';
import { createProbeRun, type ProbeRunOptions } from './system-health.probe-run.js';

let t: TestApp;
let services: Services;
let folder: string;
beforeAll(async () => {
  // Jobs are enqueued here, so the queue's tables exist for its probe.
  t = await createTestApp({}, { enqueueJobs: true });
  // The registry as a server builds it, with Chromium missing: the probe asks the renderer's own state.
  const context = createContext(
    testConfig({ renderer: { chromiumPath: '/nonexistent/chromium', pages: 1, timeoutMs: 15_000 } }),
    t.database,
  );
  services = await buildServices(context);
  folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-health-'));
});
afterAll(async () => {
  await closeServices(services);
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});
afterEach(async () => {
  clock.set(null);
  await t.database.db.delete(healthProbeResults);
  await t.database.db.delete(healthAlerts);
  await t.database.db.delete(healthSamples);
});

const START = new Date('2026-11-20T10:00:00Z');
const minute = (n: number) => new Date(START.getTime() + n * 60_000);

/** A database whose every statement fails while `down`, as one that stopped answering. */
function switchableDatabase(db: Database) {
  const state = { down: false };
  const failing = new Set(['execute', 'select', 'selectDistinctOn', 'insert', 'update', 'delete', 'transaction']);
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (state.down && typeof property === 'string' && failing.has(property))
        return () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        };
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxy, state };
}

/**
 * A store whose writes fail while `readOnly`, as on a filesystem mounted read-only. (Tests run as root,
 * so a folder's mode stops nothing, and Node's recursive mkdir under /proc never returns.)
 */
function switchableStorage(good: FileStorage) {
  const state = { readOnly: false };
  const storage: FileStorage = {
    ...good,
    put: (source) =>
      state.readOnly
        ? Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }))
        : good.put(source),
  };
  return { storage, state };
}

function probeRun(overrides: Partial<ProbeRunOptions> = {}) {
  return createProbeRun({
    db: t.database.db,
    clock,
    logger: createLogger('silent'),
    storage: createLocalStorage(folder),
    storageFolder: folder,
    whatsappProvider: 'outbox',
    rendererHealth: async () => ({ available: true }),
    ...overrides,
  });
}

async function alertsOf(subject: string) {
  const alerts = await t.database.db.select().from(healthAlerts);
  return alerts
    .filter((alert) => alert.subject === subject)
    .map((alert) => ({
      status: alert.status,
      reason: (alert.reason as { code: string } | null)?.code ?? null,
      startedAt: new Date(alert.started_at).toISOString(),
      clearedAt: alert.cleared_at ? new Date(alert.cleared_at).toISOString() : null,
    }));
}

async function statusesOf(service: string) {
  const rows = await t.database.db.select().from(healthProbeResults);
  return rows
    .filter((row) => row.service === service)
    .sort((a, b) => new Date(a.checked_at).getTime() - new Date(b.checked_at).getTime())
    .map((row) => [new Date(row.checked_at).toISOString(), row.status]);
}

describe('the health probe', () => {
  it('finds every shared service healthy, with its figures', async () => {
    clock.set(START);
    const { results, written } = await probeRun().run();
    expect(written).toBe(true);
    expect(results.map((result) => [result.service, result.status])).toEqual([
      ['database', 'healthy'],
      ['storage', 'healthy'],
      ['queue', 'healthy'],
      ['renderer', 'healthy'],
      ['whatsapp', 'healthy'],
    ]);
    const keys = (service: string) =>
      results.find((result) => result.service === service)?.figures.map((figure) => figure.key);
    expect(keys('database')).toEqual(['round_trip_ms', 'size_bytes', 'connections']);
    expect(keys('storage')).toEqual(['free_bytes', 'free_percent', 'write_read_delete']);
    expect(keys('queue')).toEqual(['backlog', 'oldest_waiting_seconds', 'failed_last_hour']);
    expect(keys('whatsapp')).toEqual(['mode', 'paused', 'last_webhook_at', 'sent_last_24h']);
    expect(await t.database.db.select().from(healthAlerts)).toEqual([]);
  });

  it('skips a run asked for within 30 s of the last one (the run at start, jobs piled up), not one a minute later', async () => {
    const run = probeRun();
    clock.set(START);
    expect((await run.run({ skipIfRanWithinMs: 30_000 })).written).toBe(true);
    clock.set(new Date(START.getTime() + 10_000));
    expect(await run.run({ skipIfRanWithinMs: 30_000 })).toMatchObject({ skipped: true, written: false });
    clock.set(new Date(START.getTime() + 60_000));
    expect((await run.run({ skipIfRanWithinMs: 30_000 })).written).toBe(true);
    expect(await statusesOf('database')).toHaveLength(2);
  });

  it("alerts on a host's lasting load over five minutes, never on one busy minute, and clears when it falls", async () => {
    const run = probeRun();
    const sample = (at: Date, cpu: number) => ({
      instance: 'server@host-busy:1',
      role: 'server',
      host: 'host-busy',
      pid: 1,
      started_at: minute(-60),
      sampled_at: at,
      event_loop_lag_ms: 1,
      rss_bytes: 1,
      heap_used_bytes: 1,
      cpu_percent: cpu,
      memory_percent: 10,
      disk_percent: 10,
    });
    // Four quiet minutes, then one at 95 % (red is ≥ 72 % of the 80 % threshold): an average of 27 %.
    await t.database.db
      .insert(healthSamples)
      .values([
        ...[-4, -3, -2, -1].map((n) => sample(new Date(minute(0).getTime() + n * 60_000), 10)),
        sample(minute(0), 95),
      ]);
    clock.set(minute(0));
    await run.run();
    expect(await alertsOf('host-busy:cpu')).toEqual([]);

    // Four more busy minutes: the average of the last five is 95 %.
    await t.database.db.insert(healthSamples).values([1, 2, 3, 4].map((n) => sample(minute(n), 95)));
    clock.set(minute(4));
    await run.run();
    expect(await alertsOf('host-busy:cpu')).toEqual([
      { status: 'critical', reason: 'resource_high', startedAt: minute(4).toISOString(), clearedAt: null },
    ]);

    // Quiet again for five minutes.
    await t.database.db.insert(healthSamples).values([5, 6, 7, 8, 9].map((n) => sample(minute(n), 10)));
    clock.set(minute(9));
    await run.run();
    expect(await alertsOf('host-busy:cpu')).toEqual([
      {
        status: 'critical',
        reason: 'resource_high',
        startedAt: minute(4).toISOString(),
        clearedAt: minute(9).toISOString(),
      },
    ]);
  });

  it('keeps the results of a database outage and writes them, with the alert, once it answers again', async () => {
    const { db, state } = switchableDatabase(t.database.db);
    const run = probeRun({ db });
    clock.set(minute(0));
    expect((await run.run()).written).toBe(true);

    state.down = true;
    clock.set(minute(1));
    const down = await run.run();
    expect(down).toMatchObject({ written: false, pending: 1 });
    expect(down.results.find((result) => result.service === 'database')).toMatchObject({
      status: 'critical',
      reason: { code: 'database_unreachable' },
    });
    clock.set(minute(2));
    expect(await run.run()).toMatchObject({ written: false, pending: 2 });

    state.down = false;
    clock.set(minute(3));
    expect(await run.run()).toMatchObject({ written: true, pending: 0 });
    expect(await statusesOf('database')).toEqual([
      [minute(0).toISOString(), 'healthy'],
      [minute(1).toISOString(), 'critical'],
      [minute(2).toISOString(), 'critical'],
      [minute(3).toISOString(), 'healthy'],
    ]);
    expect(await alertsOf('database')).toEqual([
      {
        status: 'critical',
        reason: 'database_unreachable',
        startedAt: minute(1).toISOString(),
        clearedAt: minute(3).toISOString(),
      },
    ]);

    // The page shows it: the alert cleared, the service healthy again, 2 of 4 minutes critical.
    const admin = await t.as('admin');
    const { health } = ZSystemHealthResponse.parse(
      (await admin({ method: 'GET', url: '/api/system-health' })).json(),
    ).data;
    expect(health.services.find((card) => card.service === 'database')).toMatchObject({
      status: 'healthy',
      uptime: { day: 50 },
    });
    expect(health.alerts.find((alert) => alert.subject === 'database')).toMatchObject({
      subjectKind: 'service',
      status: 'critical',
      clearedAt: minute(3).toISOString(),
    });
  });

  it('keeps the minutes a sampler found the database unreachable, once across processes, and writes them when it answers', async () => {
    const run = probeRun();
    const otherProcess = probeRun();
    clock.set(minute(0));
    await run.run();
    // No probe job starts while the database is down: the processes' samplers note the minutes instead.
    run.noteUnreachable(minute(1));
    run.noteUnreachable(new Date(minute(1).getTime() + 10_000));
    run.noteUnreachable(minute(2));
    otherProcess.noteUnreachable(new Date(minute(1).getTime() + 5_000));
    await run.flush();
    await otherProcess.flush();
    clock.set(minute(3));
    await run.run();
    expect(await statusesOf('database')).toEqual([
      [minute(0).toISOString(), 'healthy'],
      [minute(1).toISOString(), 'critical'],
      [minute(2).toISOString(), 'critical'],
      [minute(3).toISOString(), 'healthy'],
    ]);
    expect(await alertsOf('database')).toEqual([
      {
        status: 'critical',
        reason: 'database_unreachable',
        startedAt: minute(1).toISOString(),
        clearedAt: minute(3).toISOString(),
      },
    ]);
  });

  it('finds a store that cannot be written critical, and clears the alert once it can', async () => {
    const { storage, state } = switchableStorage(createLocalStorage(folder));
    const run = probeRun({ storage });
    clock.set(minute(0));
    await run.run();
    state.readOnly = true;
    clock.set(minute(1));
    const failed = (await run.run()).results.find((result) => result.service === 'storage');
    expect(failed).toMatchObject({ status: 'critical', reason: { code: 'storage_read_only' } });
    expect(failed?.figures).toContainEqual({ key: 'write_read_delete', value: false, unit: 'flag' });
    clock.set(minute(2));
    await run.run();
    state.readOnly = false;
    clock.set(minute(3));
    await run.run();
    expect(await statusesOf('storage')).toEqual([
      [minute(0).toISOString(), 'healthy'],
      [minute(1).toISOString(), 'critical'],
      [minute(2).toISOString(), 'critical'],
      [minute(3).toISOString(), 'healthy'],
    ]);
    expect(await alertsOf('storage')).toEqual([
      {
        status: 'critical',
        reason: 'storage_read_only',
        startedAt: minute(1).toISOString(),
        clearedAt: minute(3).toISOString(),
      },
    ]);
  });

  it("reports a missing Chromium from the renderer's own state as a warning, cleared once it renders", async () => {
    const chromium = { missing: true };
    const run = probeRun({
      rendererHealth: () => (chromium.missing ? services.rendererHealth() : Promise.resolve({ available: true })),
    });
    clock.set(minute(0));
    const missing = (await run.run()).results.find((result) => result.service === 'renderer');
    expect(missing).toMatchObject({
      status: 'warning',
      reason: { code: 'renderer_unavailable', params: { detail: expect.stringContaining('/nonexistent/chromium') } },
    });
    expect(missing?.figures).toEqual([{ key: 'available', value: false, unit: 'flag' }]);
    chromium.missing = false;
    clock.set(minute(1));
    await run.run();
    expect(await alertsOf('renderer')).toEqual([
      {
        status: 'warning',
        reason: 'renderer_unavailable',
        startedAt: minute(0).toISOString(),
        clearedAt: minute(1).toISOString(),
      },
    ]);
  });

  it('warns while WhatsApp sending is paused', async () => {
    await t.database.db.update(whatsappQueueState).set({ paused_at: START, pause_code: 190, pause_reason: 'token' });
    try {
      clock.set(minute(0));
      const whatsapp = (await probeRun().run()).results.find((result) => result.service === 'whatsapp');
      expect(whatsapp).toMatchObject({ status: 'warning', reason: { code: 'whatsapp_paused' } });
      expect(whatsapp?.figures).toContainEqual({ key: 'paused', value: true, unit: 'flag' });
    } finally {
      await t.database.db.update(whatsappQueueState).set({ paused_at: null, pause_code: null, pause_reason: null });
    }
  });
});
