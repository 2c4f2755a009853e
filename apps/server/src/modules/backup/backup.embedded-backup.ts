import { existsSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../../db/client.js';
import { BackupRefusal } from './backup.errors.js';
import { askHolder, claimDataDir, DataDirInUse } from './backup.data-dir-claim.js';
import { makeBackup } from './backup.make-backup.js';
import { PGLITE_FOLDER } from './backup.restore-target.js';

export interface EmbeddedBackup {
  archive: string;
  /** `server`: the running server made it on its open database; `directly`: no server ran, this process opened it. */
  madeBy: 'server' | 'directly';
}

/** With no server running: claims DATA_DIR, so none starts meanwhile, and opens the database itself. */
async function backUpDirectly(dataDir: string, backupDir: string): Promise<string> {
  const claim = await claimDataDir(dataDir, 'backup');
  try {
    const folder = path.join(dataDir, PGLITE_FOLDER);
    if (!existsSync(path.join(folder, 'PG_VERSION')))
      throw new BackupRefusal(`There is no embedded database in ${folder}: is DATA_DIR right?`);
    const database = await openPglite({ dataDir: folder });
    try {
      return (await makeBackup({ database, dataDir }, backupDir)).archive;
    } finally {
      await database.close();
    }
  } finally {
    await claim.release();
  }
}

/**
 * A backup of the embedded database in DATA_DIR, whether or not the server runs: a running server
 * holds DATA_DIR's claim and is asked, through it, for the archive; otherwise this process makes it.
 * A server starting between the two is asked in a second round.
 */
export async function backUpEmbedded(dataDir: string, backupDir: string): Promise<EmbeddedBackup> {
  for (let round = 1; ; round += 1) {
    const answer = await askHolder(dataDir, { command: 'backup', directory: backupDir });
    if (answer !== null) {
      if ('archive' in answer) return { archive: answer.archive, madeBy: 'server' };
      throw new BackupRefusal('error' in answer ? answer.error : 'DATA_DIR is held by another process.');
    }
    try {
      return { archive: await backUpDirectly(dataDir, backupDir), madeBy: 'directly' };
    } catch (error) {
      if (!(error instanceof DataDirInUse) || round >= 2) throw error;
    }
  }
}
