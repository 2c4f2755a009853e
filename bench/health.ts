/**
 * `npm run bench:health`: requests per second of GET /api/health/live through the whole product
 * (helmet, rate-limit allow-list, access guard, zod serialiser, request ids, logging) against a bare
 * Fastify hello-world, in alternating runs so machine noise hits both alike. Target: ≥ 0.9×.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startProcess, stopProcess } from './lib/processes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const SECONDS = Number(process.env.SECONDS_PER_RUN ?? 8);
const CONNECTIONS = 10;

async function measure(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-'));
const [productPort, barePort] = [await freePort(), await freePort()];
const productUrl = `http://127.0.0.1:${productPort}/api/health/live`;
const bareUrl = `http://127.0.0.1:${barePort}/api/health/live`;
const product = await startProcess(
  [path.join(here, '../apps/server/dist/main.js')],
  { PORT: String(productPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ADMIN_EMAIL: 'bench@srpf.test', ADMIN_PASSWORD: 'bench-password-long' },
  productUrl,
);
const bare = await startProcess(['--import', 'tsx', path.join(here, 'bare-server.ts')], { PORT: String(barePort) }, bareUrl);

try {
  await measure(productUrl);
  await measure(bareUrl);
  const productRuns: number[] = [];
  const bareRuns: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    productRuns.push(await measure(productUrl));
    bareRuns.push(await measure(bareUrl));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const ratio = mean(productRuns) / mean(bareRuns);
  console.log(`product  /api/health/live: ${productRuns.map((v) => v.toFixed(0)).join(', ')} req/s (mean ${mean(productRuns).toFixed(0)})`);
  console.log(`bare Fastify hello-world : ${bareRuns.map((v) => v.toFixed(0)).join(', ')} req/s (mean ${mean(bareRuns).toFixed(0)})`);
  console.log(`ratio ${ratio.toFixed(3)} (target ≥ 0.9) — ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s alternating, node ${process.version}`);
  process.exitCode = ratio >= 0.9 ? 0 : 1;
} finally {
  await stopProcess(product);
  await stopProcess(bare);
  rmSync(dataDir, { recursive: true, force: true });
}
