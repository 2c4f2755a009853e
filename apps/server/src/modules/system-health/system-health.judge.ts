import {
  RESOURCE_THRESHOLDS,
  resourceState,
  type THealthReason,
  type THealthResource,
  type THealthState,
} from '@srpf/shared';
import type { healthSamples } from '../../db/schema/index.js';
import { HEALTH_THRESHOLDS } from './system-health.thresholds.js';

export type SampleRow = typeof healthSamples.$inferSelect;

/** A host's resources averaged over a few minutes (percent; null where none of its samples told). */
export interface HostLoad {
  cpu: number | null;
  memory: number | null;
  disk: number | null;
  network: number | null;
}

/** A state of something the page shows and alerts on. */
export interface SubjectState {
  subject: string;
  kind: 'service' | 'instance' | 'resource';
  status: THealthState;
  reason: THealthReason | null;
}

const { staleWarningMs, staleCriticalMs } = HEALTH_THRESHOLDS.instance;

/** An instance by the age of its last sample: fresh (≤ 2 min) healthy, stale warning, past 5 min critical. */
export function instanceState(sample: SampleRow, now: Date): { status: THealthState; reason: THealthReason | null } {
  const ageMs = now.getTime() - new Date(sample.sampled_at).getTime();
  const seconds = Math.max(0, Math.round(ageMs / 1000));
  if (ageMs > staleCriticalMs) return { status: 'critical', reason: { code: 'instance_silent', params: { seconds } } };
  if (ageMs > staleWarningMs) return { status: 'warning', reason: { code: 'instance_silent', params: { seconds } } };
  return { status: 'healthy', reason: null };
}

/** A host's resource bars from its latest sample (a resource the system did not tell is left out). */
export function hostResources(sample: SampleRow): THealthResource[] {
  const resources: THealthResource[] = [];
  const bar = (kind: THealthResource['kind'], current: number | null) => {
    if (current !== null) resources.push({ kind, current: Math.max(0, current), threshold: RESOURCE_THRESHOLDS[kind] });
  };
  bar('cpu', sample.cpu_percent);
  bar('memory', sample.memory_percent);
  bar('disk', sample.disk_percent);
  if (sample.network_bytes_per_second !== null) {
    // Without a link speed the share is unknown: 0 %, with the bytes per second shown.
    resources.push({
      kind: 'network',
      current: Math.max(0, sample.network_percent ?? 0),
      threshold: RESOURCE_THRESHOLDS.network,
      bytesPerSecond: sample.network_bytes_per_second,
    });
  }
  return resources;
}

/** The newest sample of each host. */
export function latestPerHost(samples: readonly SampleRow[]): SampleRow[] {
  const byHost = new Map<string, SampleRow>();
  for (const sample of samples) {
    const kept = byHost.get(sample.host);
    if (!kept || new Date(kept.sampled_at) < new Date(sample.sampled_at)) byHost.set(sample.host, sample);
  }
  return [...byHost.values()].sort((a, b) => a.host.localeCompare(b.host));
}

/**
 * Every instance's state from its latest sample, and every host resource's from the host's load over
 * the last minutes where given (`load`, the probe's), else from its latest sample.
 */
export function judgeSamples(
  latest: readonly SampleRow[],
  now: Date,
  load: ReadonlyMap<string, HostLoad> = new Map(),
): SubjectState[] {
  const states: SubjectState[] = latest.map((sample) => ({
    subject: sample.instance,
    kind: 'instance' as const,
    ...instanceState(sample, now),
  }));
  for (const sample of latestPerHost(latest)) {
    const averaged = load.get(sample.host);
    for (const bar of hostResources(sample)) {
      const lasting = averaged?.[bar.kind];
      const resource =
        lasting === null || lasting === undefined ? bar : { ...bar, current: Math.round(lasting * 10) / 10 };
      const status = resourceState(resource.current, resource.threshold);
      states.push({
        subject: `${sample.host}:${resource.kind}`,
        kind: 'resource',
        status,
        reason:
          status === 'healthy'
            ? null
            : {
                code: 'resource_high',
                params: { host: sample.host, resource: resource.kind, percent: resource.current },
              },
      });
    }
  }
  return states;
}
