import {
  DEFAULT_COMPANY_ID,
  DEFAULT_DOCUMENT_PRIORITY,
  normaliseRole,
  paginationOf,
  PENDING_ACKNOWLEDGMENTS_MAX,
  slugFor,
  type TDocumentChanges,
  type TDocumentListQuery,
  type TLibraryDocument,
  type TLibraryDocumentDetail,
  type TPagination,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { foreignKeyViolationOf, uniqueViolationOf } from '../../lib/db-errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AccessClaims } from '../../lib/tokens.js';
import * as categories from './libraries.categories.repository.js';
import * as repository from './libraries.documents.repository.js';
import { fileNameFromTitle } from './libraries.file-names.js';
import { removeFilesAfterCommit } from './libraries.files-cleanup.js';
import { recordDocumentEvent } from './libraries.events.js';
import type { LibraryInfo } from './libraries.library.js';
import { invalidField } from '../../lib/validation.js';
import { toDocument, toDocumentDetail } from './libraries.presenter.js';
import type { PendingUpload } from './libraries.upload.js';

/** What the libraries ask of other modules (given by the registry). */
export interface LibraryReferences {
  companies: { exists(id: number, executor: Executor): Promise<boolean> };
}

type CreateDocument = TDocumentChanges & { title: string; effective_date: string };


/** The admin roles see who has not yet acknowledged a mandatory document (the rule). */
const seesPendingAcknowledgments = (role: string) => ['admin', 'superadmin'].includes(normaliseRole(role));

/** Documents of one library: list, read, create (with or without a PDF), update, delete. */
export function createDocumentsService(context: AppContext, info: LibraryInfo, references: LibraryReferences, log: (message: string) => void = () => {}) {
  const { db, storage } = context;
  const { library, key, label } = info;
  const { companies } = references;
  const notFoundHere = () => notFound(label);

  function storeProblem(error: unknown): never {
    if (uniqueViolationOf(error) === 'library_documents_slug_unique') {
      throw new AppError('ALREADY_EXISTS', `A ${label.toLowerCase()} with this slug already exists in this folder`, { field: 'slug' });
    }
    // Checked first, so only a folder deleted at the same moment gets here.
    const foreignKey = foreignKeyViolationOf(error);
    if (foreignKey?.includes('category')) throw invalidField(foreignKey.includes('subcategory') ? 'subcategory_id' : 'category_id', 'The folder no longer exists');
    throw error;
  }

  /**
   * Where the document goes: the category and subcategory sent, or kept. A subcategory alone brings
   * its category; a subcategory of another category is refused; a new category without a new
   * subcategory leaves the old subcategory behind (the web clears it the same way).
   */
  async function placement(tx: Executor, changes: TDocumentChanges, current?: repository.DocumentRow) {
    let categoryId = changes.category_id !== undefined ? changes.category_id : (current?.category_id ?? null);
    const categoryChanged = changes.category_id !== undefined && changes.category_id !== current?.category_id;
    const subcategoryId = changes.subcategory_id !== undefined ? changes.subcategory_id : categoryChanged ? null : (current?.subcategory_id ?? null);
    if (categoryId !== null && !(await categories.findCategory(tx, library, categoryId))) throw invalidField('category_id', 'Category not found');
    if (subcategoryId !== null) {
      const subcategory = await categories.findSubcategory(tx, library, subcategoryId);
      if (!subcategory) throw invalidField('subcategory_id', 'Subcategory not found');
      if (categoryId === null) categoryId = subcategory.subcategory.category_id;
      else if (subcategory.subcategory.category_id !== categoryId) throw invalidField('subcategory_id', 'The subcategory does not belong to the chosen category');
    }
    return { category_id: categoryId, subcategory_id: subcategoryId };
  }

  async function checkReferences(tx: Executor, changes: TDocumentChanges) {
    if (changes.company_id !== undefined && !(await companies.exists(changes.company_id, tx))) throw invalidField('company_id', 'Company not found');
    if (changes.assignee_id !== undefined && changes.assignee_id !== null && !(await repository.isAssignableUser(tx, changes.assignee_id))) {
      throw invalidField('assignee_id', 'User not found');
    }
  }

  const fileColumns = (upload: PendingUpload, title: string) => ({
    file_key: upload.key,
    file_name: upload.fileName ?? fileNameFromTitle(title, info.defaultFileName),
    file_size: upload.size,
    file_sha256: upload.sha256,
  });

  /**
   * One transaction for the row; the PDF (if any) becomes readable as its last step, after every
   * statement has succeeded, so a failed statement never publishes a file and a committed row always
   * has its file. If the commit itself fails, the published file is removed again.
   */
  async function withUpload<T>(upload: PendingUpload | null, work: (tx: Transaction) => Promise<T>): Promise<T> {
    let published = false;
    try {
      return await db.transaction(async (tx) => {
        const result = await work(tx);
        if (upload) {
          await storage.commit(upload.key);
          published = true;
        }
        return result;
      });
    } catch (error) {
      if (upload) await (published ? storage.delete(upload.key) : storage.discard(upload.key)).catch(() => undefined);
      throw error;
    }
  }

  async function detail(viewer: AccessClaims, id: number, executor: Executor = db): Promise<TLibraryDocumentDetail> {
    const row = await repository.findDocument(executor, library, id, viewer.userId);
    if (!row) throw notFoundHere();
    const [acknowledgments, pending, history] = await Promise.all([
      info.acknowledged ? repository.listAcknowledgments(executor, id) : Promise.resolve([]),
      info.acknowledged && row.is_mandatory && seesPendingAcknowledgments(viewer.role)
        ? repository.listPendingAcknowledgers(executor, id, PENDING_ACKNOWLEDGMENTS_MAX)
        : Promise.resolve(null),
      repository.listDocumentEvents(executor, id),
    ]);
    return toDocumentDetail(row, info, { acknowledgments, history, ...(pending ? { pending: pending.rows, pendingTotal: pending.total } : {}) });
  }

  return {
    detail,

    async list(viewer: AccessClaims, query: TDocumentListQuery): Promise<{ documents: TLibraryDocument[]; pagination: TPagination }> {
      const { rows, total, capped } = await repository.listDocuments(db, library, query, query.page, query.limit, viewer.userId);
      return { documents: rows.map((row) => toDocument(row, info)), pagination: paginationOf(query.page, query.limit, total, capped) };
    },

    /** A new document; with an upload it has its PDF, without one it waits for a PDF in an edit. */
    async create(actor: AccessClaims, input: CreateDocument, ip: string | null, upload: PendingUpload | null = null): Promise<TLibraryDocumentDetail> {
      const id = await withUpload(upload, async (tx) => {
        const where = await placement(tx, input);
        await checkReferences(tx, input);
        const tags = input.tags ?? [];
        const created = await repository.insertDocument(tx, {
          library,
          title: input.title,
          description: input.description ?? null,
          content: input.content ?? null,
          effective_date: input.effective_date,
          slug: slugFor(input.title, input.slug),
          ...where,
          priority: input.priority ?? DEFAULT_DOCUMENT_PRIORITY,
          status: 'pending',
          due_date: input.due_date ?? null,
          assignee_id: input.assignee_id ?? null,
          company_id: input.company_id ?? DEFAULT_COMPANY_ID,
          is_mandatory: input.is_mandatory ?? false,
          tags,
          search_text: repository.searchTextOf({ ...input, tags }),
          ...(upload ? fileColumns(upload, input.title) : {}),
          created_by: actor.userId,
        });
        await audit(tx, {
          actorId: actor.userId,
          action: `${key}.create`,
          entityType: key,
          entityId: created.id,
          outcome: 'success',
          ip,
          details: { title: created.title, file: upload ? { name: created.file_name, size: created.file_size, sha256: created.file_sha256 } : null },
        });
        await recordDocumentEvent(tx, created.id, actor, 'created');
        return created.id;
      }).catch(storeProblem);
      return detail(actor, id);
    },

    /** Changes the fields sent; an upload attaches the PDF or replaces the previous one (removed after commit). */
    async update(actor: AccessClaims, id: number, changes: TDocumentChanges, ip: string | null, upload: PendingUpload | null = null): Promise<TLibraryDocumentDetail> {
      const replacedKey = await withUpload(upload, async (tx) => {
        const current = await repository.lockDocument(tx, library, id);
        if (!current) throw notFoundHere();
        const where = await placement(tx, changes, current);
        await checkReferences(tx, changes);
        const { slug: _slug, ...fields } = changes;
        const merged = { ...current, ...fields };
        await repository.updateDocument(tx, id, {
          ...fields,
          ...where,
          ...(changes.title !== undefined || changes.slug !== undefined ? { slug: slugFor(merged.title, changes.slug) } : {}),
          search_text: repository.searchTextOf(merged),
          ...(upload ? fileColumns(upload, merged.title) : {}),
        });
        await audit(tx, {
          actorId: actor.userId,
          action: `${key}.update`,
          entityType: key,
          entityId: id,
          outcome: 'success',
          ip,
          details: { fields: Object.keys(changes), file: upload ? { name: upload.fileName, size: upload.size, sha256: upload.sha256, replaced: current.file_key !== null } : null },
        });
        await recordDocumentEvent(tx, id, actor, 'updated');
        return upload ? current.file_key : null;
      }).catch(storeProblem);
      if (replacedKey) await removeFilesAfterCommit(storage, [replacedKey], log);
      return detail(actor, id);
    },

    async remove(actor: AccessClaims, id: number, ip: string | null): Promise<void> {
      const fileKey = await db.transaction(async (tx) => {
        const deleted = await repository.deleteDocument(tx, library, id);
        if (!deleted) throw notFoundHere();
        await audit(tx, { actorId: actor.userId, action: `${key}.delete`, entityType: key, entityId: id, outcome: 'success', ip, details: { title: deleted.title, file: deleted.file_name } });
        return deleted.file_key;
      });
      if (fileKey) await removeFilesAfterCommit(storage, [fileKey], log);
    },

    /** The PDF to stream, with what the download headers need. */
    /** The PDF to stream; every download is audited. */
    async file(actor: AccessClaims, id: number, ip: string | null): Promise<{ stream: NodeJS.ReadableStream; size: number; fileName: string | null; title: string }> {
      const row = await repository.fileOf(db, library, id);
      if (!row) throw notFoundHere();
      if (!row.file_key) throw new AppError('NOT_FOUND', `This ${label.toLowerCase()} has no PDF yet`);
      const stored = await storage.get(row.file_key);
      if (!stored) {
        log(`stored file ${row.file_key} of ${key} ${id} is missing`);
        throw new AppError('NOT_FOUND', `The PDF of this ${label.toLowerCase()} is missing`);
      }
      try {
        await audit(db, { actorId: actor.userId, action: `${key}.download`, entityType: key, entityId: id, outcome: 'success', ip, details: { file: row.file_name } });
      } catch (error) {
        // No download without its audit row; the opened file is let go.
        (stored.stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
        throw error;
      }
      return { ...stored, fileName: row.file_name, title: row.title };
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
