import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZSystemHealthResponse, type Actor } from '@srpf/shared';
import { healthAlerts, healthProbeResults, healthSamples } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { LogRing } from '../../lib/health/log-ring.js';
import { createHealthSampler } from '../../lib/health/sampler.js';
import { HttpStats } from '../../lib/health/http-stats.js';
import { createLogger } from '../../lib/logger.js';
import { logLines } from '../../test/log-lines.js';
import { spendCpu } from '../../test/spend-cpu.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createHealthPrune } from './system-health.prune.js';
import { createSystemHealthService } from './system-health.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  clock.set(null);
  await t.database.db.delete(healthSamples);
  await t.database.db.delete(healthProbeResults);
  await t.database.db.delete(healthAlerts);
});

const NOW = new Date('2026-11-20T10:00:00Z');

const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

async function readHealth() {
  const admin = await t.as('admin');
  const answer = await admin({ method: 'GET', url: '/api/system-health' });
  expect(answer.statusCode).toBe(200);
  return ZSystemHealthResponse.parse(answer.json()).data.health;
}

function sample(instance: string, at: Date, extra: Partial<typeof healthSamples.$inferInsert> = {}) {
  const [role = 'server', rest = ''] = instance.split('@');
  const [host = 'host', pid = '1'] = rest.split(':');
  return {
    instance,
    role,
    host,
    pid: Number(pid),
    started_at: minutesAgo(60 * 24 * 40),
    sampled_at: at,
    event_loop_lag_ms: 1.5,
    rss_bytes: 100_000_000,
    heap_used_bytes: 50_000_000,
    ...extra,
  };
}

describe('GET /api/system-health', () => {
  it('answers administrators with the whole page, before any probe ran', async () => {
    for (const role of ['superadmin', 'admin']) {
      const request = await t.as(role);
      const answer = await request({ method: 'GET', url: '/api/system-health' });
      expect(answer.statusCode).toBe(200);
      const { health } = ZSystemHealthResponse.parse(answer.json()).data;
      expect(health.services.map((card) => card.service)).toEqual([
        'database',
        'storage',
        'queue',
        'renderer',
        'whatsapp',
      ]);
      expect(health.services[0]).toMatchObject({
        status: 'warning',
        reason: { code: 'not_checked_yet' },
        lastCheck: null,
        uptime: { day: null, week: null, month: null },
      });
      expect(health.checkedAt).toBeNull();
    }
  });

  it('refuses everyone else (403 in the envelope) and asks for a session (401)', async () => {
    for (const role of ['viewer', 'officer', 'executive', 'company_lead', 'manager']) {
      const request = await t.as(role);
      const answer = await request({ method: 'GET', url: '/api/system-health' });
      expect(answer.statusCode, role).toBe(403);
      expect(answer.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/system-health' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
  });

  it('computes uptime over 24 h, 7 d and 30 d from the kept results, by the clock', async () => {
    clock.set(NOW);
    const result = (status: string, at: Date) => ({ service: 'database', status, figures: [], checked_at: at });
    await t.database.db.insert(healthProbeResults).values([
      result('healthy', minutesAgo(1)),
      result('warning', minutesAgo(2)),
      result('healthy', minutesAgo(3)),
      result('critical', minutesAgo(4)),
      result('critical', minutesAgo(3 * 24 * 60)),
      result('healthy', minutesAgo(10 * 24 * 60)),
      // Past 30 days, and after the clock: neither counts.
      result('critical', minutesAgo(31 * 24 * 60)),
      result('critical', new Date(NOW.getTime() + 60_000)),
    ]);
    await t.database.db.insert(healthSamples).values([
      // Sampled every minute for the last 2: 3 samples of 3 minutes.
      sample('server@host-a:1', minutesAgo(2)),
      sample('server@host-a:1', minutesAgo(1)),
      sample('server@host-a:1', NOW),
      // Two samples over 5 minutes: a 3-minute gap.
      sample('worker@host-b:2', minutesAgo(4)),
      sample('worker@host-b:2', NOW),
    ]);
    const health = await readHealth();
    const database = health.services.find((card) => card.service === 'database');
    expect(database).toMatchObject({
      status: 'healthy',
      lastCheck: minutesAgo(1).toISOString(),
      // 4 of 6 is 66.6 %: rounded down, so no downtime is ever rounded away into 100 %.
      uptime: { day: 75, week: 60, month: 66.6 },
    });
    expect(health.checkedAt).toBe(minutesAgo(1).toISOString());
    const uptimes = Object.fromEntries(health.instances.map((card) => [card.instance, card.uptime]));
    expect(uptimes).toEqual({
      'server@host-a:1': { day: 100, week: 100, month: 100 },
      'worker@host-b:2': { day: 40, week: 40, month: 40 },
    });
    // Together over 24 h: 3 of 4 results, and 5 samples of 8 minutes.
    expect(health.summary.uptime).toBe(66.6);
  });

  it("shows two instances' samples, judged by their age, their hosts' resources and their redacted logs", async () => {
    clock.set(NOW);
    const { stream } = logLines();
    const ring = new LogRing(5);
    const logger = createLogger('info', stream, ring);
    logger.warn({ password: 'hunter2-secret', user: { token: 'tok-abc-secret' } }, 'sign-in refused');
    const stats = new HttpStats();
    for (const ms of [10, 20, 30, 40]) stats.record(200, ms);
    stats.record(503, 100);
    const server = createHealthSampler({
      db: t.database.db,
      logger,
      clock,
      role: 'server',
      dataFolder: '/',
      logRing: ring,
      httpStats: stats,
      identity: { host: 'host-a', pid: 101 },
    });
    const worker = createHealthSampler({
      db: t.database.db,
      logger,
      clock,
      role: 'worker',
      dataFolder: '/',
      logRing: new LogRing(),
      identity: { host: 'host-b', pid: 202 },
    });
    spendCpu();
    try {
      expect(await server.sampleOnce()).toBe(true);
      expect(await worker.sampleOnce()).toBe(true);
    } finally {
      server.stop();
      worker.stop();
    }
    await t.database.db
      .insert(healthSamples)
      .values([
        sample('worker@host-c:3', minutesAgo(3)),
        sample('worker@host-d:4', minutesAgo(10)),
        sample('worker@host-e:5', minutesAgo(20)),
      ]);

    const health = await readHealth();
    expect(health.instances.map((card) => [card.instance, card.status])).toEqual([
      ['server@host-a:101', 'healthy'],
      ['worker@host-b:202', 'healthy'],
      ['worker@host-c:3', 'warning'],
      ['worker@host-d:4', 'critical'],
    ]);
    expect(health.instances[0]).toMatchObject({
      role: 'server',
      host: 'host-a',
      pid: 101,
      responseP50Ms: 30,
      responseP99Ms: 100,
      errorRatePercent: 20,
    });
    expect(health.instances[1]).toMatchObject({ role: 'worker', responseP50Ms: null, errorRatePercent: null });
    expect(health.instances[2]?.reason).toEqual({ code: 'instance_silent', params: { seconds: 180 } });
    expect(health.summary).toMatchObject({ warning: 6, critical: 1 });
    const hostA = health.hosts.find((host) => host.host === 'host-a');
    expect(hostA?.resources.map((resource) => [resource.kind, resource.threshold])).toEqual(
      expect.arrayContaining([
        ['cpu', 80],
        ['memory', 85],
        ['disk', 90],
      ]),
    );
    expect(health.logs).toHaveLength(1);
    expect(health.logs[0]).toMatchObject({ instance: 'server@host-a:101', level: 'warn' });
    expect(health.logs[0]?.message).toContain('sign-in refused');
    expect(health.logs[0]?.message).toContain('[redacted]');
    expect(health.logs[0]?.message).not.toContain('secret');
  });
});

describe('with kept answers on (as in production)', () => {
  it('reads the uptime counts once a minute, and afresh in the next', async () => {
    clock.set(NOW);
    const health = createSystemHealthService({
      db: t.database.db,
      clock,
      config: { ...t.config, answerCacheSeconds: 5 },
    });
    const admin: Actor = {
      userId: 1,
      role: 'admin',
      companyId: null,
      overseenCompanyIds: [],
      grants: [],
      approvalRole: null,
    };
    const result = (status: string, at: Date) => ({ service: 'queue', status, figures: [], checked_at: at });
    await t.database.db.insert(healthProbeResults).values(result('healthy', minutesAgo(1)));
    const queueUptime = async () =>
      (await health.read(admin)).services.find((card) => card.service === 'queue')?.uptime.day;
    expect(await queueUptime()).toBe(100);
    await t.database.db.insert(healthProbeResults).values(result('critical', new Date(NOW.getTime() - 1_000)));
    // Within the same minute: the counts read at its start.
    clock.set(new Date(NOW.getTime() + 30_000));
    expect(await queueUptime()).toBe(100);
    clock.set(new Date(NOW.getTime() + 60_000));
    expect(await queueUptime()).toBe(50);
  });
});

describe('a process that stops cleanly', () => {
  it('is no longer listed, and its silence raises no alert', async () => {
    const sampler = createHealthSampler({
      db: t.database.db,
      logger: createLogger('silent'),
      clock,
      role: 'worker',
      dataFolder: '/',
      logRing: new LogRing(),
      identity: { host: 'host-g', pid: 11 },
    });
    expect(await sampler.sampleOnce()).toBe(true);
    expect((await readHealth()).instances.map((card) => card.instance)).toEqual(['worker@host-g:11']);
    await sampler.close();
    const [row] = await t.database.db.select().from(healthSamples);
    expect(row?.stopped_at).toBeInstanceOf(Date);
    expect((await readHealth()).instances).toEqual([]);
  });
});

describe('the daily prune', () => {
  it('removes results, samples and cleared alerts older than 30 days, and keeps open alerts', async () => {
    clock.set(NOW);
    const old = minutesAgo(31 * 24 * 60);
    await t.database.db.insert(healthProbeResults).values([
      { service: 'queue', status: 'healthy', figures: [], checked_at: old },
      { service: 'queue', status: 'healthy', figures: [], checked_at: minutesAgo(60) },
    ]);
    await t.database.db.insert(healthSamples).values([sample('server@h:1', old), sample('server@h:1', minutesAgo(1))]);
    await t.database.db.insert(healthAlerts).values([
      { subject: 'queue', subject_kind: 'service', status: 'warning', started_at: old, cleared_at: old },
      { subject: 'storage', subject_kind: 'service', status: 'critical', started_at: old },
      { subject: 'database', subject_kind: 'service', status: 'critical', started_at: old, cleared_at: minutesAgo(60) },
    ]);
    const prune = createHealthPrune({ db: t.database.db, clock });
    expect(await prune()).toEqual({ samples: 1, results: 1, alerts: 1 });
    expect(await prune()).toEqual({ samples: 0, results: 0, alerts: 0 });
    const alerts = await t.database.db.select().from(healthAlerts);
    expect(alerts.map((alert) => alert.subject).sort()).toEqual(['database', 'storage']);
  });
});
