import path from 'node:path';
import { Readable } from 'node:stream';
import { LIBRARIES, slugFor, type Library } from '@srpf/shared';
import {
  forms,
  libraryCategories,
  libraryDocumentEvents,
  libraryDocuments,
  libraryDocumentVersions,
  librarySubcategories,
} from '../../db/schema/index.js';
import { createLocalStorage } from '../../lib/storage-local.js';
import { pdfBytes } from '../library-fixtures.js';
import type { TestApp } from '../test-app.js';

/**
 * A fresh record of every kind before each batch (a company, a designation, a person, an
 * appointment, per library a folder, a subfolder, a document with its PDF and one in the trash, and
 * a form with its PDF and one in the trash), so path parameters name records that exist even after
 * earlier cases deleted theirs. Their ids, with small numbers, are the ids the generators pick from.
 */

let sequence = 0;

async function libraryRecords(t: TestApp, filesRoot: string, library: Library, ownerId: number): Promise<number[]> {
  const db = t.database.db;
  const storage = createLocalStorage(filesRoot);
  sequence += 1;
  const name = `Fuzz folder ${sequence}`;
  const [category] = await db
    .insert(libraryCategories)
    .values({ library, name, slug: slugFor(name), icon: '📄', color: '#3B82F6' })
    .returning();
  const [subcategory] = await db
    .insert(librarySubcategories)
    .values({
      category_id: category!.id,
      name: `Fuzz subfolder ${sequence}`,
      slug: `fuzz-subfolder-${sequence}`,
      icon: '📋',
      color: '#6B7280',
    })
    .returning();
  const ids = [category!.id, subcategory!.id];
  for (const trashed of [false, true]) {
    const stored = await storage.put(Readable.from([pdfBytes(1024, `fuzz-${sequence}-${library}`)]));
    await storage.commit(stored.key);
    const title = `Fuzz document ${sequence} ${trashed ? 'trashed' : 'live'}`;
    const [document] = await db
      .insert(libraryDocuments)
      .values({
        library,
        title,
        effective_date: '2026-11-01',
        slug: slugFor(title),
        category_id: category!.id,
        subcategory_id: subcategory!.id,
        company_id: 1,
        created_by: ownerId,
        tags: ['fuzz'],
        search_text: title.toLowerCase(),
        file_key: stored.key,
        file_name: 'fuzz.pdf',
        file_size: stored.size,
        file_sha256: stored.sha256,
        ...(trashed ? { deleted_at: new Date(), deleted_by: ownerId } : {}),
      })
      .returning();
    const file = { file_key: stored.key, file_name: 'fuzz.pdf', file_size: stored.size, file_sha256: stored.sha256 };
    await db
      .insert(libraryDocumentVersions)
      .values({ document_id: document!.id, version: 1, created_by: ownerId, ...file });
    await db.insert(libraryDocumentEvents).values({ document_id: document!.id, event: 'created', actor_id: ownerId });
    ids.push(document!.id);
  }
  return ids;
}

/** A form with its PDF, public, and one private in the trash, uploaded by `ownerId`. */
async function formRecords(t: TestApp, filesRoot: string, ownerId: number): Promise<number[]> {
  const storage = createLocalStorage(filesRoot);
  const ids: number[] = [];
  for (const trashed of [false, true]) {
    sequence += 1;
    const stored = await storage.put(Readable.from([pdfBytes(1024, `fuzz-form-${sequence}`)]));
    await storage.commit(stored.key);
    const title = `Fuzz form ${sequence}`;
    const [form] = await t.database.db
      .insert(forms)
      .values({
        title,
        language: 'en',
        is_public: !trashed,
        search_text: title.toLowerCase(),
        file_key: stored.key,
        file_name: 'fuzz.pdf',
        file_size: stored.size,
        file_sha256: stored.sha256,
        uploaded_by: ownerId,
        ...(trashed ? { deleted_at: new Date(), deleted_by: ownerId } : {}),
      })
      .returning({ id: forms.id });
    ids.push(form!.id);
  }
  return ids;
}

/** Builds the records and answers the ids a path parameter may name. */
export async function freshRecords(t: TestApp, dataDir: string, actorIds: readonly number[]): Promise<number[]> {
  const company = await t.buildCompany();
  const designation = await t.buildDesignation();
  const person = await t.buildUser({ company_id: company.id });
  const appointment = await t.buildAppointment({ user_id: person.id, created_by: person.id });
  const leave = await t.buildAppointment({
    user_id: person.id,
    request_type: 'leave related',
    is_leave_appointment: true,
    leave_type: 'Earned leave',
    leave_start_date: '2031-01-01',
    leave_end_date: '2031-01-02',
    leave_reason: 'Fuzz',
  });
  const ids = [1, 2, 3, company.id, designation.id, person.id, appointment.id, leave.id, ...actorIds];
  for (const library of LIBRARIES)
    ids.push(...(await libraryRecords(t, path.join(dataDir, 'files'), library, actorIds[0] ?? person.id)));
  ids.push(...(await formRecords(t, path.join(dataDir, 'files'), actorIds[0] ?? person.id)));
  return [...new Set(ids)];
}
