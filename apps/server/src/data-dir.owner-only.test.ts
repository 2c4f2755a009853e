import { execFile } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client.js';
import { DATA_DIR_TIGHTENED } from './lib/owner-only.js';
import { createCategory, randomPdf, uploadTogether } from './test/crash-uploads.js';
import { entriesNotOwnerOnly } from './test/owner-only-modes.js';
import { isRunning, kill, signIn, startServer, stop, type ServerProcess } from './test/server-process.js';
import { openTestDatabase } from './test/test-database.js';

/**
 * Issue 27, item 1: DATA_DIR belongs to the server's user alone. The real server (src/main.ts) is
 * started on an empty DATA_DIR an operator made (0755), fills it itself (the embedded database's
 * initdb included, or only the file store with TEST_DATABASE_URL), a PDF is stored, and then:
 * - every folder under DATA_DIR is 0700 and every file 0600, while it runs and after it stopped;
 * - another local user (`nobody`) can list no folder, read no file (pg_control, a log segment, the
 *   stored PDF) and create or change nothing there;
 * - a DATA_DIR left the old way (folders 0755, database files 0666, stored files 0644) is tightened
 *   at the next start, which says how many entries it changed.
 *
 * Acting as `nobody` needs root (to give the child process another uid). CI and this repository's
 * machines run the tests as root; on a developer's machine that does not, the probe is skipped (and
 * says so on stderr), while the mode checks (which show the same thing from the owner's side) run.
 */

const NOBODY = 65_534;
const asRoot = process.getuid?.() === 0;
if (!asRoot) {
  process.stderr.write(
    'data-dir.owner-only.test.ts: not running as root, so the probe as another user (nobody) is skipped; only the mode bits are checked.\n',
  );
}

// A parent others may enter, as a deployment's would be: only DATA_DIR's own modes may stop them.
const parent = mkdtempSync(path.join(os.tmpdir(), 'srpf-owner-only-'));
chmodSync(parent, 0o755);
// DATA_DIR made beforehand, as an operator's `mkdir` or a container's volume makes it (0755): the
// server must not count on making it itself.
const dataDir = path.join(parent, 'data');
mkdirSync(dataDir, { mode: 0o755 });
chmodSync(dataDir, 0o755);
/** A file any user may read, beside DATA_DIR: shows the probe can read what it is allowed to. */
const control = path.join(parent, 'readable-by-all.txt');
writeFileSync(control, 'anyone may read this\n', { mode: 0o644 });
chmodSync(control, 0o644);

let database: DatabaseHandle | undefined;
let running: ServerProcess | undefined;
afterAll(async () => {
  if (isRunning(running)) await kill(running);
  await database?.close();
  rmSync(parent, { recursive: true, force: true });
});

async function startOnDataDir(): Promise<ServerProcess> {
  if (process.env.TEST_DATABASE_URL) database ??= await openTestDatabase();
  // No JWT_SECRET: the key that signs sessions is generated and kept in the database, what an attacker reading DATA_DIR is after.
  const connection = database?.kind === 'postgres' ? { databaseUrl: database.connectionString } : {};
  running = await startServer({ dataDir, ...connection, env: { JWT_SECRET: '' } });
  return running;
}

/** Every entry under DATA_DIR (itself included), as the owner sees them. */
function entriesOf(folder: string): { folders: string[]; files: string[] } {
  const found = { folders: [folder], files: [] as string[] };
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    const info = lstatSync(full);
    if (info.isDirectory()) {
      const below = entriesOf(full);
      found.folders.push(...below.folders);
      found.files.push(...below.files);
    } else if (info.isFile()) {
      found.files.push(full);
    }
  }
  return found;
}

/**
 * Run as `nobody`: for each folder, list it and create a file in it; for each file, read it and open
 * it for writing. Prints one JSON line of `[target, what, outcome]` (`ok` or the error's code).
 */
const PROBE = `
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
const { folders, files } = JSON.parse(process.argv[1]);
const outcome = (action) => { try { action(); return 'ok'; } catch (error) { return error.code ?? String(error); } };
const results = [];
for (const folder of folders) {
  results.push([folder, 'list', outcome(() => readdirSync(folder))]);
  results.push([folder, 'create', outcome(() => closeSync(openSync(path.join(folder, 'written-by-nobody'), 'wx')))]);
}
for (const file of files) {
  results.push([file, 'read', outcome(() => readFileSync(file))]);
  results.push([file, 'write', outcome(() => closeSync(openSync(file, 'r+')))]);
}
process.stdout.write(JSON.stringify(results));
`;

async function probeAsNobody(targets: {
  folders: string[];
  files: string[];
}): Promise<Array<[string, string, string]>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', PROBE, JSON.stringify(targets)],
    {
      uid: NOBODY,
      gid: NOBODY,
      cwd: '/',
      env: {},
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as Array<[string, string, string]>;
}

const embedded = !process.env.TEST_DATABASE_URL;

describe('a DATA_DIR the server made', () => {
  it('holds only folders 0700 and files 0600, while the server runs (a PDF stored) and after it stopped', async () => {
    const server = await startOnDataDir();
    const token = await signIn(server);
    const categoryId = await createCategory(server, token, 'Owner-only check');
    const [outcome] = await uploadTogether(
      server,
      token,
      categoryId,
      [{ name: 'owner only', replaces: null, slow: false, pdf: randomPdf('owner only', 2048, 4096) }],
      null,
    );
    expect(outcome?.status).toBe(201);

    const stored = entriesOf(path.join(dataDir, 'files')).files;
    expect(stored.length).toBeGreaterThan(0);
    if (embedded) expect(entriesOf(dataDir).files).toContain(path.join(dataDir, 'db', 'global', 'pg_control'));
    expect(await entriesNotOwnerOnly(dataDir)).toEqual([]);

    // Stopping writes too (a checkpoint, the statistics file).
    await stop(server);
    expect(await entriesNotOwnerOnly(dataDir)).toEqual([]);
  }, 180_000);

  it.runIf(asRoot)(
    'lets another local user (nobody) list, read, create and change nothing in it (runs as root only)',
    async () => {
      if (isRunning(running)) await stop(running);
      const targets = entriesOf(dataDir);
      const walSegment = targets.files.find((file) => /pg_wal\/[0-9A-F]{24}$/.test(file));
      if (embedded) {
        expect(walSegment).toBeDefined();
        expect(targets.files).toContain(path.join(dataDir, 'db', 'global', 'pg_control'));
      }
      expect(targets.files.some((file) => file.startsWith(path.join(dataDir, 'files')))).toBe(true);

      const allowed = await probeAsNobody({ folders: [parent], files: [control] });
      // The probe does reach what is open to it: listing the parent and reading the control file work.
      expect(allowed.filter(([, what]) => what === 'list' || what === 'read').map(([, , result]) => result)).toEqual([
        'ok',
        'ok',
      ]);

      const results = await probeAsNobody(targets);
      expect(results).toHaveLength(2 * (targets.folders.length + targets.files.length));
      expect(results.filter(([, , result]) => result !== 'EACCES')).toEqual([]);
    },
    60_000,
  );
});

describe('a DATA_DIR an earlier release left open', () => {
  it('is tightened at the next start, which logs how many entries it changed', async () => {
    if (isRunning(running)) await stop(running);
    // What earlier releases left: folders 0755, PGlite's files 0666, stored files 0644.
    const { folders, files } = entriesOf(dataDir);
    for (const folder of folders) chmodSync(folder, 0o755);
    for (const file of files) chmodSync(file, file.startsWith(path.join(dataDir, 'files')) ? 0o644 : 0o666);
    expect(await entriesNotOwnerOnly(dataDir)).not.toEqual([]);

    const server = await startOnDataDir();
    const logged = server.lines
      .filter((line) => line.includes(DATA_DIR_TIGHTENED))
      .map((line) => JSON.parse(line) as { entries: number });
    expect(logged).toEqual([expect.objectContaining({ entries: folders.length + files.length })]);
    expect(await entriesNotOwnerOnly(dataDir)).toEqual([]);
    await stop(server);
    expect(await entriesNotOwnerOnly(dataDir)).toEqual([]);
  }, 180_000);
});
