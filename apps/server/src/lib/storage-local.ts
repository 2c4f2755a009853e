import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from './owner-only.js';
import type { FileStorage, StoredEntry, StoredFile } from './storage.js';

/** 128 random bits, hex: nothing a user sends ever becomes part of a path. */
const KEY = /^[0-9a-f]{32}$/;

const newKey = () => randomBytes(16).toString('hex');

/** Counts and hashes the bytes flowing through, so the file is read once. */
function measuring(): Transform & { measured(): { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return Object.assign(tap, { measured: () => ({ size, sha256: hash.digest('hex') }) });
}

/** The entries of a folder, none when it does not exist (yet). */
async function entriesOf(folder: string) {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch (error) {
    ignoreMissing(error);
    return [];
  }
}

/** Files of a folder named by a storage key, with their modification time (a file gone meanwhile is skipped). */
async function* keyedFiles(folder: string): AsyncIterable<StoredEntry> {
  for (const entry of await entriesOf(folder)) {
    if (!entry.isFile() || !KEY.test(entry.name)) continue;
    try {
      const info = await stat(path.join(folder, entry.name));
      yield { key: entry.name, modifiedAt: info.mtime };
    } catch (error) {
      ignoreMissing(error);
    }
  }
}

const ignoreMissing = (error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
};

/**
 * Files in a folder of the server (`DATA_DIR/files`), outside anything served over HTTP. Permanent
 * files sit under a two-letter fan-out folder so no folder grows past a few thousand entries;
 * temporary ones in `tmp/` on the same disk, so committing is an atomic rename. Folders are created
 * on first use: an app that never stores a file never touches the disk. Folders and files are the
 * server's user's alone (0700, 0600), whatever the process umask.
 */
export function createLocalStorage(root: string): FileStorage {
  const temporaryFolder = path.join(root, 'tmp');

  /** Keys come from the database, but a key is still checked before it becomes a path. */
  function checked(key: string): string {
    if (!KEY.test(key)) throw new Error('Not a storage key');
    return key;
  }
  const temporaryPath = (key: string) => path.join(temporaryFolder, checked(key));
  const permanentPath = (key: string) => path.join(root, checked(key).slice(0, 2), key);

  async function sizeOf(key: string): Promise<number | null> {
    try {
      const info = await stat(permanentPath(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      ignoreMissing(error);
      return null;
    }
  }

  return {
    async put(source: Readable): Promise<StoredFile> {
      // The source may fail while the folder is being made, before the pipeline listens: keep that
      // error from crashing the process, and report it below.
      const ignore = () => undefined;
      source.on('error', ignore);
      await mkdir(temporaryFolder, { recursive: true, mode: OWNER_ONLY_FOLDER });
      source.off('error', ignore);
      if (source.destroyed) throw source.errored ?? new Error('The upload stream closed before it was stored');
      const key = newKey();
      const target = temporaryPath(key);
      const tap = measuring();
      const output = createWriteStream(target, { flags: 'wx', mode: OWNER_ONLY_FILE });
      try {
        await pipeline(source, tap, output);
      } catch (error) {
        // The file may still be opening when the pipeline fails; remove it only once it is closed.
        if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()));
        await unlink(target).catch(ignoreMissing);
        throw error;
      }
      return { key, ...tap.measured() };
    },

    async commit(key: string): Promise<void> {
      const target = permanentPath(key);
      await mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY_FOLDER });
      await rename(temporaryPath(key), target);
    },

    async discard(key: string): Promise<void> {
      await unlink(temporaryPath(key)).catch(ignoreMissing);
    },

    async get(key: string) {
      const size = await sizeOf(key);
      if (size === null) return null;
      return { stream: createReadStream(permanentPath(key)), size };
    },

    size: sizeOf,

    async delete(key: string): Promise<void> {
      await unlink(permanentPath(key)).catch(ignoreMissing);
    },

    async *listPermanent() {
      for (const entry of await entriesOf(root)) {
        if (entry.isDirectory() && /^[0-9a-f]{2}$/.test(entry.name)) yield* keyedFiles(path.join(root, entry.name));
      }
    },

    listTemporary: () => keyedFiles(temporaryFolder),
  };
}
