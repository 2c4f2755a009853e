import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The checksum of every file under a folder (DATA_DIR/files, temporary uploads included), by path.
 * A file is read again only when its size or time changed since the last look, so a look costs a
 * walk of the folder and a stat per file.
 */
export type FileChecksums = Record<string, string>;

export function fileChecksums(root: string): () => Promise<FileChecksums> {
  const known = new Map<string, { size: number; mtimeMs: number; sha256: string }>();

  async function walk(folder: string, out: FileChecksums): Promise<void> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await Promise.all(
      entries.map(async (entry) => {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) return walk(full, out);
        const info = await stat(full).catch(() => null);
        if (!info) return;
        const cached = known.get(full);
        let sha256 = cached?.size === info.size && cached.mtimeMs === info.mtimeMs ? cached.sha256 : undefined;
        if (sha256 === undefined) {
          sha256 = createHash('sha256')
            .update(await readFile(full))
            .digest('hex');
          known.set(full, { size: info.size, mtimeMs: info.mtimeMs, sha256 });
        }
        out[path.relative(root, full)] = sha256;
      }),
    );
  }

  return async () => {
    const out: FileChecksums = {};
    await walk(root, out);
    return out;
  };
}

/** One line per file added, removed or changed between two looks. */
export function fileChanges(before: FileChecksums, after: FileChecksums): string[] {
  const changes: string[] = [];
  for (const file of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[file];
    const is = after[file];
    if (was !== is)
      changes.push(`file ${file}: ${was === undefined ? 'added' : is === undefined ? 'removed' : 'changed'}`);
  }
  return changes;
}
