import { Writable } from 'node:stream';

/** One warning or error of this process as the log wrote it (after redaction). */
export interface RingLine {
  time: string;
  level: 'warn' | 'error' | 'fatal';
  message: string;
}

const LEVELS: Record<number, RingLine['level']> = { 40: 'warn', 50: 'error', 60: 'fatal' };
/** Fields every line has: the message names the others (a reason, an error's message …). */
const FRAME = new Set(['level', 'time', 'pid', 'hostname', 'msg']);
const MESSAGE_MAX = 500;
/** Fields never carried to the page even when short: people's contact details and a query's values. */
const PERSONAL = new Set(['email', 'phone', 'phone_number', 'to', 'from', 'params', 'query', 'detail', 'body', 'data']);

/**
 * An error as the page may show it: its type, code and message, the message cut before the values
 * a failed query appends (drizzle's "\nparams: …"), never its query, parameters, cause or detail.
 */
function safeError(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const error = value as { type?: unknown; code?: unknown; message?: unknown };
  const message = typeof error.message === 'string' ? (error.message.split(/\n\s*params:/)[0] ?? '') : '';
  const parts = [error.type, error.code].filter((part) => typeof part === 'string' || typeof part === 'number');
  return [parts.join(' '), message].filter(Boolean).join(': ') || null;
}

/** A line's other fields, as far as they are safe to show: short plain values and an error's summary. */
function safeDetails(entry: Record<string, unknown>): string {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (FRAME.has(key) || PERSONAL.has(key)) continue;
    if (key === 'err' || key === 'error') {
      const summary = safeError(value);
      if (summary) kept[key] = summary;
    } else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') {
      kept[key] = value;
    }
  }
  return Object.keys(kept).length > 0 ? ` ${JSON.stringify(kept)}` : '';
}

/**
 * The last warnings and errors of this process, bounded (the health sample carries them to the
 * system health page, so any instance shows any other's). It is fed the log's own JSON lines, so what
 * the logger redacts is redacted here too; beyond that it keeps only plain values and an error's
 * type, code and message (a failed query's parameters, a database error's detail and people's
 * contact details stay in the server's own log).
 */
export class LogRing extends Writable {
  private readonly lines: RingLine[] = [];

  constructor(private readonly size = 50) {
    super({ decodeStrings: false });
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.keep(String(chunk));
    done();
  }

  /** Keeps a log line (JSON) of level warn or above; anything else is ignored. */
  keep(line: string): void {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    const level = LEVELS[Number(entry.level)];
    if (!level) return;
    const details = safeDetails(entry);
    const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString() : new Date().toISOString();
    this.lines.push({
      time,
      level,
      message: `${typeof entry.msg === 'string' ? entry.msg : ''}${details}`.slice(0, MESSAGE_MAX),
    });
    if (this.lines.length > this.size) this.lines.splice(0, this.lines.length - this.size);
  }

  /** The kept lines, oldest first. */
  snapshot(): RingLine[] {
    return [...this.lines];
  }
}

/** This process's ring: every logger of the process feeds it (lib/logger.ts). */
export const processLogRing = new LogRing();
