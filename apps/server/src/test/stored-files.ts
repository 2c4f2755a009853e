import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  libraryAcknowledgments,
  libraryDocumentEvents,
  libraryDocuments,
  libraryDocumentVersions,
} from '../db/schema/index.js';

/** What the tests of deletes, restores and purges read of the file store and the rows that refer to it. */

/** Every stored-file key of these documents (current files and every version's). */
export async function fileKeysOf(db: Database, ids: number[]): Promise<string[]> {
  const current = await db
    .select({ key: libraryDocuments.file_key })
    .from(libraryDocuments)
    .where(and(inArray(libraryDocuments.id, ids), isNotNull(libraryDocuments.file_key)));
  const versions = await db
    .select({ key: libraryDocumentVersions.file_key })
    .from(libraryDocumentVersions)
    .where(and(inArray(libraryDocumentVersions.document_id, ids), isNotNull(libraryDocumentVersions.file_key)));
  return [...new Set([...current, ...versions].map((row) => row.key!))];
}

/** Is the file of this key in the store (a final file, not a temporary one)? */
export const isStored = (filesRoot: string, key: string) => existsSync(path.join(filesRoot, key.slice(0, 2), key));

/** The keys of the final files in the store (tmp/ holds uploads under way). */
export function finalFiles(filesRoot: string): Set<string> {
  const keys = new Set<string>();
  for (const folder of existsSync(filesRoot) ? readdirSync(filesRoot) : []) {
    if (folder !== 'tmp') for (const file of readdirSync(path.join(filesRoot, folder))) keys.add(file);
  }
  return keys;
}

/** Rows naming a missing file, and final files no row names: both must be empty. */
export async function storageProblems(db: Database, filesRoot: string) {
  const current = await db
    .select({ key: libraryDocuments.file_key })
    .from(libraryDocuments)
    .where(isNotNull(libraryDocuments.file_key));
  const versions = await db
    .select({ key: libraryDocumentVersions.file_key })
    .from(libraryDocumentVersions)
    .where(isNotNull(libraryDocumentVersions.file_key));
  const referenced = new Set([...current, ...versions].map((row) => row.key!));
  const onDisk = finalFiles(filesRoot);
  return {
    rowsWithoutFile: [...referenced].filter((key) => !onDisk.has(key)).sort(),
    filesWithoutRow: [...onDisk].filter((key) => !referenced.has(key)).sort(),
  };
}

/** The rows these documents have, and those that go with them. */
export async function documentRows(db: Database, ids: number[]) {
  return {
    documents: await db.$count(libraryDocuments, inArray(libraryDocuments.id, ids)),
    versions: await db.$count(libraryDocumentVersions, inArray(libraryDocumentVersions.document_id, ids)),
    events: await db.$count(libraryDocumentEvents, inArray(libraryDocumentEvents.document_id, ids)),
    acknowledgments: await db.$count(libraryAcknowledgments, inArray(libraryAcknowledgments.document_id, ids)),
  };
}
