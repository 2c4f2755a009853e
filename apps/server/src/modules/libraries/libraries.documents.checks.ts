import { maySupersede, type Actor, type TDocumentChanges } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { invalidField } from '../../lib/validation.js';
import * as acknowledgmentsRepository from './libraries.acknowledgments.repository.js';
import * as categories from './libraries.categories.repository.js';
import * as repository from './libraries.documents.repository.js';
import type { LibraryInfo } from './libraries.library.js';

/** What the libraries ask of other modules (given by the registry). */
export interface LibraryReferences {
  companies: { exists(id: number, executor: Executor): Promise<boolean> };
}

/**
 * What a document's changes are checked against inside their transaction: the folders it goes to
 * (held until it commits), the document it replaces, and the company and assignee it names.
 */
export function createDocumentChecks(info: LibraryInfo, references: LibraryReferences) {
  const { library, label } = info;
  const { companies } = references;

  /**
   * Where the document goes: the category and subcategory sent, or kept. A subcategory alone brings
   * its category; a subcategory of another category is refused; a new category without a new
   * subcategory leaves the old subcategory behind (the web clears it the same way).
   */
  async function placement(tx: Executor, changes: TDocumentChanges, current?: repository.DocumentRow) {
    let categoryId = changes.category_id !== undefined ? changes.category_id : (current?.category_id ?? null);
    const categoryChanged = changes.category_id !== undefined && changes.category_id !== current?.category_id;
    const subcategoryId =
      changes.subcategory_id !== undefined
        ? changes.subcategory_id
        : categoryChanged
          ? null
          : (current?.subcategory_id ?? null);
    // A subcategory alone brings its category, looked up first: the category is locked before it.
    const derived = categoryId === null && subcategoryId !== null;
    if (derived) {
      categoryId = (await categories.categoryOfSubcategory(tx, library, subcategoryId)) ?? null;
      if (categoryId === null)
        throw invalidField('subcategory_id', 'validation.subcategory_not_found', {}, 'Subcategory not found');
    }
    // The folders are held (FOR SHARE, category first) until the document commits, so a delete of them
    // at the same moment either waits and takes the document along to the trash, or goes first and
    // refuses it.
    if (categoryId !== null && !(await categories.shareCategory(tx, library, categoryId))) {
      throw derived
        ? invalidField('subcategory_id', 'validation.subcategory_not_found', {}, 'Subcategory not found')
        : invalidField('category_id', 'validation.category_not_found', {}, 'Category not found');
    }
    if (subcategoryId !== null) {
      const subcategory = await categories.shareSubcategory(tx, library, subcategoryId);
      if (!subcategory)
        throw invalidField('subcategory_id', 'validation.subcategory_not_found', {}, 'Subcategory not found');
      if (subcategory.category_id !== categoryId) {
        if (derived)
          throw new AppError(
            'libraries.subcategory_moved',
            {},
            'The subcategory moved to another category meanwhile: try again',
          );
        throw invalidField(
          'subcategory_id',
          'libraries.subcategory_not_in_category',
          {},
          'The subcategory does not belong to the chosen category',
        );
      }
    }
    return { category_id: categoryId, subcategory_id: subcategoryId };
  }

  /**
   * A document replaces only a live document of its own library, never itself, and only as the
   * policy allows (maySupersede: an approved or rejected order; one's own circular or decision).
   */
  async function checkSupersedes(tx: Executor, actor: Actor, changes: TDocumentChanges, id?: number) {
    if (changes.supersedes_id === undefined || changes.supersedes_id === null) return;
    if (changes.supersedes_id === id)
      throw invalidField(
        'supersedes_id',
        'libraries.cannot_supersede_itself',
        {},
        `A ${label.toLowerCase()} cannot replace itself`,
      );
    const target = await repository.findSupersedable(tx, library, changes.supersedes_id);
    if (!target)
      throw invalidField(
        'supersedes_id',
        'libraries.superseded_not_found',
        {},
        `The ${label.toLowerCase()} it replaces was not found`,
      );
    if (!maySupersede(actor, { library, status: target.status, authorId: target.created_by })) {
      throw info.approved
        ? invalidField(
            'supersedes_id',
            'libraries.supersede_decided_only',
            {},
            `Only an approved or rejected ${label.toLowerCase()} is replaced by a correction; a pending one is edited instead`,
          )
        : invalidField(
            'supersedes_id',
            'libraries.supersede_uploader_only',
            {},
            `Only the uploader of that ${label.toLowerCase()} or an administrator may replace it`,
          );
    }
  }

  async function checkReferences(tx: Executor, changes: TDocumentChanges) {
    if (changes.company_id !== undefined && !(await companies.exists(changes.company_id, tx)))
      throw invalidField('company_id', 'validation.company_not_found', {}, 'Company not found');
    if (
      changes.assignee_id !== undefined &&
      changes.assignee_id !== null &&
      !(await acknowledgmentsRepository.isAssignableUser(tx, changes.assignee_id))
    ) {
      throw invalidField('assignee_id', 'validation.user_not_found', {}, 'User not found');
    }
  }

  return { placement, checkSupersedes, checkReferences };
}
