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

/**
 * The last warnings and errors of this process, bounded (the health sample carries them to the
 * system health page, so any instance shows any other's). It is fed the log's own JSON lines, so what
 * the logger redacts is redacted here too.
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
    const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !FRAME.has(key)));
    const details = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
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
