import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { formFolders } from '../../db/schema/index.js';

/** One folder of a chain, whether live or in the trash. */
export interface ChainFolder {
  id: number;
  level: number;
  name: string;
  deleted_at: Date | null;
}

const parent = alias(formFolders, 'parent');
const grandparent = alias(formFolders, 'grandparent');

/** A folder and the folders above it, category first (three at most), read without a lock; [] when it is gone. */
export async function folderChain(executor: Executor, folderId: number): Promise<ChainFolder[]> {
  const [row] = await executor
    .select({
      folder: {
        id: formFolders.id,
        level: formFolders.level,
        name: formFolders.name,
        deleted_at: formFolders.deleted_at,
      },
      parent: { id: parent.id, level: parent.level, name: parent.name, deleted_at: parent.deleted_at },
      grandparent: {
        id: grandparent.id,
        level: grandparent.level,
        name: grandparent.name,
        deleted_at: grandparent.deleted_at,
      },
    })
    .from(formFolders)
    .leftJoin(parent, eq(parent.id, formFolders.parent_id))
    .leftJoin(grandparent, eq(grandparent.id, parent.parent_id))
    .where(eq(formFolders.id, folderId));
  if (!row) return [];
  return [row.grandparent, row.parent, row.folder].filter((folder): folder is ChainFolder => folder !== null);
}

/**
 * Holds folders FOR SHARE in the order given (a chain: category first), whether live or in the trash.
 * Every change that touches folders and a form inside them takes its locks in this order — folders top
 * down, then the form — as a folder's delete, restore and purge do, so two such changes wait for each
 * other instead of deadlocking.
 */
export async function holdFolders(executor: Executor, chain: readonly { id: number }[]): Promise<void> {
  for (const folder of chain) {
    await executor.select({ id: formFolders.id }).from(formFolders).where(eq(formFolders.id, folder.id)).for('share');
  }
}

/** Do two reads of a chain name the same folders (nothing moved or was purged in between)? */
export function sameChain(a: readonly ChainFolder[], b: readonly ChainFolder[]): boolean {
  return a.length === b.length && a.every((folder, index) => folder.id === b[index]!.id);
}
