import type { THealthFigure, THealthReason, THealthService, THealthState } from '@srpf/shared';

/** What one check of a shared service found. */
export interface ProbeResult {
  status: THealthState;
  reason: THealthReason | null;
  responseTimeMs: number | null;
  figures: THealthFigure[];
}

export interface ServiceResult extends ProbeResult {
  service: THealthService;
}

export const healthy = (figures: THealthFigure[], responseTimeMs: number | null = null): ProbeResult => ({
  status: 'healthy',
  reason: null,
  responseTimeMs,
  figures,
});

/** Milliseconds since `started` (performance.now()), to a tenth. */
export const elapsedMs = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/** A figure; `of` only when given. */
export function figure(
  key: string,
  value: THealthFigure['value'],
  unit: THealthFigure['unit'],
  of?: number,
): THealthFigure {
  return of === undefined ? { key, value, unit } : { key, value, unit, of };
}
