/**
 * When a shared service or an instance stops being healthy (issue 32). docs/OPERATIONS.md, "System
 * health", has the same table: change both together. Host resources use RESOURCE_THRESHOLDS
 * (@srpf/shared).
 */
export const HEALTH_THRESHOLDS = {
  database: {
    roundTripWarningMs: 200,
    roundTripCriticalMs: 1_000,
    /** Connections in use of max_connections, in percent. */
    connectionsWarningPercent: 80,
  },
  storage: {
    /** Free space of the store's filesystem, in percent. */
    freeWarningPercent: 10,
    freeCriticalPercent: 5,
  },
  queue: {
    oldestWaitingWarningSeconds: 5 * 60,
    oldestWaitingCriticalSeconds: 15 * 60,
    failedLastHourWarning: 1,
    failedLastHourCritical: 20,
  },
  whatsapp: {
    /** Cloud API: no webhook for this long while messages were sent in it. */
    webhookSilenceWarningMs: 24 * 3600_000,
  },
  instance: {
    /** A sample older than this: warning; older than the next: critical; older than the last: no longer listed. */
    staleWarningMs: 2 * 60_000,
    staleCriticalMs: 5 * 60_000,
    listedForMs: 15 * 60_000,
  },
  /** Results, samples and cleared alerts older than this are pruned daily. */
  keptMs: 30 * 24 * 3600_000,
} as const;
