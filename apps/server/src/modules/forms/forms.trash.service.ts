import {
  FORM_FOLDER_LEVELS,
  folderDepth,
  folderLevelAt,
  purgeMoment,
  type Actor,
  type TrashKind,
  type TTrashItem,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolationOf } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import type { FileRemovals } from '../../lib/file-removals.js';
import type { RestoredItem, TrashSource } from '../../lib/contracts/trash-source.js';
import { folderChain, holdFolders, sameChain, type ChainFolder } from './forms.folder-chain.js';
import { FOLDER_LABELS } from './forms.folders.presenter.js';
import * as repository from './forms.trash.repository.js';

const KINDS = ['form', ...FORM_FOLDER_LEVELS] as const satisfies readonly TrashKind[];
type Kind = (typeof KINDS)[number];
type FolderKind = Exclude<Kind, 'form'>;
const isOwnKind = (kind: TrashKind): kind is Kind => (KINDS as readonly string[]).includes(kind);

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** The audit entity of an item: form, form_category, form_subcategory, form_sub_subcategory. */
const entityOf = (kind: Kind) => (kind === 'form' ? 'form' : (`form_${kind}` as const));

/** A restore refused because a live folder now holds the slug under the same parent (the slug index leaves trashed rows out). */
function slugTaken(error: unknown): never {
  if (uniqueViolationOf(error) === 'form_folders_slug_unique') {
    throw new AppError(
      'forms.restore_slug_taken',
      {},
      'A folder with the same slug is there now: rename or move it, then restore again',
      { field: 'slug' },
    );
  }
  throw error;
}

/** What a restore of one item did, before it is audited and answered. */
interface Restored {
  name: string;
  forms: number;
  moved_to_root: boolean;
}

/** A restore whose folders moved while it waited for them tries again with those, this often. */
const FOLDER_CHANGE_ATTEMPTS = 3;

function retryAfterFolderChange(
  attempts: number,
  again: () => Promise<Restored | undefined>,
): Promise<Restored | undefined> {
  if (attempts <= 1)
    throw new AppError('forms.restore_collided', {}, 'Its folder changed while it was being restored: try again');
  return again();
}

/** The deepest folder of a chain (category first) that is live with everything above it; null: none. */
function nearestLiveFolder(chain: readonly ChainFolder[]): number | null {
  let found: number | null = null;
  for (const folder of chain) {
    if (folder.deleted_at !== null) break;
    found = folder.id;
  }
  return found;
}

/**
 * The forms library's part of the trash (library `forms`): forms deleted on their own and folders of
 * the three levels with what went with them. Same rules as the document libraries' trash: a form comes
 * back into its folder, or the nearest live folder above it, or the root (`moved_to_root`); a folder
 * whose parent is in the trash, or whose slug a live folder took meanwhile, is refused (409).
 */
export function createFormsTrash(context: AppContext, fileRemovals: FileRemovals): TrashSource {
  const { db, config } = context;

  function toItem(row: repository.FormTrashRow): TTrashItem {
    return {
      kind: row.kind,
      id: row.id,
      ...(row.kind === 'form' ? { title: row.label } : { name: row.label }),
      library: 'forms',
      location: row.location,
      deleted_at: row.deleted_at.toISOString(),
      deleted_by:
        row.deleted_by !== null && row.deleted_by_first !== null
          ? { id: row.deleted_by, name: fullName(row.deleted_by_first, row.deleted_by_last) }
          : null,
      purges_at: purgeMoment(row.deleted_at, config.trashRetentionDays).toISOString(),
      documents: row.forms,
      restorable: row.restorable,
      folder_present: row.folder_present,
    };
  }

  /**
   * Its folders are held (top down) before it is locked and before their state is read, so a delete of
   * one of them running at the same time either waits and takes the form along, or goes first and the
   * form goes to the nearest live folder above: never a live form in a folder of the trash.
   */
  async function restoreForm(
    tx: Transaction,
    id: number,
    attempts = FOLDER_CHANGE_ATTEMPTS,
  ): Promise<Restored | undefined> {
    const seen = await repository.folderOfTrashedForm(tx, id);
    if (!seen) return undefined;
    const chain = seen.folder_id === null ? [] : await folderChain(tx, seen.folder_id);
    await holdFolders(tx, chain);
    const form = await repository.lockTrashedForm(tx, id);
    if (!form) return undefined;
    const held = form.folder_id === null ? [] : await folderChain(tx, form.folder_id);
    // Moved meanwhile (its folder moved, or was purged): again, with those folders.
    if (form.folder_id !== seen.folder_id || !sameChain(chain, held))
      return retryAfterFolderChange(attempts, () => restoreForm(tx, id, attempts - 1));
    const folderId = nearestLiveFolder(held);
    await repository.restoreForm(tx, id, folderId);
    // A folder purged while it waited here left it at the root already: it is told all the same.
    return {
      name: form.title,
      forms: 1,
      moved_to_root: folderId === null && (folderId !== form.folder_id || form.folder_purged),
    };
  }

  /** Its parents are held first, as for a form: a delete of one at the same time takes it along, or goes first and the restore is refused. */
  async function restoreFolder(
    tx: Transaction,
    kind: FolderKind,
    id: number,
    attempts = FOLDER_CHANGE_ATTEMPTS,
  ): Promise<Restored | undefined> {
    const level = folderDepth(kind);
    const seen = await repository.parentOfTrashedFolder(tx, level, id);
    if (!seen) return undefined;
    const chain = seen.parent_id === null ? [] : await folderChain(tx, seen.parent_id);
    await holdFolders(tx, chain);
    const folder = await repository.lockTrashedFolder(tx, level, id);
    if (!folder) return undefined;
    const held = folder.parent_id === null ? [] : await folderChain(tx, folder.parent_id);
    if (folder.parent_id !== seen.parent_id || !sameChain(chain, held))
      return retryAfterFolderChange(attempts, () => restoreFolder(tx, kind, id, attempts - 1));
    const trashedAbove = held.find((above) => above.deleted_at !== null);
    if (trashedAbove) {
      const label = FOLDER_LABELS[folderLevelAt(trashedAbove.level)].toLowerCase();
      throw new AppError(
        'forms.parent_in_trash',
        { name: trashedAbove.name },
        `Its ${label} "${trashedAbove.name}" is in the trash: restore the ${label} first`,
      );
    }
    await repository.lockFoldersBelow(tx, id);
    const forms = await repository.restoreFolder(tx, id);
    return { name: folder.name, forms, moved_to_root: false };
  }

  async function purgeItem(tx: Transaction, kind: Kind, id: number) {
    if (kind === 'form') {
      const form = await repository.lockTrashedForm(tx, id);
      if (!form) return undefined;
      return { name: form.title, keys: await repository.purgeForm(tx, id), forms: 1 };
    }
    const folder = await repository.lockTrashedFolder(tx, folderDepth(kind), id);
    if (!folder) return undefined;
    // Folders top down before any form, as a delete and a restore take them.
    await repository.lockFoldersBelow(tx, id);
    return { name: folder.name, ...(await repository.purgeFolder(tx, id)) };
  }

  return {
    libraries: ['forms'],
    kinds: KINDS,

    async list(library, offset, limit) {
      if (library !== 'forms') return { items: [], total: 0 };
      const { rows, total } = await repository.listTrash(db, offset, limit);
      return { items: rows.map(toItem), total };
    },

    async restore(actor: Actor, kind, id, ip): Promise<RestoredItem | undefined> {
      if (!isOwnKind(kind)) return undefined;
      return db
        .transaction(async (tx) => {
          const done = kind === 'form' ? await restoreForm(tx, id) : await restoreFolder(tx, kind, id);
          if (!done) return undefined;
          const entity = entityOf(kind);
          await audit(tx, {
            actorId: actor.userId,
            action: `${entity}.restore`,
            entityType: entity,
            entityId: id,
            outcome: 'success',
            ip,
            details: { name: done.name, forms: done.forms, moved_to_root: done.moved_to_root },
          });
          return { kind, id, library: 'forms' as const, documents: done.forms, moved_to_root: done.moved_to_root };
        })
        .catch(slugTaken);
    },

    async purge(actor, kind, id, ip) {
      if (!isOwnKind(kind)) return undefined;
      const done = await db.transaction(async (tx) => {
        const purged = await purgeItem(tx, kind, id);
        if (!purged) return undefined;
        await fileRemovals.request(tx, purged.keys);
        const entity = entityOf(kind);
        await audit(tx, {
          actorId: actor?.userId ?? null,
          action: `${entity}.purge`,
          entityType: entity,
          entityId: id,
          outcome: 'success',
          ip,
          details: {
            name: purged.name,
            forms: purged.forms,
            files: purged.keys.length,
            by: actor ? 'person' : 'retention',
          },
        });
        return purged;
      });
      if (!done) return undefined;
      await fileRemovals.carryOut(done.keys);
      return { documents: done.forms };
    },

    expired: (before, limit) => repository.listExpired(db, before, limit),
  };
}
