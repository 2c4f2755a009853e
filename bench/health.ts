/**
 * `npm run bench:health`: GET /api/health/live through the whole product (security headers, request
 * ids, access guard, logging, serialiser) against a bare Fastify hello-world, in alternating runs.
 * Two figures: requests per second, and the server's CPU time per request (read from /proc), which
 * holds steady when other work shares the machine. Target: product ≥ 0.9× bare.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { cpuMillis, freePort, startBareServer, startProcess, stopProcess } from './lib/processes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const SECONDS = Number(process.env.SECONDS_PER_RUN ?? 8);
const CONNECTIONS = 10;

interface Run {
  rps: number;
  cpuMicrosPerRequest: number;
}

async function measure(url: string, server: ChildProcess): Promise<Run> {
  const cpuBefore = cpuMillis(server.pid!);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
  const cpuUsed = cpuMillis(server.pid!) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpuMicrosPerRequest: (cpuUsed * 1000) / result.requests.total };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-'));
const productPort = await freePort();
const productUrl = `http://127.0.0.1:${productPort}/api/health/live`;
const product = await startProcess(
  [path.join(here, '../apps/server/dist/main.js')],
  { PORT: String(productPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ADMIN_EMAIL: 'bench@srpf.test', ADMIN_PASSWORD: 'bench-password-long' },
  productUrl,
);
const { child: bare, url: bareUrl } = await startBareServer();

try {
  await measure(productUrl, product);
  await measure(bareUrl, bare);
  const productRuns: Run[] = [];
  const bareRuns: Run[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    productRuns.push(await measure(productUrl, product));
    bareRuns.push(await measure(bareUrl, bare));
  }
  const show = (runs: Run[]) =>
    `${runs.map((r) => r.rps.toFixed(0)).join(', ')} req/s (mean ${mean(runs.map((r) => r.rps)).toFixed(0)}); ` +
    `CPU per request ${runs.map((r) => r.cpuMicrosPerRequest.toFixed(0)).join(', ')} µs (mean ${mean(runs.map((r) => r.cpuMicrosPerRequest)).toFixed(0)})`;
  const rpsRatio = mean(productRuns.map((r) => r.rps)) / mean(bareRuns.map((r) => r.rps));
  const cpuRatio = mean(bareRuns.map((r) => r.cpuMicrosPerRequest)) / mean(productRuns.map((r) => r.cpuMicrosPerRequest));
  console.log(`product  /api/health/live: ${show(productRuns)}`);
  console.log(`bare Fastify hello-world : ${show(bareRuns)}`);
  console.log(`ratio by req/s ${rpsRatio.toFixed(3)}, by CPU per request ${cpuRatio.toFixed(3)} (target ≥ 0.9) — ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s alternating, node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`);
  process.exitCode = Math.max(rpsRatio, cpuRatio) >= 0.9 ? 0 : 1;
} finally {
  await stopProcess(product);
  await stopProcess(bare);
  rmSync(dataDir, { recursive: true, force: true });
}
