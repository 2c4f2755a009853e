import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '@srpf/test-kit';

/** The product starts through @srpf/test-kit (./server.ts); these start and stop the other processes the benches compare it with. */

/** Starts a Node process other than the product (on CPU `cpu` through taskset, when given) and waits until `url` answers 200. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  url: string,
  cpu?: string,
  timeoutMs = 60_000,
): Promise<ChildProcess> {
  const [command, commandArgs] =
    cpu === undefined ? [process.execPath, args] : ['taskset', ['-c', cpu, process.execPath, ...args]];
  const child = spawn(command, commandArgs, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited early`);
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU time (user + system, in milliseconds) a process has used so far, from /proc (Linux). */
export function cpuMillis(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

/** A server process and the URL the benches load. */
export interface StartedServer {
  child: ChildProcess;
  url: string;
}

/** The baseline: bench/bare-server.ts (a Fastify hello-world answering /api/health/live) on its own port (and CPU). */
export async function startBareServer(cpu?: string): Promise<StartedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/health/live`;
  const script = fileURLToPath(new URL('../bare-server.ts', import.meta.url));
  return { child: await startProcess(['--import', 'tsx', script], { PORT: String(port) }, url, cpu), url };
}
