import {
  LIBRARIES,
  purgeMoment,
  LIBRARY_RECORD_KEYS,
  type Actor,
  type Library,
  type TrashKind,
  type TrashLibrary,
  type TTrashItem,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolationOf } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import type { FileRemovals } from '../../lib/file-removals.js';
import type { RestoredItem, TrashSource } from '../../lib/contracts/trash-source.js';
import * as categories from './libraries.categories.repository.js';
import * as repository from './libraries.trash.repository.js';

const KINDS = ['document', 'category', 'subcategory'] as const satisfies readonly TrashKind[];
type Kind = (typeof KINDS)[number];
const isOwnKind = (kind: TrashKind): kind is Kind => (KINDS as readonly string[]).includes(kind);
const isLibrary = (library: TrashLibrary): library is Library => (LIBRARIES as readonly string[]).includes(library);

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** The audit action of a trash step on an item of a library: order.restore, circular_category.purge … */
function auditAction(library: Library, kind: Kind, verb: 'restore' | 'purge') {
  const key = LIBRARY_RECORD_KEYS[library];
  return kind === 'document' ? (`${key}.${verb}` as const) : (`${key}_${kind}.${verb}` as const);
}

/** A restore refused because a live record now holds the slug (the slug indexes leave trashed rows out). */
function slugTaken(error: unknown): never {
  const constraint = uniqueViolationOf(error);
  if (constraint?.endsWith('_slug_unique')) {
    throw new AppError(
      'libraries.restore_slug_taken',
      {},
      'Something with the same name (slug) is there now: rename or move it, then restore again',
      { field: 'slug' },
    );
  }
  throw error;
}

/** What a restore of one item did, before it is audited and answered. */
interface Restored {
  library: Library;
  name: string;
  documents: number;
  moved_to_root: boolean;
}

/** A restore whose item moved to other folders while it waited for them tries again with those, this often. */
const FOLDER_CHANGE_ATTEMPTS = 3;

function retryAfterFolderChange(
  attempts: number,
  again: () => Promise<Restored | undefined>,
): Promise<Restored | undefined> {
  if (attempts <= 1)
    throw new AppError('libraries.restore_collided', {}, 'Its folder changed while it was being restored: try again');
  return again();
}

/** The document libraries' part of the trash: documents, categories and subcategories of all three. */
export function createLibraryTrash(context: AppContext, fileRemovals: FileRemovals): TrashSource {
  const { db, config } = context;

  function toItem(row: repository.TrashRow): TTrashItem {
    return {
      kind: row.kind,
      id: row.id,
      ...(row.kind === 'document' ? { title: row.label } : { name: row.label }),
      library: row.library,
      location: row.location,
      deleted_at: row.deleted_at.toISOString(),
      deleted_by:
        row.deleted_by !== null && row.deleted_by_first !== null
          ? { id: row.deleted_by, name: fullName(row.deleted_by_first, row.deleted_by_last) }
          : null,
      purges_at: purgeMoment(row.deleted_at, config.trashRetentionDays).toISOString(),
      documents: row.documents,
      restorable: row.restorable,
      folder_present: row.folder_present,
    };
  }

  /**
   * Back into its folder; into the category when only the subcategory is gone; else the library's root.
   * Its folders are held (holdFolders) before it is locked and before their state is read, so a delete
   * of the folder running at the same time either waits and takes the document along, or goes first
   * and the document goes to the root: never a live document in a folder of the trash.
   */
  async function restoreDocument(
    tx: Transaction,
    id: number,
    attempts = FOLDER_CHANGE_ATTEMPTS,
  ): Promise<Restored | undefined> {
    const seen = await repository.foldersOfTrashedDocument(tx, id);
    if (!seen) return undefined;
    await categories.holdFolders(tx, seen);
    const document = await repository.lockTrashedDocument(tx, id);
    if (!document) return undefined;
    const { category_id, subcategory_id } = document;
    // Moved meanwhile (its subcategory moved to another category, or detached by a purge): again, with those folders.
    if (category_id !== seen.category_id || subcategory_id !== seen.subcategory_id)
      return retryAfterFolderChange(attempts, () => restoreDocument(tx, id, attempts - 1));
    let folder = { category_id: null as number | null, subcategory_id: null as number | null };
    if (subcategory_id !== null && (await repository.isLiveSubcategory(tx, subcategory_id)))
      folder = { category_id, subcategory_id };
    else if (category_id !== null && (await repository.isLiveCategory(tx, category_id)))
      folder = { category_id, subcategory_id: null };
    await repository.restoreDocument(tx, id, folder);
    const moved = folder.category_id !== category_id || folder.subcategory_id !== subcategory_id;
    // A folder purged while it waited here left it at the root already: it is told all the same.
    const movedToRoot = folder.category_id === null && (moved || document.folder_purged);
    return { library: document.library as Library, name: document.title, documents: 1, moved_to_root: movedToRoot };
  }

  /** Its category is held (holdFolders) first, as for a document: a delete of it at the same time takes the subcategory along, or goes first and the restore is refused. */
  async function restoreSubcategory(
    tx: Transaction,
    id: number,
    attempts = FOLDER_CHANGE_ATTEMPTS,
  ): Promise<Restored | undefined> {
    const categoryId = await repository.categoryOfTrashedSubcategory(tx, id);
    if (categoryId === undefined) return undefined;
    await categories.holdFolders(tx, { category_id: categoryId });
    const found = await repository.lockTrashedSubcategory(tx, id);
    if (!found) return undefined;
    if (found.subcategory.category_id !== categoryId)
      return retryAfterFolderChange(attempts, () => restoreSubcategory(tx, id, attempts - 1));
    if (found.category_deleted_at !== null) {
      throw new AppError(
        'libraries.category_in_trash',
        { name: found.category_name },
        `Its category "${found.category_name}" is in the trash: restore the category first`,
      );
    }
    const documents = await repository.restoreSubcategory(tx, id);
    return { library: found.library as Library, name: found.subcategory.name, documents, moved_to_root: false };
  }

  async function restoreCategory(tx: Transaction, id: number): Promise<Restored | undefined> {
    const category = await repository.lockTrashedCategory(tx, id);
    if (!category) return undefined;
    const documents = await repository.restoreCategory(tx, id);
    return { library: category.library as Library, name: category.name, documents, moved_to_root: false };
  }

  async function purgeItem(tx: Transaction, kind: Kind, id: number) {
    if (kind === 'document') {
      const document = await repository.lockTrashedDocument(tx, id);
      if (!document) return undefined;
      return {
        library: document.library as Library,
        name: document.title,
        keys: await repository.purgeDocument(tx, id),
        documents: 1,
      };
    }
    if (kind === 'subcategory') {
      const found = await repository.lockTrashedSubcategory(tx, id);
      if (!found) return undefined;
      return {
        library: found.library as Library,
        name: found.subcategory.name,
        ...(await repository.purgeSubcategory(tx, id)),
      };
    }
    const category = await repository.lockTrashedCategory(tx, id);
    if (!category) return undefined;
    return { library: category.library as Library, name: category.name, ...(await repository.purgeCategory(tx, id)) };
  }

  return {
    libraries: LIBRARIES,
    kinds: KINDS,

    async list(library, offset, limit) {
      if (!isLibrary(library)) return { items: [], total: 0 };
      const { rows, total } = await repository.listTrash(db, library, offset, limit);
      return { items: rows.map(toItem), total };
    },

    async restore(actor: Actor, kind, id, ip): Promise<RestoredItem | undefined> {
      if (!isOwnKind(kind)) return undefined;
      return db
        .transaction(async (tx) => {
          const done =
            kind === 'document'
              ? await restoreDocument(tx, id)
              : kind === 'subcategory'
                ? await restoreSubcategory(tx, id)
                : await restoreCategory(tx, id);
          if (!done) return undefined;
          await audit(tx, {
            actorId: actor.userId,
            action: auditAction(done.library, kind, 'restore'),
            entityType:
              kind === 'document' ? LIBRARY_RECORD_KEYS[done.library] : `${LIBRARY_RECORD_KEYS[done.library]}_${kind}`,
            entityId: id,
            outcome: 'success',
            ip,
            details: { name: done.name, documents: done.documents, moved_to_root: done.moved_to_root },
          });
          return { kind, id, library: done.library, documents: done.documents, moved_to_root: done.moved_to_root };
        })
        .catch(slugTaken);
    },

    async purge(actor, kind, id, ip) {
      if (!isOwnKind(kind)) return undefined;
      const done = await db.transaction(async (tx) => {
        const purged = await purgeItem(tx, kind, id);
        if (!purged) return undefined;
        await fileRemovals.request(tx, purged.keys);
        await audit(tx, {
          actorId: actor?.userId ?? null,
          action: auditAction(purged.library, kind, 'purge'),
          entityType:
            kind === 'document'
              ? LIBRARY_RECORD_KEYS[purged.library]
              : `${LIBRARY_RECORD_KEYS[purged.library]}_${kind}`,
          entityId: id,
          outcome: 'success',
          ip,
          details: {
            name: purged.name,
            documents: purged.documents,
            files: purged.keys.length,
            by: actor ? 'person' : 'retention',
          },
        });
        return purged;
      });
      if (!done) return undefined;
      await fileRemovals.carryOut(done.keys);
      return { documents: done.documents };
    },

    expired: (before, limit) => repository.listExpired(db, before, limit),
  };
}
