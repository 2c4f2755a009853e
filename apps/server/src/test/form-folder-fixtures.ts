import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { FORM_FOLDER_KEYS, FORM_FOLDER_PATHS, type FormFolderLevel } from '@srpf/shared';
import type { Database } from '../db/client.js';
import { forms } from '../db/schema/index.js';
import type { FileStorage } from '../lib/storage.js';
import { pdfBytes, type Request } from './library-fixtures.js';

/** What the tests of the forms library's folders and trash build: folders through the API, forms straight in the database. */

let sequence = 0;
/** A folder name of letters only, unique in the run (at most 24 characters, the folder form's limit). */
export function folderName(prefix = 'Folder'): string {
  sequence += 1;
  return `${prefix} ${sequence.toString(36)}${randomBytes(2).toString('hex')}`.slice(0, 24);
}

/** POST /api/forms/{level path} as `request`; answers the created folder. */
export async function createFolder(request: Request, level: FormFolderLevel, body: Record<string, unknown> = {}) {
  const response = await request({
    method: 'POST',
    url: `/api/forms/${FORM_FOLDER_PATHS[level]}`,
    payload: { name: folderName(), ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data[FORM_FOLDER_KEYS[level].one] as { id: number; name: string; slug: string };
}

/** A category, a subcategory in it and a sub-subcategory in that. */
export async function createBranch(request: Request) {
  const category = await createFolder(request, 'category');
  const subcategory = await createFolder(request, 'subcategory', { categoryId: category.id });
  const subSubcategory = await createFolder(request, 'sub_subcategory', { subcategoryId: subcategory.id });
  return { category, subcategory, subSubcategory };
}

export interface FormOptions {
  folderId?: number | null;
  isPublic?: boolean;
  uploadedBy?: number | null;
  title?: string;
  /** Deleted on its own at this moment (a form's own delete). */
  deletedAt?: Date;
  /** With a real PDF in this store (a purge removes it); otherwise a key no file has. */
  storage?: FileStorage;
}

/** A form row inserted directly (the forms' own endpoints are another part of the issue). */
export async function insertForm(db: Database, options: FormOptions = {}): Promise<{ id: number; fileKey: string }> {
  sequence += 1;
  const title = options.title ?? `Form ${sequence}`;
  let file = { file_key: randomBytes(16).toString('hex'), file_size: 1024, file_sha256: '0'.repeat(64) };
  if (options.storage) {
    const stored = await options.storage.put(Readable.from([pdfBytes(1024 + sequence, title)]));
    await options.storage.commit(stored.key);
    file = { file_key: stored.key, file_size: stored.size, file_sha256: stored.sha256 };
  }
  const [row] = await db
    .insert(forms)
    .values({
      title,
      language: 'en',
      is_public: options.isPublic ?? true,
      folder_id: options.folderId ?? null,
      search_text: title.toLowerCase(),
      file_name: `${title}.pdf`,
      uploaded_by: options.uploadedBy ?? null,
      ...file,
      ...(options.deletedAt ? { deleted_at: options.deletedAt, deleted_by: options.uploadedBy ?? null } : {}),
    })
    .returning({ id: forms.id, file_key: forms.file_key });
  return { id: row!.id, fileKey: row!.file_key };
}
