import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../db/client.js';
import { verifyArchive } from './backup.archive-reader.js';
import { BackupRefusal } from './backup.errors.js';
import { claimDataDir, controlSocketPath, DataDirInUse } from './backup.data-dir-claim.js';
import { backUpEmbedded } from './backup.embedded-backup.js';
import { makeBackup } from './backup.make-backup.js';

/**
 * The embedded database is one process's: whoever opens it claims DATA_DIR first, and `npm run
 * backup` either asks the holder for the archive or, with nobody holding it, makes it itself.
 */

const scratch = mkdtempSync(path.join(os.tmpdir(), 'srpf-claim-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const folder = (name: string) => mkdtempSync(path.join(scratch, `${name}-`));

let template: Promise<string> | undefined;

/** A migrated embedded database, made once: from the suite's snapshot, or (on the PostgreSQL run, which has none) anew. */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const dataDir = folder('template');
    const snapshot = process.env.TEST_DATABASE_URL ? undefined : new Blob([readFileSync(inject('pgliteSnapshot'))]);
    const database = await openPglite({ dataDir: path.join(dataDir, 'db'), loadDataDir: snapshot });
    if (!snapshot) await database.migrate();
    await database.close();
    return dataDir;
  })();
  return template;
}

/** DATA_DIR with a migrated embedded database in db/, closed, as a stopped server leaves it. */
async function stoppedServerDataDir(): Promise<string> {
  const dataDir = folder('data');
  cpSync(await migratedTemplate(), dataDir, { recursive: true });
  return dataDir;
}

describe('the claim on DATA_DIR', () => {
  it('is held by one process at a time: a second claim is refused, naming the holder, until the first is released', async () => {
    const dataDir = folder('data');
    const server = await claimDataDir(dataDir, 'server');
    await expect(claimDataDir(dataDir, 'backup')).rejects.toThrow(DataDirInUse);
    await expect(claimDataDir(dataDir, 'restore')).rejects.toThrow(
      `is in use by a running server (pid ${process.pid})`,
    );
    // Only the server's user may reach the socket.
    expect(statSync(path.dirname(controlSocketPath(dataDir))).mode & 0o777).toBe(0o700);
    expect(statSync(controlSocketPath(dataDir)).mode & 0o777).toBe(0o600);
    await server.release();

    const restore = await claimDataDir(dataDir, 'restore');
    await expect(claimDataDir(dataDir, 'server')).rejects.toThrow('is in use by npm run restore');
    await restore.release();
  });

  it('takes over a socket that a process which died left behind', async () => {
    const dataDir = folder('data');
    const socket = controlSocketPath(dataDir);
    await claimDataDir(dataDir, 'server').then((claim) => claim.release());
    // A process that listened and exited without closing: its socket file stays, nobody answers.
    const crashed = spawnSync(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(socket)}, () => process.exit(0))`,
    ]);
    expect(crashed.status).toBe(0);
    expect(statSync(socket).isSocket()).toBe(true);

    const claim = await claimDataDir(dataDir, 'backup');
    await claim.release();
  });

  it('refuses a DATA_DIR whose socket path would not fit, with a way out', () => {
    expect(() => controlSocketPath(`/srv/${'very-long-folder-name/'.repeat(5)}data`)).toThrow(
      /too long for its control socket.*symbolic link/,
    );
  });
});

describe('npm run backup on the embedded database', () => {
  it('with no server running, claims DATA_DIR and makes the archive itself', async () => {
    const dataDir = await stoppedServerDataDir();
    const result = await backUpEmbedded(dataDir, path.join(scratch, 'backups-direct'));
    expect(result.madeBy).toBe('directly');
    expect((await verifyArchive(result.archive)).manifest.database.kind).toBe('pglite');
    // Released: the server can start again.
    await (await claimDataDir(dataDir, 'server')).release();
  });

  it('with a server running, asks it for the archive, which it makes on its own open database', async () => {
    const dataDir = await stoppedServerDataDir();
    const claim = await claimDataDir(dataDir, 'server');
    await expect(backUpEmbedded(dataDir, path.join(scratch, 'backups-early'))).rejects.toThrow(
      /a server that is still starting/,
    );
    const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
    try {
      claim.answerBackups(async (directory) => (await makeBackup({ database, dataDir }, directory)).archive);
      const result = await backUpEmbedded(dataDir, path.join(scratch, 'backups-online'));
      expect(result).toMatchObject({
        madeBy: 'server',
        archive: expect.stringMatching(/backups-online\/srpf-backup-\d{8}-\d{6}Z\.tar$/),
      });
      expect((await verifyArchive(result.archive)).manifest.database.migrations.applied).toBeGreaterThan(0);
    } finally {
      await database.close();
      await claim.release();
    }
  });

  it('is refused while a restore holds DATA_DIR', async () => {
    const dataDir = folder('data');
    const claim = await claimDataDir(dataDir, 'restore');
    try {
      await expect(backUpEmbedded(dataDir, path.join(scratch, 'backups-refused'))).rejects.toThrow(BackupRefusal);
      await expect(backUpEmbedded(dataDir, path.join(scratch, 'backups-refused'))).rejects.toThrow(
        /held by npm run restore/,
      );
    } finally {
      await claim.release();
    }
  });
});
