/**
 * `npm run bench:health`: GET /api/health/live of the running product (every plugin, hook and route
 * registered) against a bare Fastify hello-world, in alternating runs. For information only: the
 * probe goes through Fastify like every route, and nobody waits on it (docs/PERFORMANCE.md).
 *
 * Every round starts both servers afresh: the same code can settle for good into one of two speeds
 * when V8 optimises Node's tick queue (docs/PERFORMANCE.md, "Health check"), so one long-lived
 * process of each says more about that draw than about the code. Within a round the two servers are
 * loaded in turns of one second, so the host's changing speed (other tenants) falls on both alike;
 * the figure compared is the median over rounds of each round's ratio. Servers run on one core and
 * the load generator (this process) on the other when the machine has two or more, so neither
 * steals the other's time.
 *
 * Two figures per server and round: requests per second, and the server's CPU time per request (read from /proc),
 * which holds steady when other work shares the machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureLoad } from './lib/load.js';
import { cpuMillis, startBareServer, stopProcess, type StartedServer } from './lib/processes.js';
import { startServer } from './lib/server.js';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const TURNS = Number(process.env.TURNS ?? 6);
const TURN_SECONDS = 1;
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

interface Totals {
  cpuMillis: number;
  requests: number;
}

/** Loads a server for one turn and adds what it served and the CPU it used to `total`. */
async function measureTurn(server: StartedServer, total: Totals): Promise<void> {
  const cpuBefore = cpuMillis(server.child.pid!);
  const result = await measureLoad({ url: server.url, connections: CONNECTIONS, seconds: TURN_SECONDS });
  total.cpuMillis += cpuMillis(server.child.pid!) - cpuBefore;
  total.requests += result.requests;
}

const toRun = (total: Totals): Run => ({
  rps: total.requests / (TURNS * TURN_SECONDS),
  cpuMicrosPerRequest: (total.cpuMillis * 1000) / total.requests,
});

/** What each round loads: the product's probe and the bare server's. */
const TARGETS = ['product', 'bare'] as const;
type Target = (typeof TARGETS)[number];
type Round = Record<Target, Run>;

/**
 * One round: a fresh product and a fresh bare server side by side, warmed, then loaded in turns of
 * one second (the order alternating), so that a change in the machine's speed during the round
 * (other tenants of the host) falls on all alike.
 */
async function measureRound(): Promise<Round> {
  const started: StartedServer[] = [];
  const start = async (starter: () => Promise<StartedServer>) => {
    const server = await starter();
    started.push(server);
    return server;
  };
  try {
    const product = await start(startProduct);
    const targets: Record<Target, StartedServer> = {
      product,
      bare: await start(() => startBareServer(serverCore)),
    };
    for (const name of TARGETS)
      await measureLoad({ url: targets[name].url, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    const totals = Object.fromEntries(TARGETS.map((name) => [name, { cpuMillis: 0, requests: 0 }])) as Record<
      Target,
      Totals
    >;
    for (let turn = 0; turn < TURNS; turn += 1) {
      const order = turn % 2 === 0 ? TARGETS : [...TARGETS].reverse();
      for (const name of order) await measureTurn(targets[name], totals[name]);
    }
    return { product: toRun(totals.product), bare: toRun(totals.bare) };
  } finally {
    // Every server started, even when the other failed to start.
    for (const server of started) await stopProcess(server.child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const serverCore = pinCores();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-'));
async function startProduct(): Promise<StartedServer> {
  const server = await startServer({ dataDir, env: { LOG_LEVEL: 'info' }, cpu: serverCore });
  return { child: server.child, url: `${server.baseUrl}/api/health/live` };
}

const rounds: Round[] = [];
try {
  for (let round = 0; round < ROUNDS; round += 1) rounds.push(await measureRound());
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const list = (values: number[], digits: number) =>
  `${values.map((v) => v.toFixed(digits)).join(', ')} (median ${median(values).toFixed(digits)})`;
const show = (runs: Run[]) =>
  `req/s ${list(
    runs.map((r) => r.rps),
    0,
  )}; CPU per request ${list(
    runs.map((r) => r.cpuMicrosPerRequest),
    1,
  )} µs`;
// Each round's ratio compares two servers measured in the same seconds; the median over rounds
// sets aside a round whose fresh process drew an unusual speed (docs/PERFORMANCE.md).
const productRatios = {
  rps: rounds.map((r) => r.product.rps / r.bare.rps),
  cpu: rounds.map((r) => r.bare.cpuMicrosPerRequest / r.product.cpuMicrosPerRequest),
};
const showRatios = ({ rps, cpu }: { rps: number[]; cpu: number[] }) =>
  `by req/s ${list(rps, 3)}; by CPU per request ${list(cpu, 3)}`;
console.log(`product  /api/health/live: ${show(rounds.map((r) => r.product))}`);
console.log(`bare Fastify hello-world : ${show(rounds.map((r) => r.bare))}`);
console.log(`product / bare per round : ${showRatios(productRatios)}`);
console.log(
  `${ROUNDS} rounds of fresh servers, ${CONNECTIONS} connections, ${WARMUP_SECONDS}s warm-up, ${TURNS} turns of ${TURN_SECONDS}s each, ` +
    `servers ${serverCore === undefined ? 'not pinned' : `on CPU ${serverCore}`}, node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
