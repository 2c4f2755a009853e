import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPglite, openPostgres, type Database, type DatabaseHandle } from '../../db/client.js';
import { createLibraryTestApp, pdfBytes, upload, type LibraryTestApp } from '../../test/library-fixtures.js';
import { testConfig } from '../../test/test-app.js';
import { BackupRefusal, DamagedArchive } from './backup.errors.js';
import { makeBackup } from './backup.make-backup.js';
import { restoreBackup, type RestoreTarget } from './backup.restore-backup.js';

/**
 * The round trip an operator relies on, on the database the suite runs on (PGlite, or the
 * PostgreSQL server of TEST_DATABASE_URL): data made through the API and the fixtures, backed up,
 * restored into an empty target, compared table by table and file by file.
 */

let t: LibraryTestApp;
/** What is backed up: the test app's database, on PGlite a copy of it on disk in its DATA_DIR, as the server keeps it. */
let source: DatabaseHandle;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'srpf-backup-test-'));
const scratchDatabases: string[] = [];
let archive: string;
let signInAs: { email: string; password: string };
let uploadedId: number;
const uploadedPdf = pdfBytes(40_000, 'backup-round-trip');

/** A place to restore into: an empty DATA_DIR, and on PostgreSQL a new, empty database beside the test's. */
async function emptyTarget(): Promise<RestoreTarget> {
  const dataDir = mkdtempSync(path.join(scratch, 'target-'));
  if (t.database.kind === 'pglite') return { dataDir };
  const url = new URL(t.database.connectionString);
  const name = `${url.pathname.slice(1)}_restore_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  scratchDatabases.push(name);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

async function openTarget(target: RestoreTarget): Promise<DatabaseHandle> {
  return target.databaseUrl
    ? openPostgres(target.databaseUrl, 2)
    : openPglite({ dataDir: path.join(target.dataDir, 'db') });
}

/** Rows per table, in every schema the product uses (its tables, drizzle's migrations, pg-boss's jobs). */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = (await db.execute(sql`
    select table_schema || '.' || table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`)) as {
    rows: { name: string }[];
  };
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const [schema, table] = name.split('.');
    const result = (await db.execute(
      sql`select count(*) as n from ${sql.identifier(schema!)}.${sql.identifier(table!)}`,
    )) as { rows: { n: string | number }[] };
    counts[name] = Number(result.rows[0]!.n);
  }
  return counts;
}

/** SHA-256 of every stored file under DATA_DIR/files but files/tmp, by path. */
function fileHashes(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'files');
  const hashes: Record<string, string> = {};
  const walk = (relative: string) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const name = path.join(relative, entry.name);
      if (name === 'tmp') continue;
      if (entry.isDirectory()) walk(name);
      else
        hashes[name] = createHash('sha256')
          .update(readFileSync(path.join(root, name)))
          .digest('hex');
    }
  };
  walk('');
  return hashes;
}

beforeAll(async () => {
  t = await createLibraryTestApp();
  const asAdmin = await t.as('admin');
  signInAs = await t.buildUser({ role: 'officer', designation: 'Clerk', first_name: 'सुनील', last_name: 'पाटील' });
  await t.buildUser({ role: 'viewer' });
  const category = await t.buildCategory('orders');
  const response = await upload(
    asAdmin,
    'orders',
    { title: 'Bandobast order', effective_date: '2026-11-21', category_id: String(category.id) },
    { content: uploadedPdf },
  );
  expect(response.statusCode).toBe(201);
  uploadedId = response.json().data.order.id;
  await t.buildDocument('circulars', { title: 'Circular with a file', file: pdfBytes(5_000, 'fixture') });
  // An upload under way is not part of a backup.
  mkdirSync(path.join(t.filesRoot, 'tmp'), { recursive: true });
  writeFileSync(path.join(t.filesRoot, 'tmp', 'f'.repeat(32)), 'partial upload');

  const dataDir = path.dirname(t.filesRoot);
  source = t.database;
  if (t.database.kind === 'pglite') {
    source = await openPglite({
      dataDir: path.join(dataDir, 'db'),
      loadDataDir: await t.database.pglite.dumpDataDir('gzip'),
    });
  }
  archive = (await makeBackup({ database: source, dataDir }, path.join(scratch, 'backups'))).archive;
});

afterAll(async () => {
  if (source !== t.database) await source.close();
  await t.close();
  if (scratchDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of scratchDatabases) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  rmSync(scratch, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores users, documents and their PDFs into an empty target: every table with its rows, every file with its bytes, served again', async () => {
    const target = await emptyTarget();
    const outcome = await restoreBackup(archive, target, { force: false });
    expect(outcome.files).toBe(2);

    const sourceFiles = fileHashes(path.dirname(t.filesRoot));
    expect(Object.keys(sourceFiles)).toHaveLength(2);
    expect(fileHashes(target.dataDir)).toEqual(sourceFiles);

    const restored = await openTarget(target);
    try {
      const counts = await rowCounts(restored.db);
      expect(counts['public.users']).toBeGreaterThanOrEqual(3);
      expect(counts['public.library_documents']).toBe(2);
      expect(counts).toEqual(await rowCounts(source.db));
      // What the server does at its next start.
      await restored.migrate();

      const app = await buildApp(testConfig({ dataDir: target.dataDir }), restored);
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: signInAs.email, password: signInAs.password },
        });
        expect(login.statusCode).toBe(200);
        const download = await app.inject({
          method: 'GET',
          url: `/api/orders/${uploadedId}/file`,
          headers: { authorization: `Bearer ${login.json().token}` },
        });
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(uploadedPdf)).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await restored.close();
    }
  });

  it('refuses an archive with one byte changed, naming the damaged entry, and changes nothing', async () => {
    const bytes = readFileSync(archive);
    const at = bytes.indexOf(Buffer.from('backup-round-trip')) + 200;
    bytes[at] = bytes[at]! ^ 0xff;
    const damaged = path.join(scratch, 'damaged.tar');
    writeFileSync(damaged, bytes);
    const target = await emptyTarget();

    const failure = restoreBackup(damaged, target, { force: true });
    await expect(failure).rejects.toBeInstanceOf(DamagedArchive);
    await expect(failure).rejects.toThrow(
      /files\/[0-9a-f]{2}\/[0-9a-f]{32} does not match its SHA-256\); nothing was changed/,
    );
    expect(readdirSync(target.dataDir)).toEqual([]);
    if (target.databaseUrl) {
      const untouched = await openTarget(target);
      expect(await rowCounts(untouched.db)).toEqual({});
      await untouched.close();
    }
  });

  it('refuses a target that holds data unless forced, and with --force replaces it by the archive', async () => {
    const target = await emptyTarget();
    await restoreBackup(archive, target, { force: false });
    const stray = path.join(target.dataDir, 'files', 'ff', 'e'.repeat(32));
    mkdirSync(path.dirname(stray), { recursive: true });
    writeFileSync(stray, 'a file the archive does not have');

    await expect(restoreBackup(archive, target, { force: false })).rejects.toThrow(BackupRefusal);
    await expect(restoreBackup(archive, target, { force: false })).rejects.toThrow(
      /The target is not empty .*add --force/,
    );
    expect(readFileSync(stray, 'utf8')).toBe('a file the archive does not have');

    await restoreBackup(archive, target, { force: true });
    expect(fileHashes(target.dataDir)).toEqual(fileHashes(path.dirname(t.filesRoot)));
    const restored = await openTarget(target);
    try {
      expect(await rowCounts(restored.db)).toEqual(await rowCounts(source.db));
    } finally {
      await restored.close();
    }
  });
});
