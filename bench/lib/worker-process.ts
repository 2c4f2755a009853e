import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { REPO_ROOT, SERVER_NODE_ARGS } from '@srpf/test-kit';

/**
 * `npm run worker` as its own process: the built apps/server/dist/worker.js with the product's node
 * options, ready once it logs `srpf-dashboard worker ready` (LOG_LEVEL info). Its log is read and
 * dropped (the last lines kept for a failure); its stderr shows here.
 */
export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  output(): string;
  /** How long each `whatsapp.send` job took (ms), from its `job completed` log line. */
  sendJobMillis: number[];
  /** SIGKILL: ends on the spot, mid-send. */
  kill(): Promise<void>;
  /** SIGTERM: finishes its jobs and exits. */
  stop(): Promise<void>;
}

const KEPT_LINES = 200;

export async function startWorker(env: Record<string, string>, timeoutMs = 60_000): Promise<WorkerProcess> {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(REPO_ROOT, 'apps/server/dist/worker.js')], {
    env: { ...inherited, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const sendJobMillis: number[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${lines.join('\n')}`)), timeoutMs);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the worker exited early:\n${lines.join('\n')}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      if (line.includes('"job completed"') && line.includes('"whatsapp.send"')) {
        const { ms } = JSON.parse(line) as { ms?: number };
        if (typeof ms === 'number') sendJobMillis.push(ms);
      }
      if (line.includes('srpf-dashboard worker ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  await ready;
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    pid: child.pid!,
    output: () => lines.join('\n'),
    sendJobMillis,
    async kill() {
      if (ended()) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (ended()) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
