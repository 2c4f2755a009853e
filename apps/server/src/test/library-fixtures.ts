import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { slugFor, type Library } from '@srpf/shared';
import {
  libraryCategories,
  libraryDocumentEvents,
  libraryDocuments,
  libraryDocumentVersions,
  librarySubcategories,
} from '../db/schema/libraries.js';
import { createLocalStorage } from '../lib/storage-local.js';
import { multipartBody, type MultipartPart } from './multipart.js';
import { createTestApp, type TestApp } from './test-app.js';

export type Request = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** A PDF-looking body of exactly `size` bytes: the signature, then filler. */
export function pdfBytes(size = 2048, marker = 'srpf'): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% ${marker}\n`, 'latin1');
  if (size <= head.length) return head.subarray(0, size);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x41)]);
}

/** The PNG signature: a picture sent as if it were a PDF. */
export const PNG_BYTES = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

export interface LibraryTestApp extends TestApp {
  /** The storage folder of this app (DATA_DIR/files). */
  filesRoot: string;
  /** Files in storage, temporary ones included: a failed upload must leave this unchanged. */
  countFiles(): number;
  buildCategory(library: Library, options?: { name?: string; slug?: string }): Promise<{ id: number; name: string }>;
  buildSubcategory(
    categoryId: number,
    options?: { name?: string; slug?: string },
  ): Promise<{ id: number; name: string }>;
  /** A document inserted directly; `file` stores that content as its PDF. */
  buildDocument(
    library: Library,
    options?: {
      title?: string;
      category_id?: number | null;
      subcategory_id?: number | null;
      file?: Buffer;
      is_mandatory?: boolean;
      created_at?: Date;
      /** 2026-11-01 unless given. */
      effective_date?: string;
      content?: string;
      tags?: string[];
      /** The uploader (none unless given). */
      created_by?: number;
      status?: string;
    },
  ): Promise<{ id: number; file_key: string | null }>;
}

function countFilesIn(folder: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) total += entry.isDirectory() ? countFilesIn(path.join(folder, entry.name)) : 1;
  return total;
}

/** A test app with its own data folder, so each test file sees only its own stored files. */
export async function createLibraryTestApp(): Promise<LibraryTestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-library-test-'));
  const t = await createTestApp({ dataDir });
  const filesRoot = path.join(dataDir, 'files');
  const storage = createLocalStorage(filesRoot);
  const db = t.database.db;
  let sequence = 0;

  return {
    ...t,
    filesRoot,
    countFiles: () => countFilesIn(filesRoot),
    async buildCategory(library, options = {}) {
      sequence += 1;
      const name = options.name ?? `Folder ${sequence}`;
      const [row] = await db
        .insert(libraryCategories)
        .values({ library, name, slug: options.slug ?? slugFor(name), icon: '📄', color: '#3B82F6' })
        .returning();
      return row!;
    },
    async buildSubcategory(categoryId, options = {}) {
      sequence += 1;
      const name = options.name ?? `Subfolder ${sequence}`;
      const [row] = await db
        .insert(librarySubcategories)
        .values({ category_id: categoryId, name, slug: options.slug ?? slugFor(name), icon: '📋', color: '#6B7280' })
        .returning();
      return row!;
    },
    async buildDocument(library, options = {}) {
      sequence += 1;
      const title = options.title ?? `Document ${sequence}`;
      let file = {};
      if (options.file) {
        const stored = await storage.put(Readable.from([options.file]));
        await storage.commit(stored.key);
        file = {
          file_key: stored.key,
          file_name: `${slugFor(title) || 'file'}.pdf`,
          file_size: stored.size,
          file_sha256: stored.sha256,
        };
      }
      const tags = options.tags ?? [];
      const [row] = await db
        .insert(libraryDocuments)
        .values({
          library,
          title,
          content: options.content ?? null,
          effective_date: options.effective_date ?? '2026-11-01',
          slug: `${slugFor(title)}-${sequence}`,
          category_id: options.category_id ?? null,
          subcategory_id: options.subcategory_id ?? null,
          is_mandatory: options.is_mandatory ?? false,
          tags,
          search_text: [title, options.content, ...tags].filter(Boolean).join(' ').toLowerCase(),
          ...(options.created_at ? { created_at: options.created_at } : {}),
          ...(options.created_by !== undefined ? { created_by: options.created_by } : {}),
          ...(options.status !== undefined ? { status: options.status } : {}),
          ...file,
        })
        .returning();
      // As the service does: version 1 holds what it said at creation.
      await db.insert(libraryDocumentVersions).values({
        document_id: row!.id,
        version: 1,
        content: row!.content,
        created_by: row!.created_by,
        created_at: row!.created_at,
        ...file,
      });
      // As the service does: a document's timeline starts with its creation.
      await db
        .insert(libraryDocumentEvents)
        .values({ document_id: row!.id, event: 'created', actor_id: null, created_at: row!.created_at });
      return { id: row!.id, file_key: row!.file_key };
    },
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST /api/{library}/upload with these text fields and, unless `file` is null, a PDF part. */
export function upload(
  request: Request,
  library: Library,
  fields: Record<string, string>,
  file: Partial<MultipartPart> | null = {},
) {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file !== null)
    parts.push({
      name: 'pdf_file',
      filename: 'order.pdf',
      contentType: 'application/pdf',
      content: pdfBytes(),
      ...file,
    });
  return request({ method: 'POST', url: `/api/${library}/upload`, ...multipartBody(parts) });
}

/** PUT /api/{library}/{id} as multipart, optionally with a new PDF. */
export function updateWithFile(
  request: Request,
  library: Library,
  id: number,
  fields: Record<string, string>,
  file: Partial<MultipartPart> | null = {},
) {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file !== null)
    parts.push({
      name: 'pdf_file',
      filename: 'replacement.pdf',
      contentType: 'application/pdf',
      content: pdfBytes(),
      ...file,
    });
  return request({ method: 'PUT', url: `/api/${library}/${id}`, ...multipartBody(parts) });
}
