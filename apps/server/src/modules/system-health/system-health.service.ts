import {
  HEALTH_SERVICES,
  mayViewSystemHealth,
  worseState,
  type Actor,
  type THealthAlert,
  type THealthFigure,
  type THealthInstanceCard,
  type THealthLogLine,
  type THealthReason,
  type THealthServiceCard,
  type THealthState,
  type THealthUptime,
  type TSystemHealth,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../lib/errors.js';
import type { RingLine } from '../../lib/health/log-ring.js';
import { hostResources, instanceState, latestPerHost } from './system-health.judge.js';
import {
  instanceUptimeCounts,
  latestResults,
  latestSamples,
  recentAlerts,
  serviceUptimeCounts,
  type UptimeWindow,
  type WindowCounts,
} from './system-health.repository.js';
import { HEALTH_THRESHOLDS } from './system-health.thresholds.js';

const ALERTS_SHOWN = 20;
const LOG_LINES_SHOWN = 100;

/** Rounded down: 100 % only when nothing was down (43,190 of 43,200 minutes is 99.9 %, not 100 %). */
const percent = ({ good, total }: WindowCounts) =>
  total === 0 ? null : Math.floor((1000 * Math.min(good, total)) / total) / 10;
const uptimeOf = (counts: Record<UptimeWindow, WindowCounts> | undefined): THealthUptime => ({
  day: counts ? percent(counts.day) : null,
  week: counts ? percent(counts.week) : null,
  month: counts ? percent(counts.month) : null,
});
const iso = (moment: Date | string) => new Date(moment).toISOString();

/**
 * The uptime counts read 30 days of minute rows (about 0.1–0.2 s on PostgreSQL at 5 services): kept
 * for the minute they were read in, as the probe writes once a minute, unless kept answers are off
 * (ANSWER_CACHE_SECONDS=0, as in the tests, which write rows between reads).
 */
function minuteMemo<T>(enabled: boolean) {
  let kept: { key: string; value: Promise<T> } | null = null;
  return (key: string, read: () => Promise<T>): Promise<T> => {
    if (!enabled) return read();
    if (kept?.key !== key) {
      const value = read();
      kept = { key, value };
      value.catch(() => {
        if (kept?.value === value) kept = null;
      });
    }
    return kept.value;
  };
}

/** The system health page's data (issue 32), from the kept rows only: any instance answers for all. */
export function createSystemHealthService(context: Pick<AppContext, 'db' | 'clock' | 'config'>) {
  const { db, clock } = context;
  const keepsAnswers = context.config.answerCacheSeconds > 0;
  const serviceCountsOf = minuteMemo<Awaited<ReturnType<typeof serviceUptimeCounts>>>(keepsAnswers);
  const instanceCountsOf = minuteMemo<Awaited<ReturnType<typeof instanceUptimeCounts>>>(keepsAnswers);

  return {
    async read(actor: Actor): Promise<TSystemHealth> {
      if (!mayViewSystemHealth(actor)) throw forbidden();
      const now = clock.now();
      const listedAfter = new Date(now.getTime() - HEALTH_THRESHOLDS.instance.listedForMs);
      const [results, samples, serviceCounts, alerts] = await Promise.all([
        latestResults(db, now),
        latestSamples(db, listedAfter, now),
        serviceCountsOf(String(Math.floor(now.getTime() / 60_000)), () => serviceUptimeCounts(db, now)),
        recentAlerts(db, ALERTS_SHOWN),
      ]);
      const instanceNames = samples.map((sample) => sample.instance);
      const instanceCounts = await instanceCountsOf(
        `${Math.floor(now.getTime() / 60_000)}|${instanceNames.join(',')}`,
        () => instanceUptimeCounts(db, instanceNames, now),
      );

      const services: THealthServiceCard[] = HEALTH_SERVICES.map((service) => {
        const result = results.find((row) => row.service === service);
        return {
          service,
          status: (result?.status as THealthState | undefined) ?? 'warning',
          reason: result ? (result.reason as THealthReason | null) : { code: 'not_checked_yet' },
          responseTimeMs: result?.response_time_ms ?? null,
          lastCheck: result ? iso(result.checked_at) : null,
          uptime: uptimeOf(serviceCounts.get(service)),
          figures: (result?.figures as THealthFigure[] | undefined) ?? [],
        };
      });

      const instances: THealthInstanceCard[] = samples
        .map((sample) => ({
          instance: sample.instance,
          role: sample.role === 'worker' ? ('worker' as const) : ('server' as const),
          host: sample.host,
          pid: sample.pid,
          startedAt: iso(sample.started_at),
          ...instanceState(sample, now),
          lastCheck: iso(sample.sampled_at),
          uptime: uptimeOf(instanceCounts.get(sample.instance)),
          responseP50Ms: sample.response_p50_ms,
          responseP99Ms: sample.response_p99_ms,
          errorRatePercent:
            sample.requests === null || sample.requests === 0
              ? null
              : Math.round((1000 * (sample.errors_5xx ?? 0)) / sample.requests) / 10,
          eventLoopLagMs: sample.event_loop_lag_ms,
          memoryRssBytes: sample.rss_bytes,
          heapUsedBytes: sample.heap_used_bytes,
        }))
        .sort((a, b) => a.instance.localeCompare(b.instance));

      const hosts = latestPerHost(samples).map((sample) => ({
        host: sample.host,
        lastCheck: iso(sample.sampled_at),
        resources: hostResources(sample),
      }));

      const logs: THealthLogLine[] = samples
        .flatMap((sample) =>
          ((sample.logs as RingLine[] | null) ?? []).map((line) => ({
            instance: sample.instance,
            time: line.time,
            level: line.level,
            message: line.message,
          })),
        )
        .sort((a, b) => b.time.localeCompare(a.time))
        .slice(0, LOG_LINES_SHOWN);

      // The overall state is that of the cards the summary counts; a host's resources show in their
      // bars' colours and in the alerts, so the summary and the overall state never disagree.
      const cards = [...services, ...instances];
      let status: THealthState = 'healthy';
      for (const card of cards) status = worseState(status, card.status);
      const day = [...serviceCounts.values(), ...instanceCounts.values()].reduce(
        (sum, counts) => ({
          good: sum.good + Math.min(counts.day.good, counts.day.total),
          total: sum.total + counts.day.total,
        }),
        { good: 0, total: 0 },
      );
      const checked = results.map((row) => new Date(row.checked_at).getTime());

      return {
        status,
        checkedAt: checked.length > 0 ? new Date(Math.max(...checked)).toISOString() : null,
        summary: {
          healthy: cards.filter((card) => card.status === 'healthy').length,
          warning: cards.filter((card) => card.status === 'warning').length,
          critical: cards.filter((card) => card.status === 'critical').length,
          uptime: percent(day),
        },
        services,
        instances,
        hosts,
        alerts: alerts.map((alert): THealthAlert => ({
          id: alert.id,
          subject: alert.subject,
          subjectKind: alert.subject_kind as THealthAlert['subjectKind'],
          status: alert.status as THealthAlert['status'],
          reason: alert.reason as THealthReason | null,
          startedAt: iso(alert.started_at),
          clearedAt: alert.cleared_at ? iso(alert.cleared_at) : null,
        })),
        logs,
      };
    },
  };
}

export type SystemHealthService = ReturnType<typeof createSystemHealthService>;
