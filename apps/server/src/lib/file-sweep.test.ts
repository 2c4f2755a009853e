import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { libraryDocuments } from '../db/schema/index.js';
import { libraryStoredFiles } from '../modules/libraries/libraries.stored-files.js';
import { createLibraryTestApp, pdfBytes, type LibraryTestApp } from '../test/library-fixtures.js';
import { clock } from './clock.js';
import { createFileSweep } from './file-sweep.js';
import { createLocalStorage } from './storage-local.js';

/** The orphan sweep of the reliability issue: both ways, by the registry of columns that refer to files. */

let t: LibraryTestApp;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createLibraryTestApp();
});
afterAll(() => t.close());
afterEach(() => clock.set(null));

function sweepOver(root: string) {
  const storage = createLocalStorage(root);
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return {
    storage,
    lines,
    sweep: createFileSweep({ db: t.database.db, storage, logger, clock, references: [libraryStoredFiles] }),
  };
}

async function storedKeys(storage: ReturnType<typeof createLocalStorage>) {
  const permanent: string[] = [];
  const temporary: string[] = [];
  for await (const entry of storage.listPermanent()) permanent.push(entry.key);
  for await (const entry of storage.listTemporary()) temporary.push(entry.key);
  return { permanent, temporary };
}

describe('the file sweep', () => {
  it('removes leftover uploads and unreferenced files once they are an hour old, keeps every referenced file, and reports rows without their file', async () => {
    const { storage, sweep, lines } = sweepOver(t.filesRoot);
    const kept = await t.buildDocument('orders', { title: 'Has its file', file: pdfBytes(1500) });
    const orphan = await storage.put(Readable.from([pdfBytes(900)]));
    await storage.commit(orphan.key);
    const leftover = await storage.put(Readable.from([pdfBytes(800)]));
    const missingKey = 'ab'.repeat(16);
    const [missing] = await t.database.db
      .insert(libraryDocuments)
      .values({
        library: 'circulars',
        title: 'Lost its file',
        effective_date: '2026-11-01',
        file_key: missingKey,
        file_name: 'lost.pdf',
        file_size: 10,
      })
      .returning();

    // Younger than an hour: an upload may be about to commit its row, so nothing goes.
    const early = await sweep.sweep();
    expect(early).toMatchObject({ temporary: 0, orphans: 0, missing: 1 });
    expect((await storedKeys(storage)).permanent).toContain(orphan.key);

    clock.set(new Date(Date.now() + 2 * HOUR));
    const late = await sweep.sweep();
    expect(late).toMatchObject({
      temporary: 1,
      orphans: 1,
      missing: 1,
      missingRows: [{ key: missingKey, row: `library_documents ${missing!.id}` }],
    });
    const after = await storedKeys(storage);
    expect(after.permanent).toContain(kept.file_key);
    expect(after.permanent).not.toContain(orphan.key);
    expect(after.temporary).not.toContain(leftover.key);
    // The row without its file is reported, never dropped.
    expect(
      lines.some((line) => line.msg === 'a record refers to a stored file that is missing' && line.key === missingKey),
    ).toBe(true);
    const rows = await t.database.db.select({ id: libraryDocuments.id }).from(libraryDocuments);
    expect(rows.map((row) => row.id)).toContain(missing!.id);
  });

  it('at start removes the temporary files nobody is writing any more', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'srpf-sweep-'));
    try {
      const { storage, sweep } = sweepOver(root);
      const first = await storage.put(Readable.from([pdfBytes(700)]));
      const second = await storage.put(Readable.from([pdfBytes(700)]));
      // Written just now: an upload of another instance could still be sending.
      expect(await sweep.atStart(30_000)).toBe(0);
      clock.set(new Date(Date.now() + 31_000));
      expect(await sweep.atStart(30_000)).toBe(2);
      expect((await storedKeys(storage)).temporary).not.toEqual(expect.arrayContaining([first.key, second.key]));
      expect((await storedKeys(storage)).temporary).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
