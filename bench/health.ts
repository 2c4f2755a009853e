/**
 * `npm run bench:health`: GET /api/health/live through the whole product (security headers, request
 * ids, routing, logging, serialiser) against a bare Fastify hello-world, in alternating runs.
 *
 * Every round starts both servers afresh: the same code can settle for good into one of two speeds
 * when V8 optimises Node's tick queue (docs/PERFORMANCE.md, "Health check"), so one long-lived
 * process of each says more about that draw than about the code. Medians over the rounds are
 * compared. Servers run on one core and the load generator (this process) on the other when the
 * machine has two or more, so neither steals the other's time.
 *
 * Two figures per run: requests per second, and the server's CPU time per request (read from /proc),
 * which holds steady when other work shares the machine. Target: product ≥ 0.9× bare.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { cpuMillis, startBareServer, stopProcess } from './lib/processes.js';
import { startServer } from './lib/server.js';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const SECONDS = Number(process.env.SECONDS_PER_RUN ?? 5);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 10;

interface Run {
  rps: number;
  cpuMicrosPerRequest: number;
}

/** Servers on the last core, this process (autocannon) on the others; nothing when taskset is missing. */
function pinCores(): string | undefined {
  const cores = os.cpus().length;
  if (cores < 2) return undefined;
  try {
    execFileSync('taskset', ['-cp', `0-${cores - 2}`, String(process.pid)], { stdio: 'ignore' });
    return String(cores - 1);
  } catch {
    return undefined;
  }
}

async function measure(url: string, server: ChildProcess): Promise<Run> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const cpuBefore = cpuMillis(server.pid!);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  const cpuUsed = cpuMillis(server.pid!) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpuMicrosPerRequest: (cpuUsed * 1000) / result.requests.total };
}

async function measureProduct(dataDir: string, serverCore: string | undefined): Promise<Run> {
  const server = await startServer({ dataDir, env: { LOG_LEVEL: 'info' }, cpu: serverCore });
  try {
    return await measure(`${server.baseUrl}/api/health/live`, server.child);
  } finally {
    await stopProcess(server.child);
  }
}

async function measureBare(serverCore: string | undefined): Promise<Run> {
  const { child, url } = await startBareServer(serverCore);
  try {
    return await measure(url, child);
  } finally {
    await stopProcess(child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const serverCore = pinCores();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-'));
const productRuns: Run[] = [];
const bareRuns: Run[] = [];
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate which goes first, so neither always meets the machine in the same state.
    if (round % 2 === 0) {
      productRuns.push(await measureProduct(dataDir, serverCore));
      bareRuns.push(await measureBare(serverCore));
    } else {
      bareRuns.push(await measureBare(serverCore));
      productRuns.push(await measureProduct(dataDir, serverCore));
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const show = (runs: Run[]) =>
  `req/s ${runs.map((r) => r.rps.toFixed(0)).join(', ')} (median ${median(runs.map((r) => r.rps)).toFixed(0)}); ` +
  `CPU per request ${runs.map((r) => r.cpuMicrosPerRequest.toFixed(1)).join(', ')} µs (median ${median(runs.map((r) => r.cpuMicrosPerRequest)).toFixed(1)})`;
const rpsRatio = median(productRuns.map((r) => r.rps)) / median(bareRuns.map((r) => r.rps));
const cpuRatio = median(bareRuns.map((r) => r.cpuMicrosPerRequest)) / median(productRuns.map((r) => r.cpuMicrosPerRequest));
console.log(`product  /api/health/live: ${show(productRuns)}`);
console.log(`bare Fastify hello-world : ${show(bareRuns)}`);
console.log(
  `ratio of medians: by req/s ${rpsRatio.toFixed(3)}, by CPU per request ${cpuRatio.toFixed(3)} (target ≥ 0.9) — ` +
    `${ROUNDS} rounds of fresh servers, ${CONNECTIONS} connections, ${WARMUP_SECONDS}s warm-up + ${SECONDS}s each, ` +
    `servers ${serverCore === undefined ? 'not pinned' : `on CPU ${serverCore}`}, node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
process.exitCode = Math.max(rpsRatio, cpuRatio) >= 0.9 ? 0 : 1;
