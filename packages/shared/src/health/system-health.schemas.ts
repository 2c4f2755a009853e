import { z } from 'zod';

/**
 * The system health page (/health, issue 32): what the probes and the processes' minute samples kept,
 * read by administrators through `GET /api/system-health`. Every figure comes from kept rows, so any
 * instance answers for all of them.
 */

export const HEALTH_STATES = ['healthy', 'warning', 'critical'] as const;
export const ZHealthState = z.enum(HEALTH_STATES);
export type THealthState = z.infer<typeof ZHealthState>;

/** The shared services one probe run checks each minute. */
export const HEALTH_SERVICES = ['database', 'storage', 'queue', 'renderer', 'whatsapp'] as const;
export const ZHealthService = z.enum(HEALTH_SERVICES);
export type THealthService = z.infer<typeof ZHealthService>;

/** Uptime % over the kept results of each window (null: nothing kept in that window yet). */
export const ZHealthUptime = z.object({
  day: z.number().min(0).max(100).nullable(),
  week: z.number().min(0).max(100).nullable(),
  month: z.number().min(0).max(100).nullable(),
});
export type THealthUptime = z.infer<typeof ZHealthUptime>;

/**
 * One figure of a card: a stable key the web words (`round_trip_ms`, `size_bytes`, `connections`,
 * `free_bytes`, `backlog`, `oldest_waiting_seconds`, `failed_last_hour`, `mode`, `paused`,
 * `last_webhook_at` …), its value and its unit. The web formats the value by its unit.
 */
export const ZHealthFigure = z.object({
  key: z.string(),
  value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  unit: z.enum(['ms', 'seconds', 'bytes', 'bytes_per_second', 'percent', 'count', 'text', 'time', 'flag']),
  /** For a count of a maximum (connections in use of 100): the maximum. */
  of: z.number().optional(),
});
export type THealthFigure = z.infer<typeof ZHealthFigure>;

/** Why a check is not healthy: a stable code the web words (`database_unreachable`, `storage_read_only` …) and its parameters. */
export const ZHealthReason = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type THealthReason = z.infer<typeof ZHealthReason>;

export const ZHealthServiceCard = z.object({
  service: ZHealthService,
  status: ZHealthState,
  reason: ZHealthReason.nullable(),
  /** How long the probe of this service took. */
  responseTimeMs: z.number().nullable(),
  lastCheck: z.string().nullable(),
  uptime: ZHealthUptime,
  figures: z.array(ZHealthFigure),
});
export type THealthServiceCard = z.infer<typeof ZHealthServiceCard>;

export const ZHealthInstanceCard = z.object({
  /** `${role}@${host}:${pid}` as the process wrote it; stable for the process's life. */
  instance: z.string(),
  role: z.enum(['server', 'worker']),
  host: z.string(),
  pid: z.number().int(),
  startedAt: z.string(),
  /** healthy while its sample is fresh (≤ 2 min), warning when stale, critical past 5 min; a process gone quiet for 15 min is no longer listed. */
  status: ZHealthState,
  reason: ZHealthReason.nullable(),
  lastCheck: z.string(),
  uptime: ZHealthUptime,
  responseP50Ms: z.number().nullable(),
  responseP99Ms: z.number().nullable(),
  /** Share of its responses in the last minute that were 5xx, 0–100; null where it serves no HTTP. */
  errorRatePercent: z.number().nullable(),
  eventLoopLagMs: z.number(),
  memoryRssBytes: z.number(),
  heapUsedBytes: z.number(),
});
export type THealthInstanceCard = z.infer<typeof ZHealthInstanceCard>;

export const RESOURCE_KINDS = ['cpu', 'memory', 'disk', 'network'] as const;
export const ZResourceKind = z.enum(RESOURCE_KINDS);
export type TResourceKind = z.infer<typeof ZResourceKind>;

/** One resource bar: `current` and `threshold` in percent (network: of the configured link), as the spec's resource metrics. */
export const ZHealthResource = z.object({
  kind: ZResourceKind,
  current: z.number().min(0),
  threshold: z.number().min(0).max(100),
  /** Network only: bytes per second, in and out together. */
  bytesPerSecond: z.number().optional(),
});
export type THealthResource = z.infer<typeof ZHealthResource>;

export const ZHealthHost = z.object({
  host: z.string(),
  lastCheck: z.string(),
  resources: z.array(ZHealthResource),
});
export type THealthHost = z.infer<typeof ZHealthHost>;

/** A state change of a service or an instance: opened when it left healthy, cleared when it came back. */
export const ZHealthAlert = z.object({
  id: z.number().int(),
  /** A service name, or an instance as in ZHealthInstanceCard. */
  subject: z.string(),
  subjectKind: z.enum(['service', 'instance', 'resource']),
  status: z.enum(['warning', 'critical']),
  reason: ZHealthReason.nullable(),
  startedAt: z.string(),
  clearedAt: z.string().nullable(),
});
export type THealthAlert = z.infer<typeof ZHealthAlert>;

/** One warning or error line of a process's bounded ring, redacted as the log redacts. */
export const ZHealthLogLine = z.object({
  instance: z.string(),
  time: z.string(),
  level: z.enum(['warn', 'error', 'fatal']),
  message: z.string(),
});
export type THealthLogLine = z.infer<typeof ZHealthLogLine>;

export const ZSystemHealth = z.object({
  status: ZHealthState,
  /** When the last probe run ended (null before the first). */
  checkedAt: z.string().nullable(),
  summary: z.object({
    healthy: z.number().int(),
    warning: z.number().int(),
    critical: z.number().int(),
    /** Uptime % of every service and instance together over the last 24 h (null before any result). */
    uptime: z.number().nullable(),
  }),
  services: z.array(ZHealthServiceCard),
  instances: z.array(ZHealthInstanceCard),
  hosts: z.array(ZHealthHost),
  alerts: z.array(ZHealthAlert),
  logs: z.array(ZHealthLogLine),
});
export type TSystemHealth = z.infer<typeof ZSystemHealth>;

/** `GET /api/system-health`: `{ success, data: { health } }`. */
export const ZSystemHealthResponse = z.object({ success: z.literal(true), data: z.object({ health: ZSystemHealth }) });
export type TSystemHealthResponse = z.infer<typeof ZSystemHealthResponse>;
