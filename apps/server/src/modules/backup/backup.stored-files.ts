import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { FILES_FOLDER } from './backup.manifest.js';
import { isSafeEntryName } from './backup.tar-format.js';

/** Uploads under way and those a crash cut off: never part of a backup, never restored. */
export const TEMPORARY_FOLDER = 'tmp';

export interface StoredFileList {
  /** Paths relative to the files folder, with `/`, sorted. */
  files: string[];
  /** What the archive cannot hold (not a regular file, or a name storage never makes). */
  skipped: string[];
}

/** Every stored file under DATA_DIR/files but its temporary folder; none when the folder does not exist. */
export async function listStoredFiles(filesRoot: string): Promise<StoredFileList> {
  const files: string[] = [];
  const skipped: string[] = [];
  async function walk(relative: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(path.join(filesRoot, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (name === TEMPORARY_FOLDER) continue;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile() && isSafeEntryName(`${FILES_FOLDER}/${name}`)) files.push(name);
      else skipped.push(name);
    }
  }
  await walk('');
  return { files: files.sort(), skipped: skipped.sort() };
}
