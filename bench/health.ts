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
import { measureLoad } from './lib/load.js';
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

/** Starts a fresh server, warms it, measures it, stops it. */
async function measureFresh(start: () => Promise<{ child: ChildProcess; url: string }>): Promise<Run> {
  const { child, url } = await start();
  try {
    await measureLoad({ url, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    const cpuBefore = cpuMillis(child.pid!);
    const result = await measureLoad({ url, connections: CONNECTIONS, seconds: SECONDS });
    return { rps: result.rps, cpuMicrosPerRequest: ((cpuMillis(child.pid!) - cpuBefore) * 1000) / result.requests };
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
async function startProduct(): Promise<{ child: ChildProcess; url: string }> {
  const server = await startServer({ dataDir, env: { LOG_LEVEL: 'info' }, cpu: serverCore });
  return { child: server.child, url: `${server.baseUrl}/api/health/live` };
}
const product = { runs: [] as Run[], start: startProduct };
const bare = { runs: [] as Run[], start: () => startBareServer(serverCore) };
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate which goes first, so neither always meets the machine in the same state.
    for (const server of round % 2 === 0 ? [product, bare] : [bare, product]) server.runs.push(await measureFresh(server.start));
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const show = (runs: Run[]) =>
  `req/s ${runs.map((r) => r.rps.toFixed(0)).join(', ')} (median ${median(runs.map((r) => r.rps)).toFixed(0)}); ` +
  `CPU per request ${runs.map((r) => r.cpuMicrosPerRequest.toFixed(1)).join(', ')} µs (median ${median(runs.map((r) => r.cpuMicrosPerRequest)).toFixed(1)})`;
const rpsRatio = median(product.runs.map((r) => r.rps)) / median(bare.runs.map((r) => r.rps));
const cpuRatio = median(bare.runs.map((r) => r.cpuMicrosPerRequest)) / median(product.runs.map((r) => r.cpuMicrosPerRequest));
console.log(`product  /api/health/live: ${show(product.runs)}`);
console.log(`bare Fastify hello-world : ${show(bare.runs)}`);
console.log(
  `ratio of medians: by req/s ${rpsRatio.toFixed(3)}, by CPU per request ${cpuRatio.toFixed(3)} (target ≥ 0.9) — ` +
    `${ROUNDS} rounds of fresh servers, ${CONNECTIONS} connections, ${WARMUP_SECONDS}s warm-up + ${SECONDS}s each, ` +
    `servers ${serverCore === undefined ? 'not pinned' : `on CPU ${serverCore}`}, node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
process.exitCode = Math.max(rpsRatio, cpuRatio) >= 0.9 ? 0 : 1;
