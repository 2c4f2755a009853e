/**
 * `npm run bench:appointments`: the dashboard's calls and the appointments list over 1,000,000
 * appointments, through the real server (apps/server/dist/main.js) over HTTP, measured with
 * autocannon (10 connections). Prints p50, p99 and req/s per call. Target: p99 ≤ 50 ms for each call
 * on PostgreSQL; the bench exits 1 when one misses it there.
 *
 * Database: DATABASE_URL (a PostgreSQL database made for the run: the bench adds companies, 5,020
 * people and the appointments to it, and reuses them when it finds exactly ROWS appointments already),
 * or, without it, embedded PGlite in a temporary folder. The rows go in with INSERT … SELECT FROM
 * generate_series (bench/lib/appointments-seed.ts), with the table's secondary indexes dropped during
 * the load and built again after it, then VACUUM ANALYZE.
 *
 * Environment: ROWS (1,000,000), SECONDS_PER_RUN (5), WARMUP_SECONDS (2), CONNECTIONS (10),
 * ONLY (a substring of the call names to measure).
 *
 * The API allows 600 requests a minute per address by default; the server runs with API_RATE_LIMIT
 * raised so the limiter still counts every request but never answers 429.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createPasswordHasher } from '../apps/server/src/lib/passwords.js';
import { ensureFirstAdmin, ensureReferenceData } from '../apps/server/src/modules/setup/setup.bootstrap.js';
import { measureLoad, type LoadResult } from './lib/load.js';
import { cpuMillis } from './lib/processes.js';
import { BENCH_ADMIN, signIn, startServer } from './lib/server.js';
import { seedAppointmentsSql, seedPeopleSql } from './lib/appointments-seed.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const SECONDS = Number(process.env.SECONDS_PER_RUN ?? 5);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const ONLY = process.env.ONLY;
const TARGET_P99_MS = 50;
const BLOCK = 250_000;

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (result: unknown) => (result as Rows).rows;

async function scalar(database: DatabaseHandle, query: string): Promise<unknown> {
  return Object.values(rowsOf(await database.db.execute(sql.raw(query)))[0] ?? {})[0];
}

/** Seeds ROWS appointments (or finds them from an earlier run); answers what it did. */
async function prepare(database: DatabaseHandle): Promise<string> {
  await database.migrate();
  await ensureReferenceData(database.db);
  // The bench's people would otherwise stop the server from creating its first administrator.
  await ensureFirstAdmin(database.db, createPasswordHasher(loadConfig({}).passwordHash), BENCH_ADMIN);
  const existing = Number(await scalar(database, 'select count(*) from appointments'));
  if (existing === ROWS) return `reused the ${ROWS.toLocaleString('en')} appointments already there`;
  if (existing !== 0)
    throw new Error(`the database holds ${existing} appointments, not 0 or ${ROWS}: use a database made for the bench`);

  const started = performance.now();
  for (const statement of seedPeopleSql()) await database.db.execute(sql.raw(statement));
  // Secondary indexes are built once after the load instead of row by row (≈ 10× faster), with the
  // definitions the migrations gave them; foreign keys are not checked row by row either
  // (session_replication_role): the rows reference the people and companies just made.
  const indexes = rowsOf(
    await database.db.execute(
      sql.raw(
        `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'appointments' and indexname <> 'appointments_pkey'`,
      ),
    ),
  ) as { indexname: string; indexdef: string }[];
  for (const index of indexes) await database.db.execute(sql.raw(`drop index "${index.indexname}"`));
  for (let first = 0; first < ROWS; first += BLOCK) {
    const last = Math.min(first + BLOCK, ROWS);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local session_replication_role = replica`));
      await tx.execute(sql.raw(seedAppointmentsSql(first, last)));
    });
    process.stdout.write(
      `\r  inserted ${last.toLocaleString('en')} appointments (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  const inserted = performance.now();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local maintenance_work_mem = '256MB'`));
    for (const index of indexes) await tx.execute(sql.raw(index.indexdef));
  });
  const indexed = performance.now();
  await database.db.execute(sql.raw('vacuum analyze appointments'));
  await database.db.execute(sql.raw('analyze users'));
  await database.db.execute(sql.raw('analyze companies'));
  const seconds = (to: number, from: number) => ((to - from) / 1000).toFixed(1);
  process.stdout.write('\n');
  return `seeded ${ROWS.toLocaleString('en')} appointments: insert ${seconds(inserted, started)} s, ${indexes.length} indexes ${seconds(indexed, inserted)} s, vacuum analyze ${seconds(performance.now(), indexed)} s`;
}

interface Call {
  name: string;
  path: string;
}

function callsFor(today: string, surname: string, phone: string): Call[] {
  const list = (query: Record<string, string | number>) =>
    `/api/appointments?${new URLSearchParams(Object.entries({ page: 1, limit: 10, sortBy: 'created_at', sortOrder: 'desc', ...query }).map(([k, v]) => [k, String(v)]))}`;
  return [
    { name: 'kpis days=1', path: '/api/kpis/daily?days=1' },
    { name: 'kpis days=7', path: '/api/kpis/daily?days=7' },
    { name: 'kpis days=30', path: '/api/kpis/daily?days=30' },
    { name: 'list (all, newest first)', path: list({}) },
    { name: 'list leave tab, page 3 of 20', path: list({ request_type: 'leave related', page: 3, limit: 20 }) },
    { name: 'list status=pending_officer', path: list({ status: 'pending_officer' }) },
    { name: 'list orderly tab + status=scheduled', path: list({ request_type: 'orderly room', status: 'scheduled' }) },
    { name: 'list appointment_date=today', path: list({ appointment_date: today, limit: 50 }) },
    { name: 'list company_id=5 by date', path: list({ company_id: 5, sortBy: 'appointment_date', sortOrder: 'desc' }) },
    { name: `list search="${surname}"`, path: list({ search: surname }) },
    { name: `list search="sachin ${surname}"`, path: list({ search: `sachin ${surname}` }) },
    { name: 'list phone_number (10 digits)', path: list({ phone_number: phone }) },
  ];
}

interface Measured extends LoadResult {
  name: string;
  /** CPU time of the server process (Node only, not PostgreSQL) per request. */
  serverCpuMs: number;
  /** CPU time of the database's backends serving the server per request (local PostgreSQL only). */
  databaseCpuMs: number | null;
}

/** CPU used so far by the PostgreSQL backends connected to the bench database (null when not on this machine). */
async function backendCpuMillis(stats: DatabaseHandle | null): Promise<number | null> {
  if (!stats) return null;
  const backends = rowsOf(
    await stats.db.execute(
      sql.raw(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`),
    ),
  );
  let total = 0;
  for (const backend of backends) {
    try {
      total += cpuMillis(Number(backend.pid));
    } catch {
      return null;
    }
  }
  return total;
}

async function run(
  baseUrl: string,
  pid: number,
  stats: DatabaseHandle | null,
  token: string,
  call: Call,
  seconds: number,
): Promise<Measured> {
  const cpuBefore = cpuMillis(pid);
  const databaseCpuBefore = await backendCpuMillis(stats);
  const result = await measureLoad({
    url: `${baseUrl}${call.path}`,
    headers: { authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    seconds,
  });
  const serverCpuMs = (cpuMillis(pid) - cpuBefore) / result.requests;
  const databaseCpuAfter = await backendCpuMillis(stats);
  const databaseCpuMs =
    databaseCpuBefore === null || databaseCpuAfter === null
      ? null
      : (databaseCpuAfter - databaseCpuBefore) / result.requests;
  return { name: call.name, ...result, serverCpuMs, databaseCpuMs };
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-appointments-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const kind = databaseUrl ? 'PostgreSQL' : 'PGlite (embedded, on disk)';

try {
  const database = databaseUrl ? openPostgres(databaseUrl) : await openPglite({ dataDir: path.join(folder, 'db') });
  let today: string;
  let surname: string;
  let phone: string;
  try {
    console.log(`database: ${kind}; ${await prepare(database)}`);
    today = String(await scalar(database, `select to_char((now() at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD')`));
    const counts = rowsOf(
      await database.db.execute(
        sql.raw(
          `select count(*) filter (where appointment_date = '${today}') as today, count(*) filter (where appointment_date > '${today}'::date - 7 and appointment_date <= '${today}') as days7,
              count(*) filter (where appointment_date > '${today}'::date - 30 and appointment_date <= '${today}') as days30, min(appointment_date)::text as first, max(appointment_date)::text as last
         from appointments`,
        ),
      ),
    )[0] as { today: string | number; days7: string | number; days30: string | number; first: string; last: string };
    // The most frequent surname and one person's phone, from the data.
    surname = String(
      await scalar(database, `select lower(last_name) from appointments group by 1 order by count(*) desc limit 1`),
    );
    phone = String(
      await scalar(
        database,
        `select phone_number from appointments where phone_number is not null order by id limit 1`,
      ),
    );
    const surnameRows = String(
      await scalar(database, `select count(*) from appointments where lower(last_name) = '${surname}'`),
    );
    console.log(
      `data: today ${today}: ${counts.today} appointments; last 7 days ${counts.days7}; last 30 days ${counts.days30}; dates ${counts.first} … ${counts.last}; ` +
        `"${surname}" in ${surnameRows} rows`,
    );
  } finally {
    await database.close();
  }

  const server = await startServer({
    dataDir: folder,
    databaseUrl,
    env: { API_RATE_LIMIT: '100000000', ACCESS_TOKEN_TTL: '1h' },
  });
  // A separate connection reads which backends serve the server, to add up their CPU time.
  const stats = databaseUrl ? openPostgres(databaseUrl, 1) : null;
  try {
    const token = await signIn(server.baseUrl);
    const calls = callsFor(today, surname, phone).filter((call) => !ONLY || call.name.includes(ONLY));
    for (const call of calls) await run(server.baseUrl, server.pid, stats, token, call, WARMUP_SECONDS);
    const results: Measured[] = [];
    for (const call of calls) {
      const measured = await run(server.baseUrl, server.pid, stats, token, call, SECONDS);
      results.push(measured);
      const verdict = measured.p99 <= TARGET_P99_MS ? 'ok' : 'MISSED';
      console.log(
        `${measured.name.padEnd(40)} p50 ${String(measured.p50).padStart(4)} ms  p99 ${String(measured.p99).padStart(4)} ms  ${measured.rps.toFixed(0).padStart(5)} req/s  CPU/req: server ${measured.serverCpuMs.toFixed(1)} ms, database ${measured.databaseCpuMs?.toFixed(1) ?? '?'} ms  ${verdict}  (load ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
    const missed = results.filter((r) => r.p99 > TARGET_P99_MS);
    console.log(
      `${kind}, ${CONNECTIONS} connections, ${SECONDS} s per call after ${WARMUP_SECONDS} s warm-up, node ${process.version}, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}; target p99 ≤ ${TARGET_P99_MS} ms on PostgreSQL: ` +
        (missed.length === 0 ? 'met' : `missed by ${missed.map((r) => r.name).join(', ')}`),
    );
    process.exitCode = databaseUrl && missed.length > 0 ? 1 : 0;
  } finally {
    await stats?.close();
    await server.stop();
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
