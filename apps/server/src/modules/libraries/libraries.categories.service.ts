import {
  mayDeleteFolder,
  CATEGORY_DEFAULT_COLOR,
  CATEGORY_DEFAULT_ICON,
  slugFor,
  SUBCATEGORY_DEFAULT_COLOR,
  SUBCATEGORY_DEFAULT_ICON,
  type TLibraryCategory,
  type TLibrarySubcategory,
} from '@srpf/shared';
import type { z } from 'zod';
import type {
  ZCreateCategoryRequest,
  ZCreateSubcategoryRequest,
  ZUpdateCategoryRequest,
  ZUpdateSubcategoryRequest,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolationOf } from '../../lib/db-errors.js';
import { invalidField, requireSomeChange } from '../../lib/validation.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '@srpf/shared';
import * as repository from './libraries.categories.repository.js';
import type { LibraryInfo } from './libraries.library.js';
import { toCategory, toSubcategory } from './libraries.presenter.js';

type CreateCategory = z.output<typeof ZCreateCategoryRequest>;
type UpdateCategory = z.output<typeof ZUpdateCategoryRequest>;
type CreateSubcategory = z.output<typeof ZCreateSubcategoryRequest>;
type UpdateSubcategory = z.output<typeof ZUpdateSubcategoryRequest>;

function duplicateSlug(error: unknown): never {
  const constraint = uniqueViolationOf(error);
  if (constraint === 'library_categories_slug_unique')
    throw new AppError('libraries.category_slug_taken', {}, 'A category with this slug already exists', {
      field: 'slug',
    });
  if (constraint === 'library_subcategories_slug_unique') {
    throw new AppError(
      'libraries.subcategory_slug_taken',
      {},
      'A subcategory with this slug already exists in this category',
      { field: 'slug' },
    );
  }
  throw error;
}

/** A new slug when the name or the slug is sent (the spec's rule), otherwise none: the slug stays. */
function slugChange(name: string | undefined, slug: string | null | undefined, currentName: string): { slug?: string } {
  if (name === undefined && slug === undefined) return {};
  return { slug: slugFor(name ?? currentName, slug) };
}

/** A folder holding documents goes to the trash only with delete_documents as well. */
function assertMayDeleteFolder(actor: Actor, documents: number): void {
  if (!mayDeleteFolder(actor, documents)) {
    throw new AppError(
      'libraries.folder_delete_needs_permission',
      { count: documents },
      `This folder holds ${documents} document${documents === 1 ? '' : 's'}: deleting it needs the delete_documents permission`,
    );
  }
}

/** Categories and subcategories (folders) of one library; writes need manage_categories (checked by the route). */
export function createCategoriesService(context: AppContext, info: LibraryInfo) {
  const { db, clock } = context;
  const { library } = info;
  const categoryEntity = `${info.key}_category` as const;
  const subcategoryEntity = `${info.key}_subcategory` as const;

  async function categoryOrNotFound(id: number, executor: Executor = db) {
    const row = await repository.findCategory(executor, library, id);
    if (!row) throw notFound('libraries.category_not_found', 'Category');
    return row;
  }

  async function subcategoryOrNotFound(id: number, executor: Executor = db) {
    const row = await repository.findSubcategory(executor, library, id);
    if (!row) throw notFound('libraries.subcategory_not_found', 'Subcategory');
    return row;
  }

  /**
   * A category named in a request body: unknown or of another library is a 400 on the field. Held
   * FOR SHARE until the change commits, so a subcategory cannot be made or moved into a category
   * being deleted at that moment.
   */
  async function categoryField(id: number, executor: Executor = db) {
    const row = await repository.shareCategory(executor, library, id);
    if (!row) throw invalidField('category_id', 'validation.category_not_found', {}, 'Category not found');
    return row;
  }

  return {
    async list(): Promise<TLibraryCategory[]> {
      return (await repository.listCategories(db, library)).map(toCategory);
    },

    async get(id: number): Promise<TLibraryCategory> {
      return toCategory(await categoryOrNotFound(id));
    },

    async create(actor: Actor, input: CreateCategory, ip: string | null): Promise<TLibraryCategory> {
      const row = await db
        .transaction(async (tx) => {
          const created = await repository.insertCategory(tx, {
            library,
            name: input.name,
            description: input.description ?? null,
            slug: slugFor(input.name, input.slug),
            icon: input.icon ?? CATEGORY_DEFAULT_ICON,
            color: input.color ?? CATEGORY_DEFAULT_COLOR,
            created_by: actor.userId,
          });
          await audit(tx, {
            actorId: actor.userId,
            action: `${categoryEntity}.create`,
            entityType: categoryEntity,
            entityId: created.id,
            outcome: 'success',
            ip,
            details: { name: created.name },
          });
          return categoryOrNotFound(created.id, tx);
        })
        .catch(duplicateSlug);
      return toCategory(row);
    },

    async update(actor: Actor, id: number, changes: UpdateCategory, ip: string | null): Promise<TLibraryCategory> {
      requireSomeChange(changes);
      const row = await db
        .transaction(async (tx) => {
          const current = await categoryOrNotFound(id, tx);
          const { slug: _slug, ...fields } = changes;
          await repository.updateCategory(tx, library, id, {
            ...fields,
            ...slugChange(changes.name, changes.slug, current.category.name),
          });
          await audit(tx, {
            actorId: actor.userId,
            action: `${categoryEntity}.update`,
            entityType: categoryEntity,
            entityId: id,
            outcome: 'success',
            ip,
            details: { fields: Object.keys(changes) },
          });
          return categoryOrNotFound(id, tx);
        })
        .catch(duplicateSlug);
      return toCategory(row);
    },

    /** Moves the category, its subcategories and their documents to the trash, in one transaction. */
    async remove(actor: Actor, id: number, ip: string | null): Promise<{ documents: number }> {
      return db.transaction(async (tx) => {
        const category = await repository.lockCategory(tx, library, id);
        if (!category) throw notFound('libraries.category_not_found', 'Category');
        const { document_count, subcategory_count } = (await repository.findCategory(tx, library, id))!;
        assertMayDeleteFolder(actor, document_count);
        const documents = await repository.trashCategory(tx, id, actor.userId, clock.now());
        await audit(tx, {
          actorId: actor.userId,
          action: `${categoryEntity}.delete`,
          entityType: categoryEntity,
          entityId: id,
          outcome: 'success',
          ip,
          details: { name: category.name, subcategories: subcategory_count, documents, trash: true },
        });
        return { documents };
      });
    },

    async listSubcategories(categoryId: number): Promise<TLibrarySubcategory[]> {
      await categoryOrNotFound(categoryId);
      return (await repository.listSubcategories(db, library, categoryId)).map(toSubcategory);
    },

    async getSubcategory(id: number): Promise<TLibrarySubcategory> {
      return toSubcategory(await subcategoryOrNotFound(id));
    },

    async createSubcategory(actor: Actor, input: CreateSubcategory, ip: string | null): Promise<TLibrarySubcategory> {
      const row = await db
        .transaction(async (tx) => {
          await categoryField(input.category_id, tx);
          const created = await repository.insertSubcategory(tx, {
            category_id: input.category_id,
            name: input.name,
            description: input.description ?? null,
            slug: slugFor(input.name, input.slug),
            icon: input.icon ?? SUBCATEGORY_DEFAULT_ICON,
            color: input.color ?? SUBCATEGORY_DEFAULT_COLOR,
            created_by: actor.userId,
          });
          await audit(tx, {
            actorId: actor.userId,
            action: `${subcategoryEntity}.create`,
            entityType: subcategoryEntity,
            entityId: created.id,
            outcome: 'success',
            ip,
            details: { name: created.name, category_id: created.category_id },
          });
          return subcategoryOrNotFound(created.id, tx);
        })
        .catch(duplicateSlug);
      return toSubcategory(row);
    },

    /** A new category_id moves the subcategory, and with it its documents (ON UPDATE CASCADE). */
    async updateSubcategory(
      actor: Actor,
      id: number,
      changes: UpdateSubcategory,
      ip: string | null,
    ): Promise<TLibrarySubcategory> {
      requireSomeChange(changes);
      const row = await db
        .transaction(async (tx) => {
          const current = await subcategoryOrNotFound(id, tx);
          if (changes.category_id !== undefined) await categoryField(changes.category_id, tx);
          const { slug: _slug, ...fields } = changes;
          await repository.updateSubcategory(tx, id, {
            ...fields,
            ...slugChange(changes.name, changes.slug, current.subcategory.name),
          });
          await audit(tx, {
            actorId: actor.userId,
            action: `${subcategoryEntity}.update`,
            entityType: subcategoryEntity,
            entityId: id,
            outcome: 'success',
            ip,
            details: { fields: Object.keys(changes) },
          });
          return subcategoryOrNotFound(id, tx);
        })
        .catch(duplicateSlug);
      return toSubcategory(row);
    },

    /** Moves the subcategory and its documents to the trash, in one transaction. */
    async removeSubcategory(actor: Actor, id: number, ip: string | null): Promise<{ documents: number }> {
      return db.transaction(async (tx) => {
        const subcategory = await repository.lockSubcategory(tx, library, id);
        if (!subcategory) throw notFound('libraries.subcategory_not_found', 'Subcategory');
        const { document_count } = (await repository.findSubcategory(tx, library, id))!;
        assertMayDeleteFolder(actor, document_count);
        const documents = await repository.trashSubcategory(tx, id, actor.userId, clock.now());
        await audit(tx, {
          actorId: actor.userId,
          action: `${subcategoryEntity}.delete`,
          entityType: subcategoryEntity,
          entityId: id,
          outcome: 'success',
          ip,
          details: { name: subcategory.name, documents, trash: true },
        });
        return { documents };
      });
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
