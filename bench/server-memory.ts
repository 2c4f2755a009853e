/**
 * `npm run bench:server-memory`: the resident memory (RSS, from /proc) of the real server process
 * (apps/server/dist/main.js), on the embedded database (PGlite) with each set of PostgreSQL settings
 * below and on a PostgreSQL server:
 *   - after a first start on an empty data folder (migrations, and on PGlite its initdb),
 *   - after a start on that folder (how the product usually starts),
 *   - after a 10,000-user CSV import over HTTP (POST /api/users/import, one transaction), and the
 *     highest it reached (VmHWM),
 *   - with E2E=1 (or E2E=<test files>), after the browser suite: each of the suite's servers (one
 *     per Playwright worker) reports its RSS as it is stopped (e2e/lib/server.ts), with the same
 *     settings; the largest and the median are shown.
 * On PostgreSQL the figure is the Node process alone: the database's memory is PostgreSQL's own.
 *
 *   npm run bench:server-memory                       every variant, no browser suite
 *   VARIANTS='defaults;postgres' E2E=1 npm run bench:server-memory   (row names, separated by ';': some hold commas)
 *   POSTGRES_URL=postgres://postgres@127.0.0.1:5432   the server used for the PostgreSQL rows (a database is made and dropped per row)
 *   WRITE_DOCS=1                                      writes the table into docs/PERFORMANCE.md between its markers
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TImportUsersResponse } from '@srpf/shared';
import { BENCH_DESIGNATIONS } from './lib/designations.js';
import { uploadMultipart } from './lib/multipart-upload.js';
import { signIn, startServer, type RunningServer } from './lib/server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.ROWS ?? 10_000);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 3000);
const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DOC = path.resolve(here, '../docs/PERFORMANCE.md');
const START = '<!-- bench:server-memory:start -->';
const END = '<!-- bench:server-memory:end -->';

/** The sets of settings tried (PGLITE_SETTINGS, on top of db/client.ts's defaults). */
const VARIANTS: { name: string; postgres?: boolean; settings?: string; nodeArgs?: string[] }[] = [
  // PostgreSQL's defaults as PGlite ships them (shared_buffers 128MB, work_mem 4MB, maintenance_work_mem 64MB, wal_buffers 4MB, temp_buffers 8MB).
  {
    name: 'pglite-stock',
    settings: 'shared_buffers=128MB,work_mem=4MB,maintenance_work_mem=64MB,wal_buffers=4MB,temp_buffers=8MB',
  },
  {
    name: 'shared_buffers=32MB',
    settings: 'shared_buffers=32MB,work_mem=4MB,maintenance_work_mem=64MB,wal_buffers=4MB,temp_buffers=8MB',
  },
  {
    name: 'shared_buffers=16MB',
    settings: 'shared_buffers=16MB,work_mem=4MB,maintenance_work_mem=64MB,wal_buffers=4MB,temp_buffers=8MB',
  },
  {
    name: 'shared_buffers=16MB, maintenance_work_mem=16MB',
    settings: 'shared_buffers=16MB,work_mem=4MB,maintenance_work_mem=16MB,wal_buffers=4MB,temp_buffers=8MB',
  },
  {
    name: 'shared_buffers=16MB, work_mem=2MB, maintenance_work_mem=16MB, wal_buffers=1MB, temp_buffers=2MB',
    settings: 'shared_buffers=16MB,work_mem=2MB,maintenance_work_mem=16MB,wal_buffers=1MB,temp_buffers=2MB',
  },
  {
    name: 'shared_buffers=8MB, work_mem=2MB, maintenance_work_mem=16MB, wal_buffers=1MB, temp_buffers=2MB',
    settings: 'shared_buffers=8MB,work_mem=2MB,maintenance_work_mem=16MB,wal_buffers=1MB,temp_buffers=2MB',
  },
  // What db/client.ts sets (PGLITE_SETTINGS), nothing on top, and node as `npm start` runs it (apps/server/node-args.json).
  { name: 'defaults' },
  // Node's own pool of four V8 background threads (before session 12's --v8-pool-size=1).
  { name: 'defaults, node --v8-pool-size=4', nodeArgs: ['--v8-pool-size=4'] },
  // V8's own tiering budget: most of PGlite's WebAssembly compiled a second time, optimised.
  { name: 'defaults, V8 default tiering budget', nodeArgs: ['--wasm-tiering-budget=1800000'] },
  // V8's young generation at most 2 × 2 MB (Node's default lets it grow to 2 × 16 MB).
  { name: 'defaults, node --max-semi-space-size=2', nodeArgs: ['--max-semi-space-size=2'] },
  // V8 keeps only its baseline (Liftoff) code of PGlite's WebAssembly: ≈ 20 % slower queries.
  { name: 'defaults, node --liftoff-only', nodeArgs: ['--liftoff-only'] },
  { name: 'postgres', postgres: true },
];

const mb = (kB: number) => `${Math.round(kB / 1024)} MB`;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;

function memoryKb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

function usersCsv(folder: string): string {
  const lines = ['DESIGNATION,SEVARTH ID,FIRST NAME,MIDDLE NAME,LAST NAME,EMAIL ID,MOBILE NO'];
  for (let i = 0; i < ROWS; i += 1) {
    const letters = String.fromCharCode(65 + (i % 26), 65 + (Math.floor(i / 26) % 26), 65 + (Math.floor(i / 676) % 26));
    lines.push(
      [
        BENCH_DESIGNATIONS[i % BENCH_DESIGNATIONS.length]![0],
        `SRPF${letters}${String(i % 10_000).padStart(4, '0')}`,
        'Sachin',
        'Ramesh',
        'Patil',
        `sachin.patil.${i}@srpf.test`,
        `9${String(i).padStart(9, '0')}`,
      ].join(','),
    );
  }
  const file = path.join(folder, 'users.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function importUsers(server: RunningServer, csv: string): Promise<{ seconds: number; created: number }> {
  const token = await signIn(server.baseUrl);
  for (const [name, code] of BENCH_DESIGNATIONS) {
    await fetch(`${server.baseUrl}/api/designations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, code }),
    });
  }
  const answer = await uploadMultipart({
    url: `${server.baseUrl}/api/users/import`,
    token,
    fields: { company_id: '1' },
    fileField: 'file',
    filePath: csv,
    contentType: 'text/csv',
  });
  if (answer.status !== 200) throw new Error(`import: ${answer.status} ${answer.body.slice(0, 300)}`);
  return { seconds: answer.millis / 1000, created: (JSON.parse(answer.body) as TImportUsersResponse).data.created };
}

function createDatabase(): { url: string; drop(): void } {
  const server = new URL(POSTGRES_URL);
  const name = `srpf_memory_${Date.now()}`;
  const args = [
    '-h',
    server.hostname,
    '-p',
    server.port || '5432',
    '-U',
    decodeURIComponent(server.username) || 'postgres',
  ];
  if (spawnSync('createdb', [...args, name], { stdio: 'inherit' }).status !== 0) throw new Error('createdb failed');
  server.pathname = `/${name}`;
  return {
    url: server.toString(),
    drop: () => void spawnSync('dropdb', [...args, '--if-exists', '--force', name], { stdio: 'inherit' }),
  };
}

/** The browser suite against servers with these settings; the RSS each of its servers had when stopped. */
function browserSuite(
  env: Record<string, string>,
  folder: string,
): { seconds: number; servers: number; maxKb: number; medianKb: number; peakKb: number; passed: boolean } {
  const log = path.join(folder, 'e2e-memory.jsonl');
  writeFileSync(log, '');
  const files = process.env.E2E === '1' ? [] : (process.env.E2E ?? '').split(/[\s,]+/).filter(Boolean);
  const started = performance.now();
  const run = spawnSync('npx', ['playwright', 'test', ...files], {
    cwd: path.resolve(here, '../e2e'),
    env: { ...process.env, ...env, SRPF_E2E_MEMORY_LOG: log },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const seconds = (performance.now() - started) / 1000;
  const entries = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { rssKb: number; peakKb: number });
  const rss = entries.map((entry) => entry.rssKb).sort((a, b) => a - b);
  return {
    seconds,
    servers: entries.length,
    maxKb: rss.at(-1) ?? Number.NaN,
    medianKb: rss[Math.floor(rss.length / 2)] ?? Number.NaN,
    peakKb: Math.max(...entries.map((entry) => entry.peakKb)),
    passed: run.status === 0,
  };
}

interface Row {
  variant: string;
  firstStart: number;
  start: number;
  afterImport: number;
  importPeak: number;
  importSeconds: number;
  suite?: ReturnType<typeof browserSuite>;
  load: string;
}

function table(rows: Row[]): string {
  const lines = [
    '| database and settings | RSS after a first start | RSS after a start | after the 10,000-user import | highest during it | import | after the browser suite (largest / median of its servers) | load average |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const suite = row.suite
      ? `${mb(row.suite.maxKb)} / ${mb(row.suite.medianKb)} (${row.suite.servers} servers, ${Math.round(row.suite.seconds)} s${row.suite.passed ? '' : ', failures'})`
      : 'not run';
    lines.push(
      `| ${row.variant} | ${mb(row.firstStart)} | ${mb(row.start)} | ${mb(row.afterImport)} | ${mb(row.importPeak)} | ${row.importSeconds.toFixed(1)} s | ${suite} | ${row.load} |`,
    );
  }
  return lines.join('\n');
}

async function measureVariant(variant: (typeof VARIANTS)[number], folder: string, csv: string): Promise<Row> {
  const load = loadAverage();
  const dataDir = mkdtempSync(path.join(folder, 'data-'));
  const database = variant.postgres ? createDatabase() : null;
  const env: Record<string, string> = variant.settings ? { PGLITE_SETTINGS: variant.settings } : {};
  const options = { dataDir, databaseUrl: database?.url, env, timeoutMs: 180_000, nodeArgs: variant.nodeArgs };
  try {
    let server = await startServer(options);
    await settle();
    const firstStart = memoryKb(server.pid).rss;
    await server.stop();
    server = await startServer(options);
    await settle();
    const start = memoryKb(server.pid).rss;
    const { seconds, created } = await importUsers(server, csv);
    if (created !== ROWS) throw new Error(`import created ${created} of ${ROWS}`);
    await settle();
    const after = memoryKb(server.pid);
    await server.stop();
    const suiteEnv = {
      ...(variant.postgres ? { SRPF_E2E_POSTGRES: POSTGRES_URL } : env),
      SRPF_E2E_NODE_ARGS: (variant.nodeArgs ?? []).join(' '),
    };
    const suite = process.env.E2E ? browserSuite(suiteEnv, folder) : undefined;
    return {
      variant: variant.name,
      firstStart,
      start,
      afterImport: after.rss,
      importPeak: after.peak,
      importSeconds: seconds,
      suite,
      load: `${load}–${loadAverage()}`,
    };
  } finally {
    database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const only = process.env.VARIANTS?.split(';').map((name) => name.trim());
  const variants = only ? VARIANTS.filter((variant) => only.includes(variant.name)) : VARIANTS;
  if (variants.length === 0)
    throw new Error(`VARIANTS names none of: ${VARIANTS.map((variant) => variant.name).join(', ')}`);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-memory-'));
  const rows: Row[] = [];
  try {
    const csv = usersCsv(folder);
    for (const variant of variants) {
      const row = await measureVariant(variant, folder, csv);
      rows.push(row);
      console.log(table([row]).split('\n')[2]);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  console.log(`\n${table(rows)}`);
  if (process.env.WRITE_DOCS === '1') {
    const doc = readFileSync(DOC, 'utf8');
    const from = doc.indexOf(START);
    const to = doc.indexOf(END);
    if (from < 0 || to < from) throw new Error(`${DOC} has no ${START} … ${END} section`);
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    writeFileSync(
      DOC,
      `${doc.slice(0, from)}${START}\nLast run: ${when}, Node ${process.version}, ${os.cpus().length} CPUs.\n\n${table(rows)}\n${END}${doc.slice(to + END.length)}`,
    );
  }
}

await main();
