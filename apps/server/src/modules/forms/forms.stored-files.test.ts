import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { forms } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createFileSweep } from '../../lib/file-sweep.js';
import { createLocalStorage } from '../../lib/storage-local.js';
import { uploadedForm } from '../../test/form-fixtures.js';
import { createLibraryTestApp, pdfBytes, type LibraryTestApp } from '../../test/library-fixtures.js';
import { formStoredFiles } from './forms.stored-files.js';

/** The forms' PDFs in the storage module's registry: the orphan sweep keeps every form's file, trashed forms' too. */

let t: LibraryTestApp;
beforeAll(async () => {
  t = await createLibraryTestApp();
});
afterAll(() => t.close());
afterEach(() => clock.set(null));

const HOUR = 60 * 60 * 1000;

describe('forms.file_key in the stored files registry', () => {
  it('the sweep keeps live and trashed forms’ files and removes a file no row names', async () => {
    const storage = createLocalStorage(t.filesRoot);
    const silent = pino({ level: 'silent' });
    const sweep = createFileSweep({ db: t.database.db, storage, logger: silent, clock, references: [formStoredFiles] });
    const asViewer = await t.as('viewer');
    const live = await uploadedForm(asViewer, { title: 'Kept live' });
    const trashed = await uploadedForm(asViewer, { title: 'Kept in the trash' });
    expect((await (await t.as('admin'))({ method: 'DELETE', url: `/api/forms/${trashed.id}` })).statusCode).toBe(200);
    const orphan = await storage.put(Readable.from([pdfBytes(900)]));
    await storage.commit(orphan.key);
    const keyOf = async (id: number) =>
      (await t.database.db.select({ key: forms.file_key }).from(forms).where(eq(forms.id, id)))[0]!.key;
    const [liveKey, trashedKey] = [await keyOf(live.id), await keyOf(trashed.id)];

    expect([...(await formStoredFiles.referenced(t.database.db, [liveKey, trashedKey, orphan.key]))].sort()).toEqual(
      [liveKey, trashedKey].sort(),
    );
    const page = await formStoredFiles.page(t.database.db, '', 100);
    expect(page).toEqual(
      expect.arrayContaining([
        { key: liveKey, row: `forms ${live.id}` },
        { key: trashedKey, row: `forms ${trashed.id}` },
      ]),
    );
    expect(page.map((entry) => entry.key)).toEqual([...page.map((entry) => entry.key)].sort());

    clock.set(new Date(Date.now() + 2 * HOUR));
    const outcome = await sweep.sweep();
    expect(outcome).toMatchObject({ orphans: 1, missing: 0 });
    const permanent: string[] = [];
    for await (const entry of storage.listPermanent()) permanent.push(entry.key);
    expect(permanent).toEqual(expect.arrayContaining([liveKey, trashedKey]));
    expect(permanent).not.toContain(orphan.key);
  });
});
