/**
 * `npx tsx --conditions=source bench/backup.ts`: how long `npm run backup` and `npm run restore` take,
 * and how large the archive is, for the library-list bench's data (100,000 documents in the orders
 * library) plus stored PDFs (FILES of FILE_KB each, incompressible like real scans). Figures in
 * docs/RELIABILITY.md.
 *
 * Embedded PGlite in a temporary folder by default; `DATABASE_URL=postgres://…/a_new_database` for a
 * PostgreSQL server (the bench fills it, and restores into a database it creates and drops beside it).
 * `DOCUMENTS`, `FILES` and `FILE_KB` change the size. `APPOINTMENTS=1000000` also writes the appointments
 * bench's appointments (and its 5,020 people) into the same database, as bench/appointments.ts seeds
 * them; on PostgreSQL every table's row count is then compared between the source and the restored
 * database. `FILL_ONLY=/a/folder` (PostgreSQL) fills DATABASE_URL and that folder as DATA_DIR and stops
 * there, for timing `npm run backup` and `npm run restore` by hand on the same data.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createPasswordHasher } from '../apps/server/src/lib/passwords.js';
import { createLocalStorage } from '../apps/server/src/lib/storage-local.js';
import { backUpEmbedded } from '../apps/server/src/modules/backup/backup.embedded-backup.js';
import { makeBackup } from '../apps/server/src/modules/backup/backup.make-backup.js';
import { copyPgliteDataFolder } from '../apps/server/src/modules/backup/backup.pglite-snapshot.js';
import { restoreBackup } from '../apps/server/src/modules/backup/backup.restore-backup.js';
import { ensureFirstAdmin, ensureReferenceData } from '../apps/server/src/modules/setup/setup.bootstrap.js';
import { seedAppointmentsSql, seedPeopleSql } from './lib/appointments-seed.js';
import { BENCH_ADMIN } from './lib/server.js';

const DOCUMENTS = Number(process.env.DOCUMENTS ?? 100_000);
const FILES = Number(process.env.FILES ?? 1_000);
const FILE_KB = Number(process.env.FILE_KB ?? 250);
const APPOINTMENTS = Number(process.env.APPOINTMENTS ?? 0);
const FILL_ONLY = process.env.FILL_ONLY || undefined;
const databaseUrl = process.env.DATABASE_URL || undefined;

const seconds = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const inside = path.join(folder, entry.name);
    total += entry.isDirectory() ? folderBytes(inside) : statSync(inside).size;
  }
  return total;
}

/** The library-list bench's documents (same shape, fewer words), then FILES of them given a stored PDF. */
async function fill(database: DatabaseHandle, dataDir: string): Promise<void> {
  await database.migrate();
  await ensureReferenceData(database.db);
  await database.db.execute(sql`
    INSERT INTO library_categories (library, name, slug, icon, color)
    SELECT 'orders', 'Category ' || c, 'category-' || c, '📄', '#3B82F6' FROM generate_series(1, 25) c`);
  await database.db.execute(sql`
    INSERT INTO library_documents (library, title, description, effective_date, slug, category_id, priority, status, tags, search_text, created_at, updated_at)
    SELECT 'orders', title, description, current_date - (g % 700), 'order-' || g,
           (SELECT min(id) FROM library_categories) + g % 25,
           (ARRAY['high', 'medium', 'other'])[1 + g % 3], (ARRAY['pending', 'approved', 'rejected'])[1 + g % 3],
           ARRAY['bandobast', 'pune'], lower(title || ' ' || description), now() - make_interval(mins => g), now() - make_interval(mins => g)
    FROM (
      SELECT g, 'Bandobast बंदोबस्त Pune गट ' || (g % 16 + 1) || ' order no. ' || g AS title,
             'Order regarding bandobast of SRPF personnel of Group ' || (g % 16 + 1) || ' at Pune, to be read out at the next roll call and filed with the company records.' AS description
      FROM generate_series(1, ${DOCUMENTS}) g
    ) documents`);
  const storage = createLocalStorage(path.join(dataDir, 'files'));
  const keys: string[] = [];
  for (let index = 0; index < FILES; index += 1) {
    const stored = await storage.put(
      Readable.from([Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(FILE_KB * 1024 - 9)])]),
    );
    await storage.commit(stored.key);
    keys.push(stored.key);
  }
  await database.db.execute(sql`
    UPDATE library_documents SET file_key = stored.key, file_name = 'order.pdf', file_size = ${FILE_KB * 1024}
    FROM (SELECT key, row_number() OVER () AS n FROM unnest(${sql.raw(`ARRAY[${keys.map((key) => `'${key}'`).join(',') || "''"}]::text[]`)}) key) stored
    WHERE library_documents.slug = 'order-' || stored.n`);
  if (APPOINTMENTS > 0) await fillAppointments(database);
  await database.db.execute(sql`ANALYZE`);
}

/** APPOINTMENTS rows as bench/appointments.ts seeds them: the secondary indexes built after the load. */
async function fillAppointments(database: DatabaseHandle): Promise<void> {
  await ensureFirstAdmin(database.db, createPasswordHasher(loadConfig({}).passwordHash), BENCH_ADMIN);
  for (const statement of seedPeopleSql()) await database.db.execute(sql.raw(statement));
  const listed: unknown = await database.db.execute(
    sql.raw(
      `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'appointments' and indexname <> 'appointments_pkey'`,
    ),
  );
  const indexes = (listed as { rows: { indexname: string; indexdef: string }[] }).rows;
  for (const index of indexes) await database.db.execute(sql.raw(`drop index "${index.indexname}"`));
  for (let first = 0; first < APPOINTMENTS; first += 250_000) {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local session_replication_role = replica`));
      await tx.execute(sql.raw(seedAppointmentsSql(first, Math.min(first + 250_000, APPOINTMENTS))));
    });
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local maintenance_work_mem = '256MB'`));
    for (const index of indexes) await tx.execute(sql.raw(index.indexdef));
  });
  await database.db.execute(sql`VACUUM ANALYZE appointments`);
}

/** Exact row counts of every table of the database's own schemas. */
async function rowCounts(url: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    );
    const counts = new Map<string, number>();
    for (const { name } of tables)
      counts.set(name, Number((await client.query<{ n: string }>(`select count(*) as n from ${name}`)).rows[0]!.n));
    return counts;
  } finally {
    await client.end();
  }
}

/** A new, empty database beside DATABASE_URL's, and how to drop it. */
async function scratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const target = new URL(url);
  const name = `${target.pathname.slice(1)}_restored`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-backup-'));
const dataDir = FILL_ONLY ? path.resolve(FILL_ONLY) : path.join(scratch, 'data');
const backupDir = path.join(scratch, 'backups');
try {
  const filling = Date.now();
  const database = databaseUrl ? openPostgres(databaseUrl) : await openPglite({ dataDir: path.join(dataDir, 'db') });
  await fill(database, dataDir);
  console.log(
    `${DOCUMENTS.toLocaleString('en')} documents${APPOINTMENTS > 0 ? `, ${APPOINTMENTS.toLocaleString('en')} appointments` : ''} and ${FILES.toLocaleString('en')} PDFs of ${FILE_KB} KB written in ${seconds(filling)} on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  if (database.kind === 'pglite') {
    await database.db.execute(sql`CHECKPOINT`);
    console.log(
      `data: database folder ${megabytes(folderBytes(path.join(dataDir, 'db')))}, files ${megabytes(folderBytes(path.join(dataDir, 'files')))}`,
    );
    // How long statements wait during an online backup: the checkpoint and the copy of the folder, measured apart.
    const copying = Date.now();
    await copyPgliteDataFolder(database.pglite, path.join(dataDir, 'db'), path.join(scratch, 'lock-probe'));
    const lockHeld = seconds(copying);
    console.log(
      `copy of the database made under PGlite's lock: ${megabytes(folderBytes(path.join(scratch, 'lock-probe')))}`,
    );
    rmSync(path.join(scratch, 'lock-probe'), { recursive: true, force: true });
    // What a running server does when asked: the archive made on its open database.
    const online = Date.now();
    const { archive, bytes } = await makeBackup({ database, dataDir }, backupDir);
    console.log(
      `backup through the running server: ${seconds(online)} (statements wait while the folder is copied: ${lockHeld}), archive ${megabytes(bytes)}: ${path.basename(archive)}`,
    );
    await database.close();
    const offline = Date.now();
    await backUpEmbedded(dataDir, backupDir);
    console.log(`backup with the server stopped (opens the database itself): ${seconds(offline)}`);
    const restoring = Date.now();
    await restoreBackup(archive, { dataDir: path.join(scratch, 'restored') }, { force: false });
    console.log(`restore into an empty DATA_DIR: ${seconds(restoring)}`);
  } else if (FILL_ONLY) {
    await database.close();
    console.log(
      `filled ${databaseUrl}; DATA_DIR ${dataDir}: files ${megabytes(folderBytes(path.join(dataDir, 'files')))}`,
    );
  } else {
    console.log(`data: files ${megabytes(folderBytes(path.join(dataDir, 'files')))}`);
    const backingUp = Date.now();
    const { archive, bytes } = await makeBackup({ database, dataDir }, backupDir);
    console.log(`backup (pg_dump and the files): ${seconds(backingUp)}, archive ${megabytes(bytes)}`);
    await database.close();
    const target = await scratchDatabase(databaseUrl!);
    try {
      const restoring = Date.now();
      await restoreBackup(
        archive,
        { dataDir: path.join(scratch, 'restored'), databaseUrl: target.url },
        { force: false },
      );
      console.log(`restore into an empty database and DATA_DIR: ${seconds(restoring)}`);
      const [before, after] = [await rowCounts(databaseUrl!), await rowCounts(target.url)];
      const differing = [...new Set([...before.keys(), ...after.keys()])].filter(
        (table) => before.get(table) !== after.get(table),
      );
      const total = [...before.values()].reduce((sum, n) => sum + n, 0);
      console.log(
        `row counts of ${before.size} tables (${total.toLocaleString('en')} rows; appointments ${before.get('public.appointments')?.toLocaleString('en')}, library_documents ${before.get('public.library_documents')?.toLocaleString('en')}): ` +
          (differing.length === 0
            ? 'equal after restore'
            : `DIFFER in ${differing.map((table) => `${table} ${before.get(table)} → ${after.get(table)}`).join(', ')}`),
      );
      if (differing.length > 0) process.exitCode = 1;
    } finally {
      await target.drop();
    }
  }
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
