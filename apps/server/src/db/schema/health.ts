import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The system health page (issue 32). Every server and worker process writes a sample each minute;
 * one probe run a minute (a job) writes a result per shared service and opens or clears alerts.
 * Rows are kept 30 days (the daily prune job); any instance reads them all.
 */

/** One process's minute: its own figures, its host's resources and its recent warnings (a redacted ring). */
export const healthSamples = pgTable(
  'health_samples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `${role}@${host}:${pid}`. */
    instance: text('instance').notNull(),
    role: text('role').notNull(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    sampled_at: timestamp('sampled_at', { withTimezone: true }).notNull(),
    /** The last minute's responses (null for the worker, which serves no HTTP, or a minute without any). */
    response_p50_ms: doublePrecision('response_p50_ms'),
    response_p99_ms: doublePrecision('response_p99_ms'),
    requests: integer('requests'),
    errors_5xx: integer('errors_5xx'),
    event_loop_lag_ms: doublePrecision('event_loop_lag_ms').notNull(),
    rss_bytes: bigint('rss_bytes', { mode: 'number' }).notNull(),
    heap_used_bytes: bigint('heap_used_bytes', { mode: 'number' }).notNull(),
    cpu_percent: doublePrecision('cpu_percent'),
    memory_percent: doublePrecision('memory_percent'),
    /** Of the filesystem holding DATA_DIR. */
    disk_percent: doublePrecision('disk_percent'),
    /** /proc/net/dev without lo, in and out together; null where unreadable. */
    network_bytes_per_second: doublePrecision('network_bytes_per_second'),
    /** Of the interfaces' link speed (/sys/class/net/<if>/speed); null where the speed is not told. */
    network_percent: doublePrecision('network_percent'),
    /** Set on the process's latest sample when it stopped cleanly: a stopped process is no longer listed, nor alerted on. */
    stopped_at: timestamp('stopped_at', { withTimezone: true }),
    /** The process's last warnings and errors, redacted as the log redacts ({time, level, message}[]). */
    logs: jsonb('logs')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('health_samples_sampled_idx').on(t.sampled_at),
    index('health_samples_instance_idx').on(t.instance, t.sampled_at),
  ],
);

/** One probe run's result for one shared service. */
export const healthProbeResults = pgTable(
  'health_probe_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    service: text('service').notNull(),
    status: text('status').notNull(),
    reason: jsonb('reason'),
    response_time_ms: doublePrecision('response_time_ms'),
    figures: jsonb('figures')
      .notNull()
      .default(sql`'[]'::jsonb`),
    checked_at: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('health_probe_results_checked_idx').on(t.checked_at),
    index('health_probe_results_service_idx').on(t.service, t.checked_at),
  ],
);

/** A state change of a service, an instance or a host's resource: open while not healthy, cleared when it is again. */
export const healthAlerts = pgTable(
  'health_alerts',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    subject_kind: text('subject_kind').notNull(),
    status: text('status').notNull(),
    reason: jsonb('reason'),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    cleared_at: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    index('health_alerts_started_idx').on(t.started_at),
    // At most one open alert per subject: the probe run updates it rather than opening another.
    uniqueIndex('health_alerts_open_idx')
      .on(t.subject_kind, t.subject)
      .where(sql`${t.cleared_at} is null`),
  ],
);
