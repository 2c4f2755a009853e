import {
  FORM_DOWNLOAD_URL_TTL_SECONDS,
  maySeeForm,
  mayDeleteForm,
  mayEditForm,
  mayUploadForm,
  mayViewFormStats,
  paginationOf,
  type Actor,
  type FormRecord,
  type TForm,
  type TFormListQuery,
  type TFormListResponse,
  type TFormUploadFields,
  type ZFormUpdateRequest,
} from '@srpf/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import type { ActorLoader } from '../../lib/access.js';
import { audit } from '../../lib/audit.js';
import { addDays, startOfForceDay } from '../../lib/clock.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import type { DerivedKey } from '../../lib/keys.js';
import { fileNameFromTitle } from '../../lib/file-names.js';
import { commitWithUpload, type PendingUpload } from '../../lib/pdf-upload.js';
import { createDownloadSigner, FORM_FILE_NAME_STEM, signedFileUrl } from './forms.downloads.js';
import { currentPath, holdChain, namesAFolder, placeForm, type FolderPath } from './forms.placement.js';
import { toForm } from './forms.presenter.js';
import * as repository from './forms.repository.js';
import { formReaderOf } from './forms.visibility.js';

/** What the forms ask of the rest of the server (given by the registry). */
export interface FormsDependencies {
  /** The form-download keys (lib/keys.ts), current first: a signed address is an HMAC under them. */
  downloadKeys: readonly DerivedKey[];
  /** A person's current standing, as the access guard reads it: a signed address opens only for someone who may still see the form. */
  loadActor: ActorLoader;
}

type FormUpdate = z.output<typeof ZFormUpdateRequest>;

const recordOf = (row: { is_public: boolean; uploaded_by: number | null }): FormRecord => ({
  isPublic: row.is_public,
  uploadedBy: row.uploaded_by,
});

const formNotFound = () => notFound('forms.not_found', 'Form');
const invalidLink = () =>
  new AppError('forms.link_invalid', {}, 'This download link is not valid. Download the form again.', {
    field: 'token',
  });

/** The forms themselves (issue 18): list, read, upload, edit metadata, delete to the trash, stats and signed downloads. */
export function createFormsService(context: AppContext, dependencies: FormsDependencies) {
  const { db, storage, clock, logger } = context;
  const signer = createDownloadSigner(dependencies.downloadKeys);

  async function get(actor: Actor, id: number): Promise<TForm> {
    const row = await repository.findForm(db, formReaderOf(actor), id);
    if (!row) throw formNotFound();
    return toForm(row);
  }

  /**
   * The form locked for a change, after its folders (held FOR SHARE, top down: the order a folder's
   * delete locks a folder and then the forms in it). If it moved meanwhile, again with its new ones.
   */
  async function lockWithItsFolders(tx: Transaction, id: number): Promise<repository.FormRow> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const seen = await repository.folderOfLiveForm(tx, id);
      if (!seen) throw formNotFound();
      await holdChain(tx, seen.folder_id);
      const current = await repository.lockForm(tx, id);
      if (!current) throw formNotFound();
      if (current.folder_id === seen.folder_id) return current;
    }
    throw new AppError('forms.moved', {}, 'This form was moved meanwhile: try again');
  }

  return {
    get,

    /** A page of the forms the actor may see, newest first or in folder order. */
    async list(
      actor: Actor,
      query: TFormListQuery,
      order: repository.FormOrder,
    ): Promise<{ forms: TForm[]; pagination: TFormListResponse['pagination'] }> {
      const filter: repository.FormFilter = {
        search: query.search,
        language: query.language,
        categoryId: query.categoryId,
        subcategoryId: query.subcategoryId,
        subSubcategoryId: query.subSubcategoryId,
        isPublic: query.isPublic,
        // Whole days of the force's calendar, both ends included.
        from: query.dateFrom ? startOfForceDay(query.dateFrom) : undefined,
        until: query.dateTo ? startOfForceDay(addDays(query.dateTo, 1)) : undefined,
      };
      const { rows, total, capped } = await repository.listForms(
        db,
        formReaderOf(actor),
        filter,
        order,
        query.page,
        query.limit,
      );
      const pagination = paginationOf(query.page, query.limit, total, capped);
      return { forms: rows.map(toForm), pagination: { ...pagination, pages: pagination.totalPages } };
    },

    /**
     * A new form with its PDF (upload_forms). The row is written in one transaction whose last step
     * publishes the file: a refused folder or a failed statement leaves no row and no file.
     */
    async create(actor: Actor, input: TFormUploadFields, ip: string | null, upload: PendingUpload): Promise<TForm> {
      const id = await commitWithUpload(db, storage, upload, async (tx) => {
        if (!mayUploadForm(actor))
          throw forbidden('forms.upload_forbidden', 'You do not have permission to upload forms');
        const folderId = await placeForm(tx, [null, null, null], input);
        const created = await repository.insertForm(tx, {
          title: input.title,
          category: input.category ?? null,
          language: input.language,
          is_public: input.isPublic,
          folder_id: folderId,
          search_text: repository.searchTextOf(input),
          file_key: upload.key,
          file_name: upload.fileName ?? fileNameFromTitle(input.title, FORM_FILE_NAME_STEM),
          file_size: upload.size,
          file_sha256: upload.sha256,
          uploaded_by: actor.userId,
        });
        await audit(tx, {
          actorId: actor.userId,
          action: 'form.create',
          entityType: 'form',
          entityId: created.id,
          outcome: 'success',
          ip,
          details: {
            title: created.title,
            folder_id: folderId,
            is_public: created.is_public,
            file: { name: created.file_name, size: created.file_size, sha256: created.file_sha256 },
          },
        });
        return created.id;
      });
      return get(actor, id);
    },

    /** Changes the metadata sent (never the file): its uploader, or anyone holding manage_forms. */
    async update(actor: Actor, id: number, changes: FormUpdate, ip: string | null): Promise<TForm> {
      await db.transaction(async (tx) => {
        const current = await lockWithItsFolders(tx, id);
        if (!maySeeForm(actor, recordOf(current))) throw formNotFound();
        if (!mayEditForm(actor, recordOf(current)))
          throw forbidden(
            'forms.edit_forbidden',
            'Only the uploader of this form or someone who manages forms may change it',
          );
        let folderId = current.folder_id;
        if (namesAFolder(changes)) {
          const path: FolderPath = await currentPath(tx, current.folder_id);
          folderId = await placeForm(tx, path, changes);
        }
        const title = changes.title ?? current.title;
        const category = changes.category !== undefined ? changes.category : current.category;
        await repository.updateForm(tx, id, {
          title,
          category,
          ...(changes.language !== undefined ? { language: changes.language } : {}),
          ...(changes.isPublic !== undefined ? { is_public: changes.isPublic } : {}),
          folder_id: folderId,
          search_text: repository.searchTextOf({ title, category }),
        });
        await audit(tx, {
          actorId: actor.userId,
          action: 'form.update',
          entityType: 'form',
          entityId: id,
          outcome: 'success',
          ip,
          details: {
            fields: Object.keys(changes).filter((key) => changes[key as keyof FormUpdate] !== undefined),
            ...(folderId !== current.folder_id ? { folder_id: { from: current.folder_id, to: folderId } } : {}),
            ...(changes.isPublic !== undefined && changes.isPublic !== current.is_public
              ? { is_public: changes.isPublic }
              : {}),
          },
        });
      });
      return get(actor, id);
    },

    /** Moves the form to the trash (delete_documents): its file stays until the trash is purged. */
    async remove(actor: Actor, id: number, ip: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repository.lockForm(tx, id);
        if (!current || !maySeeForm(actor, recordOf(current))) throw formNotFound();
        if (!mayDeleteForm(actor))
          throw forbidden('forms.delete_forbidden', 'You do not have permission to delete forms');
        await repository.trashForm(tx, id, actor.userId, clock.now());
        await audit(tx, {
          actorId: actor.userId,
          action: 'form.delete',
          entityType: 'form',
          entityId: id,
          outcome: 'success',
          ip,
          details: { title: current.title, file: current.file_name, trash: true },
        });
      });
    },

    /** Downloads of a form: the admin roles only (the spec's separate admin check). */
    async stats(actor: Actor, id: number) {
      if (!mayViewFormStats(actor))
        throw forbidden('forms.stats_forbidden', 'Only administrators may see the statistics of a form');
      if (!(await repository.findForm(db, formReaderOf(actor), id))) throw formNotFound();
      const { total, people, last } = await repository.downloadStats(db, id);
      return {
        totalDownloads: total,
        uniqueUsers: people,
        lastDownloadedAt: last ? new Date(last).toISOString() : null,
      };
    },

    /**
     * A signed address for the form's PDF, valid FORM_DOWNLOAD_URL_TTL_SECONDS: its row in
     * form_downloads is the download counted for the actor, audited here once.
     */
    async download(actor: Actor, id: number, ip: string | null): Promise<{ url: string; expiresAt: string }> {
      return db.transaction(async (tx) => {
        const form = await repository.formFile(tx, id, { hold: true });
        if (!form || !maySeeForm(actor, recordOf(form))) throw formNotFound();
        const row = await repository.insertDownload(tx, {
          form_id: id,
          user_id: actor.userId,
          expires_at: new Date(clock.now().getTime() + FORM_DOWNLOAD_URL_TTL_SECONDS * 1000),
        });
        const token = signer.sign({ downloadId: row.id, formId: id, userId: actor.userId, expiresAt: row.expires_at });
        await audit(tx, {
          actorId: actor.userId,
          action: 'form.download',
          entityType: 'form',
          entityId: id,
          outcome: 'success',
          ip,
          details: { file: form.file_name, download_id: row.id },
        });
        return { url: signedFileUrl(id, token), expiresAt: row.expires_at.toISOString() };
      });
    },

    /**
     * The PDF behind a signed address, for whoever holds it (no bearer header: it opens in a new tab).
     * Refused once expired, once the form is in the trash, and once the person it was signed for may no
     * longer see the form (read with their standing now: made private, their account deactivated).
     */
    async file(
      id: number,
      token: string,
    ): Promise<{ stream: NodeJS.ReadableStream; size: number; fileName: string; title: string }> {
      const downloadId = signer.downloadIdOf(token);
      const grant = downloadId === null ? undefined : await repository.findDownload(db, downloadId);
      if (!grant || grant.form_id !== id || grant.user_id === null) throw invalidLink();
      if (
        !signer.verify(token, {
          downloadId: grant.id,
          formId: grant.form_id,
          userId: grant.user_id,
          expiresAt: grant.expires_at,
        })
      )
        throw invalidLink();
      if (grant.expires_at.getTime() <= clock.now().getTime())
        throw new AppError('forms.link_expired', {}, 'This download link has expired. Download the form again.', {
          field: 'token',
        });
      const form = await repository.formFile(db, id);
      if (!form) throw formNotFound();
      const reader = await dependencies.loadActor(grant.user_id);
      if (!reader || reader.mustChangePassword) throw invalidLink();
      if (!maySeeForm(reader, recordOf(form))) throw formNotFound();
      const stored = await storage.get(form.file_key);
      if (!stored) {
        logger.error({ key: form.file_key, formId: id }, 'the stored file of a form is missing');
        throw new AppError('forms.pdf_missing', {}, 'The PDF of this form is missing');
      }
      return { ...stored, fileName: form.file_name, title: form.title };
    },

    /** Live forms the actor may see created on the force's days `from` to `to` (the dashboard's card). */
    countCreated(actor: Actor, from: string, to: string): Promise<number> {
      return repository.countCreated(db, formReaderOf(actor), startOfForceDay(from), startOfForceDay(addDays(to, 1)));
    },
  };
}
export type FormsService = ReturnType<typeof createFormsService>;
