import type { z } from 'zod';
import {
  defaultFolderIcon,
  FORM_FOLDER_DEFAULT_COLOR,
  FORM_FOLDER_MESSAGES,
  folderDepth,
  folderSlugFromName,
  mayDeleteFormFolder,
  mayManageFormFolders,
  parentLevelOf,
  type Actor,
  type FormFolderLevel,
  type TFormFolder,
  type TFormFolderListQuery,
  type TFormTreeCategory,
  type TFormTreeQuery,
  type ZCreateFormCategoryRequest,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolationOf } from '../../lib/db-errors.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { invalidField, requireSomeChange } from '../../lib/validation.js';
import * as repository from './forms.folders.repository.js';
import { FOLDER_LABELS, toFormFolder } from './forms.folders.presenter.js';
import { buildFolderTree } from './forms.folders.tree.js';
import { formReaderOf, type FormReader } from './forms.visibility.js';

/** A folder's fields as every level's create sends them, with the parent's id of the lower levels. */
export type FolderInput = z.output<typeof ZCreateFormCategoryRequest> & { categoryId?: number; subcategoryId?: number };
export type FolderChanges = Partial<FolderInput>;

/** The body field naming a level's parent, and the 400 when it names no live folder of the level above. */
const PARENT_FIELD = { subcategory: 'categoryId', sub_subcategory: 'subcategoryId' } as const;
const PARENT_MISSING = {
  categoryId: FORM_FOLDER_MESSAGES.categoryNotFound,
  subcategoryId: FORM_FOLDER_MESSAGES.subcategoryNotFound,
} as const;
const PARENT_MISSING_REASON = {
  categoryId: 'validation.category_not_found',
  subcategoryId: 'validation.subcategory_not_found',
} as const;

const slugTaken = () => invalidField('slug', 'forms.slug_taken', {}, FORM_FOLDER_MESSAGES.slugTaken);

/** Two saves of one slug at once: the second meets the unique index; it is the same 400 as the check's. */
function slugRace(error: unknown): never {
  if (uniqueViolationOf(error) === 'form_folders_slug_unique') throw slugTaken();
  throw error;
}

/** The slug sent, or one derived from the name when it is absent or blank (section 5). */
function slugFor(slug: string | null | undefined, name: string): string {
  const chosen = slug?.trim() || folderSlugFromName(name);
  if (!chosen) throw invalidField('slug', 'forms.slug_required', {}, FORM_FOLDER_MESSAGES.slugRequired);
  return chosen;
}

const auditEntity = (level: FormFolderLevel) => `form_${level}` as const;

/** Fields of a change that were sent, for the audit row. */
const sentFields = (changes: object) =>
  Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([field]) => field);

/**
 * The forms library's folder tree (issue 18): one implementation for the three levels. Every signed-in
 * person reads it (folder counts only count the forms they may see); manage_categories changes it,
 * checked by the route and again here, in the transaction, before a change.
 */
export function createFormFoldersService(context: AppContext) {
  const { db, clock } = context;

  /** The parent a lower level's body names: live and of the level above, held until the change commits. */
  async function parentFolder(tx: Transaction, level: Exclude<FormFolderLevel, 'category'>, id: number) {
    const field = PARENT_FIELD[level];
    const row = await repository.shareFolder(tx, folderDepth(parentLevelOf(level)!), id);
    if (!row) throw invalidField(field, PARENT_MISSING_REASON[field], {}, PARENT_MISSING[field]);
    return row;
  }

  /** The parent id a create names (the schema requires it on the lower levels). */
  function parentIdOf(level: Exclude<FormFolderLevel, 'category'>, input: FolderChanges): number | undefined {
    return input[PARENT_FIELD[level]];
  }

  async function assertSlugFree(tx: Transaction, parentId: number | null, slug: string, exceptId?: number) {
    if (await repository.isSlugTaken(tx, parentId, slug, exceptId)) throw slugTaken();
  }

  /** A folder as answered after a change, with its subfolders. */
  async function present(
    tx: Transaction,
    reader: FormReader,
    level: FormFolderLevel,
    id: number,
  ): Promise<TFormFolder> {
    const row = await repository.findFolder(tx, reader, folderDepth(level), id);
    if (!row) throw notFound('forms.folder_not_found', FOLDER_LABELS[level]);
    const children = level === 'sub_subcategory' ? undefined : await repository.listChildren(tx, [id]);
    return toFormFolder(row, children);
  }

  function assertMayManage(actor: Actor) {
    if (!mayManageFormFolders(actor))
      throw forbidden('forms.manage_folders_forbidden', 'Managing form folders needs the manage_categories permission');
  }

  return {
    /** One level's live folders, by sort order then name; categories and subcategories nest their live subfolders. */
    async list(actor: Actor, level: FormFolderLevel, query: TFormFolderListQuery): Promise<TFormFolder[]> {
      const parents =
        level === 'subcategory'
          ? { parentId: query.categoryId }
          : level === 'sub_subcategory'
            ? { parentId: query.subcategoryId, grandparentId: query.categoryId }
            : {};
      const rows = await repository.listFolders(db, formReaderOf(actor), {
        level: folderDepth(level),
        isActive: query.isActive,
        ...parents,
      });
      if (level === 'sub_subcategory') return rows.map((row) => toFormFolder(row));
      const children = await repository.listChildren(
        db,
        rows.map((row) => row.folder.id),
      );
      return rows.map((row) =>
        toFormFolder(
          row,
          children.filter((child) => child.parent_id === row.folder.id),
        ),
      );
    },

    /** Every live folder, nested, labelled in the language asked. */
    async tree(actor: Actor, language: TFormTreeQuery['language']): Promise<TFormTreeCategory[]> {
      return buildFolderTree(await repository.listLiveFolders(db, formReaderOf(actor)), language);
    },

    async create(actor: Actor, level: FormFolderLevel, input: FolderInput, ip: string | null): Promise<TFormFolder> {
      assertMayManage(actor);
      const slug = slugFor(input.slug, input.name);
      return db
        .transaction(async (tx) => {
          let parentId: number | null = null;
          if (level !== 'category') {
            const named = parentIdOf(level, input);
            if (named === undefined)
              throw invalidField(
                PARENT_FIELD[level],
                'forms.parent_required',
                {},
                `${PARENT_FIELD[level]} is required`,
              );
            parentId = (await parentFolder(tx, level, named)).id;
          }
          await assertSlugFree(tx, parentId, slug);
          const created = await repository.insertFolder(tx, {
            level: folderDepth(level),
            parent_id: parentId,
            name: input.name,
            name_mr: input.nameMr ?? null,
            slug,
            description: input.description ?? null,
            icon: input.icon?.trim() || defaultFolderIcon(slug),
            color: input.color ?? FORM_FOLDER_DEFAULT_COLOR,
            sort_order: input.sortOrder ?? 0,
            is_active: input.isActive ?? true,
            created_by: actor.userId,
          });
          const entity = auditEntity(level);
          await audit(tx, {
            actorId: actor.userId,
            action: `${entity}.create`,
            entityType: entity,
            entityId: created.id,
            outcome: 'success',
            ip,
            details: { name: created.name, slug, parent_id: parentId },
          });
          return present(tx, formReaderOf(actor), level, created.id);
        })
        .catch(slugRace);
    },

    /**
     * The fields sent change. A slug sent blank is derived from the name again; a name alone keeps the
     * slug (the auto-categorise rules find folders by slug). A new parent id moves the folder, with
     * everything in it, into another live folder of the level above.
     */
    async update(
      actor: Actor,
      level: FormFolderLevel,
      id: number,
      changes: FolderChanges,
      ip: string | null,
    ): Promise<TFormFolder> {
      requireSomeChange(changes);
      assertMayManage(actor);
      const reader = formReaderOf(actor);
      return db
        .transaction(async (tx) => {
          if (!(await repository.findFolder(tx, reader, folderDepth(level), id)))
            throw notFound('forms.folder_not_found', FOLDER_LABELS[level]);
          // The new parent before the folder: folders are locked top down, as a delete locks them.
          const named = level === 'category' ? undefined : parentIdOf(level, changes);
          const newParent = level !== 'category' && named !== undefined ? await parentFolder(tx, level, named) : null;
          const current = await repository.lockFolder(tx, folderDepth(level), id);
          if (!current) throw notFound('forms.folder_not_found', FOLDER_LABELS[level]);
          const parentId = newParent?.id ?? current.parent_id;
          const slug = changes.slug === undefined ? current.slug : slugFor(changes.slug, changes.name ?? current.name);
          if (slug !== current.slug || parentId !== current.parent_id) await assertSlugFree(tx, parentId, slug, id);
          await repository.updateFolder(tx, id, {
            parent_id: parentId,
            slug,
            ...(changes.name === undefined ? {} : { name: changes.name }),
            ...(changes.nameMr === undefined ? {} : { name_mr: changes.nameMr }),
            ...(changes.description === undefined ? {} : { description: changes.description }),
            ...(changes.icon === undefined ? {} : { icon: changes.icon?.trim() || defaultFolderIcon(slug) }),
            ...(changes.color === undefined ? {} : { color: changes.color }),
            ...(changes.sortOrder === undefined ? {} : { sort_order: changes.sortOrder }),
            ...(changes.isActive === undefined ? {} : { is_active: changes.isActive }),
          });
          const entity = auditEntity(level);
          const moved = parentId !== current.parent_id ? { moved_from: current.parent_id, moved_to: parentId } : {};
          await audit(tx, {
            actorId: actor.userId,
            action: `${entity}.update`,
            entityType: entity,
            entityId: id,
            outcome: 'success',
            ip,
            details: { fields: sentFields(changes), ...moved },
          });
          return present(tx, reader, level, id);
        })
        .catch(slugRace);
    },

    /**
     * Moves the folder, its live subfolders and the live forms in them to the trash, in one
     * transaction: folders locked top down first, then the forms. A folder holding forms needs
     * delete_documents as well. Only forms the actor may see are counted in an answer; a folder also
     * holding forms they may not see is refused without a number, and nothing goes unseen to the
     * trash. Answers how many forms went with it.
     */
    async remove(actor: Actor, level: FormFolderLevel, id: number, ip: string | null): Promise<{ forms: number }> {
      assertMayManage(actor);
      return db.transaction(async (tx) => {
        const folder = await repository.lockFolder(tx, folderDepth(level), id);
        if (!folder) throw notFound('forms.folder_not_found', FOLDER_LABELS[level]);
        const descendants = await repository.lockLiveDescendants(tx, id);
        const { seen, unseen } = await repository.countLiveForms(tx, formReaderOf(actor), [id, ...descendants]);
        if (!mayDeleteFormFolder(actor, seen)) {
          throw new AppError(
            'forms.folder_delete_needs_permission',
            { count: seen },
            `This folder holds ${seen} form${seen === 1 ? '' : 's'}: deleting it needs the delete_documents permission`,
          );
        }
        if (!mayDeleteFormFolder(actor, seen, unseen))
          throw forbidden('forms.folder_delete_refused', FORM_FOLDER_MESSAGES.deleteRefused);
        const forms = await repository.trashFolder(tx, id, descendants, actor.userId, clock.now());
        const entity = auditEntity(level);
        await audit(tx, {
          actorId: actor.userId,
          action: `${entity}.delete`,
          entityType: entity,
          entityId: id,
          outcome: 'success',
          ip,
          details: { name: folder.name, subfolders: descendants.length, forms, trash: true },
        });
        return { forms };
      });
    },
  };
}
export type FormFoldersService = ReturnType<typeof createFormFoldersService>;
