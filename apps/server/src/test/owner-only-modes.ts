import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every entry under `root` (itself included) that is not the owner's alone, as `relative/path 0644`:
 * a folder not 0700, a file or socket not 0600. Symbolic links are skipped. Empty when all is well,
 * so a failing test names the entries.
 */
export async function entriesNotOwnerOnly(root: string, relative = ''): Promise<string[]> {
  const full = path.join(root, relative);
  const info = await lstat(full);
  if (info.isSymbolicLink()) return [];
  const mode = info.mode & 0o7777;
  const wanted = info.isDirectory() ? 0o700 : 0o600;
  const found = mode === wanted ? [] : [`${relative || '.'} ${mode.toString(8).padStart(4, '0')}`];
  if (!info.isDirectory()) return found;
  for (const name of (await readdir(full)).sort())
    found.push(...(await entriesNotOwnerOnly(root, path.join(relative, name))));
  return found;
}
