import {
  isDocumentEditor,
  mayViewDocumentStats,
  isFrozenDocument,
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
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import type { Actor } from '@srpf/shared';
import * as categories from './libraries.categories.repository.js';
import { createDocumentChecks, type LibraryReferences } from './libraries.documents.checks.js';
import { listDocuments } from './libraries.documents.list-query.js';
import * as acknowledgmentsRepository from './libraries.acknowledgments.repository.js';
import * as repository from './libraries.documents.repository.js';
import { fileNameFromTitle } from '../../lib/file-names.js';
import { recordDocumentEvent } from './libraries.events.js';
import type { LibraryInfo } from './libraries.library.js';
import { invalidField, requireSomeChange } from '../../lib/validation.js';
import { toDocument, toDocumentDetail } from './libraries.presenter.js';
import { commitWithUpload, type PendingUpload } from '../../lib/pdf-upload.js';

export type { LibraryReferences } from './libraries.documents.checks.js';

type CreateDocument = TDocumentChanges & { title: string; effective_date: string };

/** The admin roles see who has not yet acknowledged a mandatory document (the rule). */
const seesPendingAcknowledgments = (role: string) => ['admin', 'superadmin'].includes(normaliseRole(role));

/** Documents of one library: list, read, create (with or without a PDF), update, delete. */
export function createDocumentsService(
  context: AppContext,
  info: LibraryInfo,
  references: LibraryReferences,
  log: (message: string) => void = () => {},
) {
  const { db, storage, clock } = context;
  const { library, key, label } = info;
  const { placement, checkSupersedes, checkReferences } = createDocumentChecks(info, references);
  const notFoundHere = () => notFound('libraries.document_not_found', label);

  function storeProblem(error: unknown): never {
    if (uniqueViolationOf(error) === 'library_documents_slug_unique') {
      throw new AppError(
        'libraries.slug_taken',
        {},
        `A ${label.toLowerCase()} with this slug already exists in this folder`,
        { field: 'slug' },
      );
    }
    // Checked first, so only a folder deleted at the same moment gets here.
    const foreignKey = foreignKeyViolationOf(error);
    if (foreignKey?.includes('category'))
      throw invalidField(
        foreignKey.includes('subcategory') ? 'subcategory_id' : 'category_id',
        'libraries.folder_gone',
        {},
        'The folder no longer exists',
      );
    throw error;
  }

  /**
   * The policy of the documents issue, inside the transaction on the locked row: the uploader or an
   * administrator edits; an approved or rejected order is frozen.
   */
  function assertMayEdit(actor: Actor, current: repository.DocumentRow) {
    const record = { library, status: current.status, authorId: current.created_by };
    if (!isDocumentEditor(actor, record))
      throw forbidden(
        'libraries.edit_forbidden',
        `Only the uploader of this ${label.toLowerCase()} or an administrator may change it`,
      );
    if (isFrozenDocument(record)) {
      throw new AppError(
        'libraries.document_frozen',
        {},
        `This ${label.toLowerCase()} is ${current.status} and can no longer be changed. To correct it, file a new ${label.toLowerCase()} that supersedes it.`,
      );
    }
  }

  /**
   * The document locked for a change, after its folders (holdFolders: the one lock order of folders
   * and what is in them, which a folder's delete follows too). If it moved to other folders while
   * they were being held, again with those.
   */
  async function lockWithItsFolders(tx: Transaction, id: number): Promise<repository.DocumentRow> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const seen = await repository.foldersOfLiveDocument(tx, library, id);
      if (!seen) throw notFoundHere();
      await categories.holdFolders(tx, seen);
      const current = await repository.lockDocument(tx, library, id);
      if (!current) throw notFoundHere();
      if (current.category_id === seen.category_id && current.subcategory_id === seen.subcategory_id) return current;
    }
    throw new AppError('libraries.document_moved', {}, `This ${label.toLowerCase()} was moved meanwhile: try again`);
  }

  const fileColumns = (upload: PendingUpload, title: string) => ({
    file_key: upload.key,
    file_name: upload.fileName ?? fileNameFromTitle(title, info.defaultFileName),
    file_size: upload.size,
    file_sha256: upload.sha256,
  });

  /** The row's transaction, with the PDF published as its last step (libraries.upload.ts). */
  const withUpload = <T>(upload: PendingUpload | null, work: (tx: Transaction) => Promise<T>) =>
    commitWithUpload(db, storage, upload, work);

  async function detail(viewer: Actor, id: number, executor: Executor = db): Promise<TLibraryDocumentDetail> {
    const row = await repository.findDocument(executor, library, id, viewer.userId);
    if (!row) throw notFoundHere();
    // Names and emails of who acknowledged, across companies, only to those who may see the statistics.
    const listsAcknowledgments = mayViewDocumentStats(viewer);
    const [acknowledgments, pending, history, versions, supersedes, supersededBy] = await Promise.all([
      info.acknowledged
        ? acknowledgmentsRepository.listAcknowledgments(executor, id, listsAcknowledgments ? undefined : viewer.userId)
        : Promise.resolve([]),
      info.acknowledged && row.is_mandatory && seesPendingAcknowledgments(viewer.role)
        ? acknowledgmentsRepository.listPendingAcknowledgers(executor, id, row.version, PENDING_ACKNOWLEDGMENTS_MAX)
        : Promise.resolve(null),
      repository.listDocumentEvents(executor, id),
      repository.listVersions(executor, id),
      row.supersedes_id === null
        ? Promise.resolve(undefined)
        : repository.findLiveDocumentLink(executor, library, row.supersedes_id),
      // A correction of an order shows on it once approved; a pending or rejected one is only a proposal.
      repository.listSupersededBy(executor, id, info.approved),
    ]);
    return toDocumentDetail(row, info, viewer.userId, {
      acknowledgments,
      listsAcknowledgments,
      history,
      versions,
      supersedes: supersedes ?? null,
      supersededBy,
      ...(pending ? { pending: pending.rows, pendingTotal: pending.total } : {}),
    });
  }

  return {
    detail,

    async list(
      viewer: Actor,
      query: TDocumentListQuery,
    ): Promise<{ documents: TLibraryDocument[]; pagination: TPagination }> {
      const { rows, total, capped } = await listDocuments(db, library, query, query.page, query.limit, viewer.userId);
      return {
        documents: rows.map((row) => toDocument(row, info)),
        pagination: paginationOf(query.page, query.limit, total, capped),
      };
    },

    /** A new document; with an upload it has its PDF, without one it waits for a PDF in an edit. */
    async create(
      actor: Actor,
      input: CreateDocument,
      ip: string | null,
      upload: PendingUpload | null = null,
    ): Promise<TLibraryDocumentDetail> {
      const id = await withUpload(upload, async (tx) => {
        const where = await placement(tx, input);
        await checkReferences(tx, input);
        await checkSupersedes(tx, actor, input);
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
          supersedes_id: input.supersedes_id ?? null,
          version: 1,
          created_by: actor.userId,
        });
        await repository.insertVersion(tx, {
          document_id: created.id,
          version: 1,
          content: created.content,
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
          details: {
            title: created.title,
            file: upload ? { name: created.file_name, size: created.file_size, sha256: created.file_sha256 } : null,
          },
        });
        await recordDocumentEvent(tx, created.id, actor, 'created');
        return created.id;
      }).catch(storeProblem);
      return detail(actor, id);
    },

    /**
     * Changes the fields sent; an upload attaches the PDF or replaces the previous one, which stays as
     * an earlier version. A change of content or file makes a new version, which readers acknowledge
     * afresh; other fields (a title) change the document as it is.
     */
    async update(
      actor: Actor,
      id: number,
      changes: TDocumentChanges,
      ip: string | null,
      upload: PendingUpload | null = null,
    ): Promise<TLibraryDocumentDetail> {
      // A new PDF alone is a change; with none, the body must name a field (an empty form is no update).
      if (upload === null) requireSomeChange(changes);
      await withUpload(upload, async (tx) => {
        const current = await lockWithItsFolders(tx, id);
        assertMayEdit(actor, current);
        const where = await placement(tx, changes, current);
        await checkReferences(tx, changes);
        await checkSupersedes(tx, actor, changes, id);
        const { slug: _slug, ...fields } = changes;
        const merged = { ...current, ...fields };
        const contentChanged = changes.content !== undefined && changes.content !== current.content;
        const newVersion = upload !== null || contentChanged ? current.version + 1 : null;
        const file = upload ? fileColumns(upload, merged.title) : {};
        await repository.updateDocument(tx, id, {
          ...fields,
          ...where,
          ...(changes.title !== undefined || changes.slug !== undefined
            ? { slug: slugFor(merged.title, changes.slug) }
            : {}),
          search_text: repository.searchTextOf(merged),
          ...file,
          ...(newVersion === null ? {} : { version: newVersion }),
        });
        if (newVersion !== null) {
          // Only the content changed: the new version keeps the file it had.
          const keptFile = {
            file_key: current.file_key,
            file_name: current.file_name,
            file_size: current.file_size,
            file_sha256: current.file_sha256,
          };
          await repository.insertVersion(tx, {
            document_id: id,
            version: newVersion,
            content: merged.content,
            ...(upload ? file : keptFile),
            created_by: actor.userId,
          });
        }
        await audit(tx, {
          actorId: actor.userId,
          action: `${key}.update`,
          entityType: key,
          entityId: id,
          outcome: 'success',
          ip,
          details: {
            fields: Object.keys(changes),
            file: upload
              ? { name: upload.fileName, size: upload.size, sha256: upload.sha256, replaced: current.file_key !== null }
              : null,
            ...(newVersion === null ? {} : { version: newVersion }),
          },
        });
        await recordDocumentEvent(tx, id, actor, 'updated');
      }).catch(storeProblem);
      return detail(actor, id);
    },

    /** Moves the document to the trash (delete_documents, checked by the route): its files and versions stay. */
    async remove(actor: Actor, id: number, ip: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        const trashed = await repository.trashDocument(tx, library, id, actor.userId, clock.now());
        if (!trashed) throw notFoundHere();
        await audit(tx, {
          actorId: actor.userId,
          action: `${key}.delete`,
          entityType: key,
          entityId: id,
          outcome: 'success',
          ip,
          details: { title: trashed.title, file: trashed.file_name, trash: true },
        });
      });
    },

    /** The current PDF, or one version's, to stream; every download is audited. */
    async file(
      actor: Actor,
      id: number,
      ip: string | null,
      version?: number,
    ): Promise<{ stream: NodeJS.ReadableStream; size: number; fileName: string | null; title: string }> {
      const row =
        version === undefined
          ? await repository.fileOf(db, library, id)
          : await repository.versionFileOf(db, library, id, version);
      if (!row)
        throw version === undefined
          ? notFoundHere()
          : new AppError(
              'libraries.version_not_found',
              { version },
              `This ${label.toLowerCase()} has no version ${version}`,
            );
      if (!row.file_key) {
        throw version === undefined
          ? new AppError('libraries.pdf_not_uploaded', {}, `This ${label.toLowerCase()} has no PDF yet`)
          : new AppError(
              'libraries.version_pdf_not_uploaded',
              { version },
              `Version ${version} of this ${label.toLowerCase()} has no PDF`,
            );
      }
      const stored = await storage.get(row.file_key);
      if (!stored) {
        log(`stored file ${row.file_key} of ${key} ${id} is missing`);
        throw new AppError('libraries.pdf_missing', {}, `The PDF of this ${label.toLowerCase()} is missing`);
      }
      try {
        await audit(db, {
          actorId: actor.userId,
          action: `${key}.download`,
          entityType: key,
          entityId: id,
          outcome: 'success',
          ip,
          details: { file: row.file_name, ...(version === undefined ? {} : { version }) },
        });
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
