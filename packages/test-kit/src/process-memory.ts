import { appendFileSync, readFileSync } from 'node:fs';

/** A process's resident memory now and at its highest, in kB (Linux: /proc/<pid>/status). */
export function residentMemoryKb(pid: number): { rssKb: number; peakKb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssKb: kB('VmRSS'), peakKb: kB('VmHWM') };
}

/** Appends one JSON line (`{ database, rssKb, peakKb }`) to `file`: how bench:server-memory collects the browser suite's servers. */
export function appendMemoryLine(file: string, pid: number, database: 'postgres' | 'pglite'): void {
  appendFileSync(file, `${JSON.stringify({ database, ...residentMemoryKb(pid) })}\n`);
}
