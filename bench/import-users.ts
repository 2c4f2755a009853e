/**
 * `npm run bench:import-users`: POST /api/users/import of a 10,000-row CSV through the whole product
 * (multipart, streamed CSV parsing, validation, duplicate checks, batched inserts, audit), in process
 * with app.inject. Prints rows/s and peak RSS for a first import and for a re-run (all duplicates).
 * Embedded PGlite in a temporary folder by default; set DATABASE_URL to use a PostgreSQL server
 * (use a database made for the run: the bench adds users to it). Target: 10,000 rows in ≤ 10 s on PostgreSQL.
 *
 * The CSV is the staff of the test kit's slip generator (@srpf/test-kit, payslips/: realistic
 * users.csv) up to its 10,000 people, beyond that from an equivalent generator here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TImportUsersResponse, TLoginResponse } from '@srpf/shared';
import { generateSlipFiles, SLIP_COUNT_MAX } from '@srpf/test-kit/payslips/index';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { designations } from '../apps/server/src/db/schema/index.js';
import { ensureFirstAdmin, ensureReferenceData } from '../apps/server/src/modules/setup/setup.bootstrap.js';
import { createPasswordHasher } from '../apps/server/src/lib/passwords.js';
import { multipartBody } from '../apps/server/src/test/multipart.js';
import { BENCH_DESIGNATIONS } from './lib/designations.js';

const ROWS = Number(process.env.ROWS ?? 10_000);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function generateCsv(): { csv: string; source: string } {
  if (ROWS <= SLIP_COUNT_MAX) {
    // The generator's mobile numbers repeat (its random generator cycles: 4,289 of 10,000 repeat),
    // which the import rightly refuses; unique numbers let all 10,000 rows be created and measured.
    const [header, ...lines] = generateSlipFiles({ count: ROWS, layouts: ['table'] })
      .usersCsv.trim()
      .split('\n');
    const unique = lines.map((line, i) => line.replace(/,[^,]*$/, `,9${String(i * 7919).padStart(9, '0')}`));
    return {
      csv: `${[header, ...unique].join('\n')}\n`,
      source: "the test kit's slip generator (mobile numbers made unique)",
    };
  }
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
  return { csv: `${lines.join('\n')}\n`, source: 'built-in generator' };
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-import-'));
const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl ? openPostgres(databaseUrl) : await openPglite({ dataDir: path.join(folder, 'db') });

try {
  const { csv, source } = generateCsv();
  await database.migrate();
  await ensureReferenceData(database.db);
  const config = {
    ...loadConfig({ DATA_DIR: folder, LOG_LEVEL: 'warn' }),
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
  };
  const adminPassword = 'bench-admin-password';
  await ensureFirstAdmin(database.db, createPasswordHasher(config.passwordHash), {
    email: 'bench@srpf.test',
    password: adminPassword,
  });
  await database.db
    .insert(designations)
    .values(BENCH_DESIGNATIONS.map(([name, code]) => ({ name, code })))
    .onConflictDoNothing();
  const app = await buildApp(config, database);

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'bench@srpf.test', password: adminPassword },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  const authorization = `Bearer ${login.json<TLoginResponse>().token}`;

  const importOnce = async (label: string) => {
    const body = multipartBody([
      { name: 'company_id', value: '1' },
      { name: 'file', filename: 'users.csv', content: csv },
    ]);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/import',
      headers: { ...body.headers, authorization },
      payload: body.payload,
    });
    const seconds = (performance.now() - started) / 1000;
    if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    const { created, failed, skipped } = response.json<TImportUsersResponse>().data;
    const peak = process.resourceUsage().maxRSS * 1024;
    console.log(
      `${label.padEnd(12)} ${ROWS} rows in ${seconds.toFixed(2)} s = ${Math.round(ROWS / seconds)} rows/s ` +
        `(created ${created}, failed ${failed}, skipped ${skipped}); RSS before ${mb(rssBefore)}, peak ${mb(peak)}, JS heap ${mb(process.memoryUsage().heapUsed)}`,
    );
    return seconds;
  };

  console.log(
    `database: ${database.kind}${databaseUrl ? '' : ' (embedded, on disk)'}; CSV from ${source}, ${(csv.length / 1024 / 1024).toFixed(2)} MB; node ${process.version}`,
  );
  const first = await importOnce('first import');
  await importOnce('re-run');

  // The users list search over the imported people: the planner's choice, and whether the trigram
  // index can serve it (it is chosen once a scan costs more, on larger or more selective searches).
  const searchSql = sql.raw(
    `explain select id from users where lower(first_name || ' ' || coalesce(middle_name, '') || ' ' || last_name || ' ' || email || ' ' || coalesce(phone_number, '') || ' ' || coalesce(dgp_id, '') || ' ' || coalesce(badge_no::text, '')) like '%patil.123%'`,
  );
  const topNode = (result: unknown) =>
    String(Object.values((result as { rows: Record<string, string>[] }).rows[0] ?? {})[0]).split('  (')[0];
  await database.db.execute(sql`analyze users`);
  const chosen = topNode(await database.db.execute(searchSql));
  const indexed = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(searchSql);
    return (result as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join(' ');
  });
  console.log(
    `search plan: planner chose "${chosen}"; users_search_trgm_idx usable: ${indexed.includes('users_search_trgm_idx') ? 'yes' : 'no'}`,
  );

  await app.close();
  process.exitCode = databaseUrl && first > 10 ? 1 : 0;
} finally {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
}
