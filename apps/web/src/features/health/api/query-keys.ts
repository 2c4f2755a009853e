/** Every system health query starts with ['system-health']. */
export const systemHealthKeys = {
  all: ['system-health'] as const,
};

/** The issue: the page is read again every 30 s (only while the tab is visible). */
export const SYSTEM_HEALTH_REFETCH_MS = 30_000;
