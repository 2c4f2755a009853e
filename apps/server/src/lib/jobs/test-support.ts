import type { JobTimings } from './pg-boss.js';

/** pg-boss as fast as its minimums allow, so tests wait for polls and supervisor passes briefly. */
export const TEST_TIMINGS: JobTimings = {
  pollingIntervalSeconds: 0.5,
  superviseIntervalSeconds: 1,
  monitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
};

/** Polls `probe` until it returns something, or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | null | undefined>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms in vain`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
