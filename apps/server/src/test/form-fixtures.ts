import { randomBytes } from 'node:crypto';
import { count, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { formFolders, forms } from '../db/schema/index.js';
import { pdfBytes, type Request } from './library-fixtures.js';
import { multipartBody, type MultipartPart } from './multipart.js';

/** What the tests of the forms themselves build: folders straight in the database, uploads through the API. */

let sequence = 0;

/** A folder inserted directly, at its level under `parentId` (none for a category). */
export async function buildFolder(
  db: Database,
  options: { parentId?: number; level?: 1 | 2 | 3; name?: string; sortOrder?: number; deleted?: boolean } = {},
) {
  sequence += 1;
  const name = options.name ?? `Folder ${sequence}${randomBytes(2).toString('hex')}`;
  const [row] = await db
    .insert(formFolders)
    .values({
      level: options.level ?? (options.parentId === undefined ? 1 : 2),
      parent_id: options.parentId ?? null,
      name,
      slug: `folder-${sequence}-${randomBytes(3).toString('hex')}`,
      icon: '📁',
      sort_order: options.sortOrder ?? 0,
      ...(options.deleted ? { deleted_at: new Date() } : {}),
    })
    .returning({ id: formFolders.id, name: formFolders.name });
  return row!;
}

/** A category, a subcategory in it and a sub-subcategory in that. */
export async function buildBranch(
  db: Database,
  names: { category?: string; subcategory?: string; subSubcategory?: string } = {},
) {
  const category = await buildFolder(db, { name: names.category });
  const subcategory = await buildFolder(db, { parentId: category.id, level: 2, name: names.subcategory });
  const subSubcategory = await buildFolder(db, { parentId: subcategory.id, level: 3, name: names.subSubcategory });
  return { category, subcategory, subSubcategory };
}

/** POST /api/forms with these text fields and, unless `file` is null, a PDF under `file`. */
export function uploadForm(request: Request, fields: Record<string, string>, file: Partial<MultipartPart> | null = {}) {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file !== null)
    parts.push({ name: 'file', filename: 'form.pdf', contentType: 'application/pdf', content: pdfBytes(), ...file });
  return request({ method: 'POST', url: '/api/forms', ...multipartBody(parts) });
}

/** Uploads a form that must succeed; answers it. */
export async function uploadedForm(
  request: Request,
  fields: Record<string, string> = {},
  file: Partial<MultipartPart> = {},
) {
  sequence += 1;
  const response = await uploadForm(request, { title: `Form ${sequence}`, language: 'en', ...fields }, file);
  if (response.statusCode !== 201) throw new Error(`Upload failed: ${response.body}`);
  return response.json().data.form as {
    id: number;
    title: string;
    file_path: string;
    presign: string;
    is_public: boolean;
  };
}

/** Every form row (trashed ones included), and the live ones. */
export async function formCounts(db: Database) {
  const [all] = await db.select({ n: count() }).from(forms);
  const [live] = await db.select({ n: count() }).from(forms).where(isNull(forms.deleted_at));
  return { all: all!.n, live: live!.n };
}
