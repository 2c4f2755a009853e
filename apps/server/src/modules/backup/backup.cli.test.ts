import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServerProcess } from '@srpf/test-kit';
import { afterAll, expect, it } from 'vitest';
import { verifyArchive } from './backup.archive-reader.js';
import { controlSocketPath } from './backup.data-dir-claim.js';

/**
 * `npm run backup` and `npm run restore` as an operator runs them, beside the real server on the
 * embedded database (whatever database the suite runs on: this is about the one-process database).
 */

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const SOURCE = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'srpf-cli-test-'));
const dataDir = path.join(scratch, 'data');
const backupDir = path.join(scratch, 'backups');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The environment of the server and of its backup and restore programs: one data folder, the embedded database. */
const serverEnv = {
  DATA_DIR: dataDir,
  BACKUP_DIR: backupDir,
  INIT_CWD: scratch,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  JWT_SECRET: 'backup-cli-test-secret-that-is-long-enough',
  ADMIN_EMAIL: 'admin@srpf.test',
  ADMIN_PASSWORD: 'a-long-enough-password',
};

/** One of the server's programs (main.ts, backup-cli.ts, restore-cli.ts) with the server's environment. */
function run(program: string, args: string[] = [], env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', path.join(SOURCE, program), ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', ...serverEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** The server from its sources (the test kit's start: a free port, ready once /api/health/live answers). */
const startServer = () => startServerProcess({ entry: 'source', env: serverEnv, timeoutMs: 60_000 });

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

it('backs up through the running server, refuses a second server on DATA_DIR, and restores with the server stopped', async () => {
  const server = await startServer();
  try {
    const online = run('backup-cli.ts');
    expect(await online.exited).toBe(0);
    expect(online.stdout()).toContain('made by the running server');
    const archive = lastLine(online.stdout())!;
    expect(path.isAbsolute(archive) && archive.startsWith(backupDir)).toBe(true);
    expect((await verifyArchive(archive)).manifest.database.kind).toBe('pglite');

    const second = run('main.ts', [], { PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(
      `The embedded database in ${dataDir} is in use by a running server (pid ${server.pid})`,
    );

    const refused = run('restore-cli.ts', [archive, '--force']);
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain('is in use by a running server');
  } finally {
    expect(await server.terminate()).toBe(0);
  }
  expect(existsSync(controlSocketPath(dataDir))).toBe(false);

  const offline = run('backup-cli.ts');
  expect(await offline.exited).toBe(0);
  expect(offline.stdout()).toContain('no server was running');
  const archive = lastLine(offline.stdout())!;

  // A relative path is read from where npm was started (INIT_CWD).
  const restored = run('restore-cli.ts', [path.relative(scratch, archive)], {
    DATA_DIR: path.join(scratch, 'restored'),
  });
  expect(await restored.exited).toBe(0);
  expect(restored.stdout()).toContain('Start the server: its migrations bring the database up to this release.');
  expect(existsSync(path.join(scratch, 'restored', 'db', 'PG_VERSION'))).toBe(true);
}, 120_000);
