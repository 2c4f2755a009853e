import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { freePort } from './free-port.js';
import { BUILT_SERVER_MAIN, REPO_ROOT, SERVER_NODE_ARGS, SOURCE_SERVER_MAIN } from './repo-paths.js';

/**
 * One server process on a free port of 127.0.0.1: spawned, waited for, and stopped. The layer below
 * startBuiltServer (a data folder, an administrator, a database) and the server tests' own harness.
 */

/** How much of the server's output is kept for `output()` and for the errors below. */
const OUTPUT_KEPT_CHARS = 256_000;
const POLL_MS = 200;

export interface ServerProcessOptions {
  /** `built` (default): apps/server/dist/main.js, as `npm start` runs it. `source`: src/main.ts through tsx (`--conditions=source`). */
  entry?: 'built' | 'source';
  /**
   * The server's environment on top of this process's own (PORT and HOST are set here). An inherited
   * DATABASE_URL or TEST_DATABASE_URL is dropped: a server gets a database only when it is given one.
   */
  env?: Record<string, string>;
  /** After SERVER_NODE_ARGS, so they may override them. */
  nodeArgs?: readonly string[];
  /** Pins the process to these CPUs (taskset -c). */
  cpu?: string;
  /** How long the start may take. Default 120 s. */
  timeoutMs?: number;
  /** Ready once stdout has a line containing this (e.g. `"srpf-dashboard ready"`, LOG_LEVEL info); else once GET /api/health/live answers 200. */
  readyLine?: string;
  /** Keeps every stdout line in `lines` (the JSON log, for tests that read it). */
  keepLines?: boolean;
  /** Copies the server's stderr to this process's, as it comes (the benches' way of showing a failure). */
  echoStderr?: boolean;
  /** Reads nothing of stdout (a bench under load logging every request at LOG_LEVEL info must not pay for reading it). */
  ignoreStdout?: boolean;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** Settles when the process has ended. */
  exited: Promise<void>;
  /** Every stdout line so far, with `keepLines`; empty otherwise. */
  lines: string[];
  /** The last of what the server wrote (stdout and stderr). */
  output(): string;
  running(): boolean;
  /** SIGTERM, as a service manager stops it; answers the exit code (null: ended by a signal). */
  terminate(): Promise<number | null>;
  /** SIGKILL: the process ends on the spot, whatever it was doing. */
  kill(): Promise<void>;
}

function inheritedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _testUrl, ...inherited } = process.env;
  return inherited;
}

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const entry =
    options.entry === 'source' ? ['--import', 'tsx', '--conditions=source', SOURCE_SERVER_MAIN] : [BUILT_SERVER_MAIN];
  const nodeArgs = [...SERVER_NODE_ARGS, ...(options.nodeArgs ?? []), ...entry];
  // node itself (or taskset exec-ing it), never npx: a signal must reach the process holding the database.
  const [command, args] =
    options.cpu === undefined
      ? [process.execPath, nodeArgs]
      : ['taskset', ['-c', options.cpu, process.execPath, ...nodeArgs]];
  const child = spawn(command, args, {
    // From the sources, tsx resolves from the repository's root; a built server keeps the caller's folder (its relative defaults, e.g. BACKUP_DIR, as before).
    ...(options.entry === 'source' ? { cwd: REPO_ROOT } : {}),
    env: { ...inheritedEnv(), ...options.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', options.ignoreStdout ? 'ignore' : 'pipe', 'pipe'],
  });

  let kept = '';
  const keep = (text: string) => (kept = (kept + text).slice(-OUTPUT_KEPT_CHARS));
  const lines: string[] = [];
  let sawReadyLine = false;
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (options.keepLines) lines.push(line);
      keep(`${line}\n`);
      if (options.readyLine && line.includes(options.readyLine)) sawReadyLine = true;
    });
  }
  child.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk.toString());
    if (options.echoStderr) process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;

  const server: ServerProcess = {
    child,
    pid: child.pid!,
    port,
    baseUrl,
    exited,
    lines,
    output: () => kept,
    running,
    async terminate() {
      if (running()) {
        child.kill('SIGTERM');
        await exited;
      }
      return child.exitCode;
    },
    async kill() {
      if (!running()) return;
      child.kill('SIGKILL');
      await exited;
    },
  };

  const timeoutMs = options.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running())
      throw new Error(`the server ended (${child.exitCode ?? child.signalCode}) before it was ready:\n${kept}`);
    if (options.readyLine ? sawReadyLine : (await fetch(`${baseUrl}/api/health/live`).catch(() => null))?.ok)
      return server;
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`the server was not ready within ${timeoutMs / 1000} s:\n${kept}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
