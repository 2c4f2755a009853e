import { resourceLevel } from '@srpf/shared/health/system-health.rules';
import type { THealthResource } from '@srpf/shared/health/system-health.schemas';

export type ResourceLevel = ReturnType<typeof resourceLevel>;

/** What a resource bar shows: how full (0–100), its colour by the spec's rule, and where the threshold sits. */
export interface ResourceBar {
  level: ResourceLevel;
  /** The bar's width and aria-valuenow: the usage in percent, held within 0–100. */
  fill: number;
  threshold: number;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

export function resourceBar(resource: Pick<THealthResource, 'current' | 'threshold'>): ResourceBar {
  return {
    level: resourceLevel(resource.current, resource.threshold),
    fill: clampPercent(Math.round(resource.current * 10) / 10),
    threshold: clampPercent(resource.threshold),
  };
}
