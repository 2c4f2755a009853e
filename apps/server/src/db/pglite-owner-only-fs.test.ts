import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { entriesNotOwnerOnly } from '../test/owner-only-modes.js';
import { openPglite } from './client.js';

/**
 * The embedded database on disk is the server's user's alone (issue 27): initdb's files (PGlite
 * writes them 0666), what PostgreSQL creates while it runs (new tables, log segments, the relation
 * cache it writes with fopen as 0644) and a database loaded from a dump. The process umask is left
 * as the test runner has it (022), so only the database's own modes are tested here.
 */

const scratch = mkdtempSync(path.join(os.tmpdir(), 'srpf-pglite-modes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Rows enough to fill several log segments (16 MB each), then a switch to a new one. */
const WRITE_MUCH = `
  CREATE TABLE filler (line text);
  INSERT INTO filler SELECT repeat(md5(n::text), 40) FROM generate_series(1, 15000) AS n;
  CHECKPOINT;
  SELECT pg_switch_wal();
  CREATE INDEX filler_line ON filler (line);
`;

/**
 * Opens the embedded database in `folder`, runs `whileOpen` on it, and checks the folder is
 * owner-only while it is open and again after it closed (closing writes files too).
 */
async function expectOwnerOnlyAround(
  folder: string,
  options: Parameters<typeof openPglite>[0],
  whileOpen: (pglite: PgliteOf) => Promise<void> = async () => {},
) {
  const database = await openPglite({ ...options, dataDir: folder });
  try {
    if (database.kind !== 'pglite') throw new Error('openPglite opened something else');
    await whileOpen(database.pglite);
    expect(await entriesNotOwnerOnly(folder)).toEqual([]);
  } finally {
    await database.close();
  }
  expect(await entriesNotOwnerOnly(folder)).toEqual([]);
}
type PgliteOf = Extract<Awaited<ReturnType<typeof openPglite>>, { kind: 'pglite' }>['pglite'];

it("makes a new data folder owner-only: folders 0700, files 0600, initdb's included", async () => {
  await expectOwnerOnlyAround(path.join(scratch, 'new', 'db'), {});
}, 120_000);

it('keeps what PostgreSQL writes while it runs owner-only: new tables, new log segments, files written at close', async () => {
  const folder = path.join(scratch, 'running', 'db');
  const first = await openPglite({ dataDir: folder });
  await first.close();
  const walBefore = readdirSync(path.join(folder, 'pg_wal'));
  await expectOwnerOnlyAround(folder, {}, async (pglite) => {
    await pglite.exec(WRITE_MUCH);
    const walAfter = readdirSync(path.join(folder, 'pg_wal'));
    // The test is about files created after the start: make sure there were some.
    expect(walAfter.filter((name) => !walBefore.includes(name)).length).toBeGreaterThan(0);
  });
}, 120_000);

it('keeps a data folder loaded from a dump (a test snapshot, a restore) owner-only', async () => {
  // The dump is made here (the test snapshot exists only when the tests run on the embedded database).
  const source = await openPglite();
  if (source.kind !== 'pglite') throw new Error('openPglite opened something else');
  await source.pglite.exec('CREATE TABLE dumped (n int); INSERT INTO dumped VALUES (1);');
  const dump = await source.pglite.dumpDataDir('gzip');
  await source.close();
  await expectOwnerOnlyAround(path.join(scratch, 'loaded', 'db'), { loadDataDir: dump });
}, 120_000);
