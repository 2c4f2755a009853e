import type { THealthState, TResourceKind } from './system-health.schemas.js';

/** The spec's resource thresholds (document 2, section 9), in percent; network is of the configured link. */
export const RESOURCE_THRESHOLDS: Readonly<Record<TResourceKind, number>> = {
  cpu: 80,
  memory: 85,
  disk: 90,
  network: 75,
};

/** A resource bar's colour: red at ≥ 90 % of its threshold, yellow at ≥ 75 %, otherwise green (spec, section 9). */
export function resourceLevel(current: number, threshold: number): 'green' | 'yellow' | 'red' {
  if (current >= threshold * 0.9) return 'red';
  if (current >= threshold * 0.75) return 'yellow';
  return 'green';
}

/** The same bar as a health state, for alerts: red is critical, yellow a warning. */
export function resourceState(current: number, threshold: number): THealthState {
  const level = resourceLevel(current, threshold);
  return level === 'red' ? 'critical' : level === 'yellow' ? 'warning' : 'healthy';
}

/** The worse of two states. */
export function worseState(a: THealthState, b: THealthState): THealthState {
  const rank = { healthy: 0, warning: 1, critical: 2 } as const;
  return rank[a] >= rank[b] ? a : b;
}
