import { chmod, lstat, mkdir, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR (the embedded database, the stored files, the claim's socket) and the backups belong to
 * the server's user alone: the database holds the generated key that signs sessions, so another
 * local user who can read one WAL segment can sign in as anyone. Folders 0700, files 0600.
 */
export const OWNER_ONLY_FOLDER = 0o700;
export const OWNER_ONLY_FILE = 0o600;
/** Entries of one folder looked at together when walking DATA_DIR. */
const WALK_BATCH = 32;
/** The permission bits of the group and of others. */
const OTHERS_BITS = 0o077;

/**
 * From now on this process creates nothing others may read, whatever mode a library asks for
 * (mkdir's 0777, open's 0666): called first by every program that writes DATA_DIR or the backups,
 * and inherited by the processes it starts.
 */
export function keepNewFilesToOwner(): void {
  process.umask(OTHERS_BITS);
}

/** `mode` without the group's and others' bits (file type bits kept). */
export const ownerOnlyMode = (mode: number): number => mode & ~OTHERS_BITS;

/**
 * Takes away the group's and others' bits from `root` and everything below it; answers how many
 * entries it changed. For folders made by an earlier release, or by a library that chose its own
 * modes (PGlite's initdb writes 0666). Symbolic links are neither changed nor followed: chmod would
 * change what they point to, which may lie outside.
 */
export async function tightenToOwner(root: string): Promise<number> {
  try {
    const info = await lstat(root);
    if (info.isSymbolicLink()) return 0;
    let tightened = 0;
    if ((info.mode & OTHERS_BITS) !== 0) {
      await chmod(root, ownerOnlyMode(info.mode) & 0o7777);
      tightened += 1;
    }
    if (info.isDirectory()) {
      // A few entries at a time: one lstat after another took 3 s for 100,000 stored files.
      const entries = await readdir(root);
      for (let start = 0; start < entries.length; start += WALK_BATCH) {
        const counts = await Promise.all(
          entries.slice(start, start + WALK_BATCH).map((entry) => tightenToOwner(path.join(root, entry))),
        );
        tightened += counts.reduce((sum, count) => sum + count, 0);
      }
    }
    return tightened;
  } catch (error) {
    // Removed meanwhile (a temporary upload, a recycled log segment): nothing left to tighten.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/**
 * At start: makes DATA_DIR when it does not exist (0700), then tightens what is in it. Answers how
 * many entries were too open, for the one log line. DATA_DIR itself, and its own parts (db, files,
 * run), may be symbolic links (OPERATIONS.md suggests one for a long path, and files/ may live on
 * another disk): those are followed, as they are the server's data; links deeper down are not.
 */
export async function secureDataDir(dataDir: string): Promise<number> {
  await mkdir(dataDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  const root = await realpath(dataDir);
  let tightened = await tightenToOwner(root);
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) tightened += await tightenToOwner(await realpath(path.join(root, entry.name)));
  }
  return tightened;
}

/** The start's one log line when `secureDataDir` changed anything (with `entries`, how many). */
export const DATA_DIR_TIGHTENED =
  'DATA_DIR was open to other users of this machine: its folders are now 0700 and its files 0600. Whoever could log in here may have read the database (and the session key it keeps unless JWT_SECRET is set) and the stored files: set JWT_SECRET (or a new one, with the old as JWT_SECRET_PREVIOUS until its tokens expire) and restart, so sessions forged with a key that was read stop working.';
