import { readFileSync } from 'node:fs';

/** Resident memory of a process in bytes (`VmRSS` of /proc/<pid>/status, Linux). */
export function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

export interface RssSamples {
  before: number;
  peak: number;
  after: number;
  count: number;
}

/**
 * Samples a process's resident memory every `intervalMs` until `stop()` is called, which answers the
 * first sample, the highest, the last and the number taken.
 */
export function sampleRss(pid: number, intervalMs = 10): { stop(): RssSamples } {
  const before = rssBytes(pid);
  let peak = before;
  let last = before;
  let count = 1;
  const take = () => {
    try {
      last = rssBytes(pid);
    } catch {
      return; // the process ended
    }
    count += 1;
    if (last > peak) peak = last;
  };
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { before, peak, after: last, count };
    },
  };
}

export const mb = (bytes: number, digits = 1) => `${(bytes / 1024 / 1024).toFixed(digits)} MB`;
