import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { LIBRARIES, LIBRARY_RECORD_KEYS, type Library } from '@srpf/shared';
import type { DatabaseHandle } from '../../db/client.js';
import {
  libraryCategories,
  libraryDocuments,
  libraryDocumentVersions,
  librarySubcategories,
  storedFileRemovals,
} from '../../db/schema/index.js';
import { pdfBytes } from '../../test/library-fixtures.js';
import type { MultipartPart } from '../../test/multipart.js';
import {
  call,
  expectStatus,
  kill,
  serverSandbox,
  signIn,
  stop,
  type Answer,
  type ServerProcess as Server,
} from '../../test/server-process.js';

/**
 * The crash check of the documents issue: the real server (src/main.ts, through tsx as the other
 * process tests run it) is killed with SIGKILL at a random moment while it purges items of the trash,
 * and again while it restores some, then started again on the same DATA_DIR. After each restart no
 * row may name a file missing from DATA_DIR/files, no file there may be named by no row, and every
 * item is either wholly purged (restored) or wholly as it was: whatever moment the kill hit.
 *
 * The embedded database is opened by one process at a time, so its rows are read here between two
 * runs of the server; on PostgreSQL (TEST_DATABASE_URL) the server and this test share a database.
 */

/** Documents per folder: half directly in the category, half in its subcategory; each with two versions. */
const DOCUMENTS_PER_FOLDER = 4;

const sandbox = serverSandbox('srpf-trash-crash-');
const { filesRoot } = sandbox;
const startServer = () => sandbox.start();
const withDatabase = <T>(read: (db: DatabaseHandle['db']) => Promise<T>) => sandbox.withDatabase(read);

afterAll(() => sandbox.dispose());

// ---------------------------------------------------------------------------------------------
// What the test builds through the API

interface SeededDocument {
  id: number;
  library: Library;
  /** The PDF of version 1, then of version 2 (the current one). */
  versions: [Buffer, Buffer];
}

interface SeededFolder {
  label: string;
  library: Library;
  categoryId: number;
  subcategoryId: number;
  documents: SeededDocument[];
}

const pdfOf = (marker: string) => pdfBytes(3000 + marker.length, marker);

async function uploadDocument(
  running: Server,
  token: string,
  library: Library,
  title: string,
  place: { category_id: number; subcategory_id?: number },
): Promise<SeededDocument> {
  const first = pdfOf(`${title} v1`);
  const second = pdfOf(`${title} v2`);
  const fields = {
    title,
    effective_date: '2026-11-21',
    category_id: String(place.category_id),
    ...(place.subcategory_id ? { subcategory_id: String(place.subcategory_id) } : {}),
  };
  const parts = (content: Buffer): MultipartPart[] => [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'pdf_file', filename: `${title}.pdf`, contentType: 'application/pdf', content },
  ];
  const created = await expectStatus(
    call(running, 'POST', `/api/${library}/upload`, { token, multipart: parts(first) }),
    201,
  );
  const id = created.json<{ data: Record<string, { id: number }> }>().data[LIBRARY_RECORD_KEYS[library]]!.id;
  // A new PDF: version 2, and version 1's file stays.
  await expectStatus(
    call(running, 'PUT', `/api/${library}/${id}`, {
      token,
      multipart: [{ name: 'pdf_file', filename: `${title}-2.pdf`, contentType: 'application/pdf', content: second }],
    }),
    200,
  );
  return { id, library, versions: [first, second] };
}

async function seedFolder(
  running: Server,
  token: string,
  library: Library,
  label: string,
  documentCount = DOCUMENTS_PER_FOLDER,
): Promise<SeededFolder> {
  const category = await expectStatus(
    call(running, 'POST', `/api/${library}/categories`, { token, json: { name: `Crash ${label}` } }),
    201,
  );
  const categoryId = category.json<{ data: { category: { id: number } } }>().data.category.id;
  const subcategory = await expectStatus(
    call(running, 'POST', `/api/${library}/subcategories`, {
      token,
      json: { category_id: categoryId, name: `Crash ${label} sub` },
    }),
    201,
  );
  const subcategoryId = subcategory.json<{ data: { subcategory: { id: number } } }>().data.subcategory.id;
  const documents: SeededDocument[] = [];
  for (let index = 0; index < documentCount; index += 1) {
    const inSubcategory = index % 2 === 1;
    documents.push(
      await uploadDocument(running, token, library, `${label} document ${index}`, {
        category_id: categoryId,
        ...(inSubcategory ? { subcategory_id: subcategoryId } : {}),
      }),
    );
  }
  return { label, library, categoryId, subcategoryId, documents };
}

// ---------------------------------------------------------------------------------------------
// What must hold after every restart

/** The keys of the final files in storage (DATA_DIR/files/<2 letters>/<key>; tmp/ is not final). */
function filesOnDisk(): Set<string> {
  const keys = new Set<string>();
  let folders: string[];
  try {
    folders = readdirSync(filesRoot);
  } catch {
    return keys;
  }
  for (const folder of folders) {
    if (folder === 'tmp') continue;
    for (const file of readdirSync(path.join(filesRoot, folder))) keys.add(file);
  }
  return keys;
}

/** Rows naming a missing file, files named by no row, and removals still waiting (a drain runs at every start). */
async function storageProblems(db: DatabaseHandle['db']) {
  const current = await db
    .select({ key: libraryDocuments.file_key })
    .from(libraryDocuments)
    .where(isNotNull(libraryDocuments.file_key));
  const versions = await db
    .select({ key: libraryDocumentVersions.file_key })
    .from(libraryDocumentVersions)
    .where(isNotNull(libraryDocumentVersions.file_key));
  const referenced = new Set([...current, ...versions].map((row) => row.key!));
  const onDisk = filesOnDisk();
  const waiting = await db.select({ key: storedFileRemovals.file_key }).from(storedFileRemovals);
  return {
    rowsWithoutFile: [...referenced].filter((key) => !onDisk.has(key)),
    filesWithoutRow: [...onDisk].filter((key) => !referenced.has(key)),
    removalsWaiting: waiting.map((row) => row.key),
    files: onDisk.size,
  };
}

/** Where one folder stands: gone, in the trash, or live; with the state of its documents and their versions. */
async function folderState(db: DatabaseHandle['db'], folder: SeededFolder) {
  const ids = folder.documents.map((document) => document.id);
  const [category] = await db.select().from(libraryCategories).where(eq(libraryCategories.id, folder.categoryId));
  const [subcategory] = await db
    .select()
    .from(librarySubcategories)
    .where(eq(librarySubcategories.id, folder.subcategoryId));
  const documents = await db.select().from(libraryDocuments).where(inArray(libraryDocuments.id, ids));
  const [versions] = await db
    .select({ n: count() })
    .from(libraryDocumentVersions)
    .where(inArray(libraryDocumentVersions.document_id, ids));
  const state = (deletedAt: Date | null | undefined) =>
    deletedAt === undefined ? 'gone' : deletedAt === null ? 'live' : 'trash';
  return {
    category: state(category?.deleted_at),
    subcategory: state(subcategory?.deleted_at),
    documents: documents.length === 0 ? ['gone'] : [...new Set(documents.map((row) => state(row.deleted_at)))],
    documentRows: documents.length,
    versionRows: versions!.n,
    trashedWithFolder: [...new Set(documents.map((row) => row.trashed_with_folder))],
  };
}

async function documentState(db: DatabaseHandle['db'], document: SeededDocument) {
  const [row] = await db.select().from(libraryDocuments).where(eq(libraryDocuments.id, document.id));
  const [versions] = await db
    .select({ n: count() })
    .from(libraryDocumentVersions)
    .where(eq(libraryDocumentVersions.document_id, document.id));
  return { state: row === undefined ? 'gone' : row.deleted_at === null ? 'live' : 'trash', versionRows: versions!.n };
}

/** Every current and earlier PDF of these live documents comes back byte for byte. */
async function expectDownloads(running: Server, token: string, documents: SeededDocument[]) {
  for (const document of documents) {
    const current = await expectStatus(
      call(running, 'GET', `/api/${document.library}/${document.id}/file`, { token }),
      200,
    );
    expect(current.body.equals(document.versions[1]), `document ${document.id}`).toBe(true);
    const first = await expectStatus(
      call(running, 'GET', `/api/${document.library}/${document.id}/versions/1/file`, { token }),
      200,
    );
    expect(first.body.equals(document.versions[0]), `document ${document.id} version 1`).toBe(true);
  }
}

// ---------------------------------------------------------------------------------------------
// Requests cut by a kill

interface Fired {
  name: string;
  /** The status it got, or null when the kill cut it. */
  answered: number | null;
}

/**
 * Sends these requests together and kills the server at a random moment while it works through them:
 * once a random number of them (none to all but two) has been answered, within a random part of half
 * the time one of them takes alone. Answers what each request got, and when the kill came.
 */
async function killWhileWorking(
  running: Server,
  requests: { name: string; send: () => Promise<Answer> }[],
  oneMs: number,
): Promise<{ fired: Fired[]; moment: string }> {
  const answers = Math.floor(Math.random() * (requests.length - 1));
  const delayMs = Math.floor((Math.random() * oneMs) / 2);
  let answeredSoFar = 0;
  let reached: () => void = () => undefined;
  const enough = new Promise<void>((resolve) => (reached = resolve));
  if (answers === 0) reached();
  const fired = requests.map(({ name, send }) => {
    const record: Fired = { name, answered: null };
    const done = send().then(
      (answer) => {
        record.answered = answer.status;
        answeredSoFar += 1;
        if (answeredSoFar === answers) reached();
      },
      () => undefined,
    );
    return { record, done };
  });
  await enough;
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  await kill(running);
  await Promise.all(fired.map(({ done }) => done));
  const records = fired.map(({ record }) => record);
  return {
    fired: records,
    moment: `killed ${delayMs} ms after answer ${answers} of ${requests.length} (one takes about ${oneMs} ms): ${JSON.stringify(records)}`,
  };
}

// ---------------------------------------------------------------------------------------------

it('leaves no row without its file and no file without its row when killed while purging or restoring', async () => {
  // A new database: on PostgreSQL, shared with this test; embedded, from the migrated snapshot the
  // other tests start from (the server's own migrations then find nothing to do).
  await sandbox.prepare();

  // Run 1: documents with two PDF versions each in folders, some of them then moved to the trash.
  let running = await startServer();
  const token = await signIn(running);
  const library = (index: number) => LIBRARIES[index % LIBRARIES.length]!;

  const control = await seedFolder(running, token, 'orders', 'Control');
  // The last folder to purge is larger: its files take longer to remove, after its rows are gone.
  const toPurge: SeededFolder[] = [];
  for (let index = 0; index < 5; index += 1)
    toPurge.push(
      await seedFolder(
        running,
        token,
        library(index),
        `Purge ${index}`,
        index === 4 ? 3 * DOCUMENTS_PER_FOLDER : DOCUMENTS_PER_FOLDER,
      ),
    );
  const toRestore: SeededFolder[] = [];
  for (let index = 0; index < 5; index += 1)
    toRestore.push(await seedFolder(running, token, library(index), `Restore ${index}`));
  // Documents trashed on their own, out of the control folder: purged or restored beside the folders.
  const alone = { purge: [] as SeededDocument[], restore: [] as SeededDocument[] };
  for (let index = 0; index < 3; index += 1) {
    alone.purge.push(
      await uploadDocument(running, token, 'circulars', `Alone purge ${index}`, {
        category_id: (await seedFolderless(running, token, 'circulars')).id,
      }),
    );
    alone.restore.push(
      await uploadDocument(running, token, 'government-decisions', `Alone restore ${index}`, {
        category_id: (await seedFolderless(running, token, 'government-decisions')).id,
      }),
    );
  }
  for (const folder of [...toPurge, ...toRestore])
    await expectStatus(
      call(running, 'DELETE', `/api/${folder.library}/categories/${folder.categoryId}`, { token }),
      200,
    );
  for (const document of [...alone.purge, ...alone.restore])
    await expectStatus(call(running, 'DELETE', `/api/${document.library}/${document.id}`, { token }), 200);

  // Two purges to their end, the second timed (the first warms the server up); then the others, cut by a kill.
  const [warmUp, timed, ...doomed] = toPurge;
  await expectStatus(call(running, 'DELETE', `/api/trash/category/${warmUp!.categoryId}`, { token }), 200);
  const started = Date.now();
  await expectStatus(call(running, 'DELETE', `/api/trash/category/${timed!.categoryId}`, { token }), 200);
  const purges = [
    ...doomed.map((folder) => ({
      name: `category ${folder.label}`,
      send: () => call(running, 'DELETE', `/api/trash/category/${folder.categoryId}`, { token }),
    })),
    ...alone.purge.map((document) => ({
      name: `document ${document.id}`,
      send: () => call(running, 'DELETE', `/api/trash/document/${document.id}`, { token }),
    })),
  ];
  const { fired: purged, moment: context } = await killWhileWorking(running, purges, Date.now() - started);

  // Run 2: started again on the same DATA_DIR. The trash answers as the rows say.
  running = await startServer();
  const trashAfterPurges = await trashItems(running, token);
  await expectDownloads(running, token, control.documents);
  if (!sandbox.shared) await stop(running);

  await withDatabase(async (db) => {
    expect(await storageProblems(db), context).toMatchObject({
      rowsWithoutFile: [],
      filesWithoutRow: [],
      removalsWaiting: [],
    });
    for (const folder of [warmUp!, timed!])
      expect(await folderState(db, folder)).toMatchObject({
        category: 'gone',
        subcategory: 'gone',
        documents: ['gone'],
        versionRows: 0,
      });
    for (const [index, folder] of doomed.entries()) {
      const state = await folderState(db, folder);
      const answered = purged[index]!.answered;
      // Wholly purged, or wholly in the trash as it was: never a part of it.
      if (state.category === 'gone' || answered === 200) {
        expect(state, `${folder.label}; ${context}`).toMatchObject({
          category: 'gone',
          subcategory: 'gone',
          documents: ['gone'],
          versionRows: 0,
        });
        expect(trashAfterPurges.some((item) => item.kind === 'category' && item.id === folder.categoryId)).toBe(false);
      } else {
        expect(state, `${folder.label}; ${context}`).toEqual({
          category: 'trash',
          subcategory: 'trash',
          documents: ['trash'],
          documentRows: folder.documents.length,
          versionRows: 2 * folder.documents.length,
          trashedWithFolder: [true],
        });
        expect(trashAfterPurges).toContainEqual(
          expect.objectContaining({ kind: 'category', id: folder.categoryId, documents: folder.documents.length }),
        );
      }
    }
    for (const [index, document] of alone.purge.entries()) {
      const state = await documentState(db, document);
      if (state.state === 'gone' || purged[doomed.length + index]!.answered === 200)
        expect(state, context).toEqual({ state: 'gone', versionRows: 0 });
      else expect(state, context).toEqual({ state: 'trash', versionRows: 2 });
    }
    expect(await folderState(db, control)).toMatchObject({
      category: 'live',
      documents: ['live'],
      versionRows: 2 * DOCUMENTS_PER_FOLDER,
    });
  });

  // Run 3: two restores to their end, the second timed; then the others, cut by a kill.
  running = sandbox.shared ? running : await startServer();
  const [restoredFirst, restoredTimed, ...cut] = toRestore;
  let restoreMs = 0;
  for (const folder of [restoredFirst!, restoredTimed!]) {
    const restoreStarted = Date.now();
    const restoredAnswer = await expectStatus(
      call(running, 'POST', '/api/trash/restore', { token, json: { kind: 'category', id: folder.categoryId } }),
      200,
    );
    restoreMs = Date.now() - restoreStarted;
    expect(restoredAnswer.json<{ data: unknown }>().data).toEqual({
      restored: {
        kind: 'category',
        id: folder.categoryId,
        library: folder.library,
        documents: folder.documents.length,
        moved_to_root: false,
      },
    });
  }
  const restores = [
    ...cut.map((folder) => ({
      name: `category ${folder.label}`,
      send: () =>
        call(running, 'POST', '/api/trash/restore', { token, json: { kind: 'category', id: folder.categoryId } }),
    })),
    ...alone.restore.map((document) => ({
      name: `document ${document.id}`,
      send: () => call(running, 'POST', '/api/trash/restore', { token, json: { kind: 'document', id: document.id } }),
    })),
  ];
  const { fired: restored, moment: restoreContext } = await killWhileWorking(running, restores, restoreMs);

  // Run 4: started again. What came back is whole and its files read back byte for byte.
  running = await startServer();
  await expectDownloads(running, token, [...restoredFirst!.documents, ...restoredTimed!.documents]);
  const trashAfterRestores = await trashItems(running, token);
  if (!sandbox.shared) await stop(running);
  const afterRestores = await withDatabase(async (db) => {
    expect(await storageProblems(db), restoreContext).toMatchObject({
      rowsWithoutFile: [],
      filesWithoutRow: [],
      removalsWaiting: [],
    });
    return readRestores(db);
  });
  for (const [index, folder] of cut.entries()) {
    const state = afterRestores.states[index]!;
    // Wholly restored or wholly still in the trash; an answered restore stays restored.
    expect(state, `${folder.label}; ${restoreContext}`).toMatchObject({
      subcategory: state.category,
      documents: [state.category],
      documentRows: folder.documents.length,
      versionRows: 2 * folder.documents.length,
    });
    expect(['live', 'trash']).toContain(state.category);
    expect(state.trashedWithFolder).toEqual([state.category === 'trash']);
    if (restored[index]!.answered === 200) expect(state.category, restoreContext).toBe('live');
    expect(trashAfterRestores.some((item) => item.kind === 'category' && item.id === folder.categoryId)).toBe(
      state.category === 'trash',
    );
  }
  for (const [index, document] of alone.restore.entries()) {
    const state = afterRestores.lone[index]!;
    expect(state.versionRows).toBe(2);
    expect(['live', 'trash']).toContain(state.state);
    if (restored[cut.length + index]!.answered === 200) expect(state.state, restoreContext).toBe('live');
    expect(trashAfterRestores.some((item) => item.kind === 'document' && item.id === document.id)).toBe(
      state.state === 'trash',
    );
  }

  // And the trash works on: what the kills left there is restored (its PDFs intact) or purged now.
  running = sandbox.shared ? running : await startServer();
  for (const [index, folder] of cut.entries()) {
    if (afterRestores.states[index]!.category === 'trash')
      await expectStatus(
        call(running, 'POST', '/api/trash/restore', { token, json: { kind: 'category', id: folder.categoryId } }),
        200,
      );
  }
  for (const [index, document] of alone.restore.entries()) {
    if (afterRestores.lone[index]!.state === 'trash')
      await expectStatus(
        call(running, 'POST', '/api/trash/restore', { token, json: { kind: 'document', id: document.id } }),
        200,
      );
  }
  await expectDownloads(running, token, [...cut.flatMap((folder) => folder.documents), ...alone.restore]);
  for (const item of await trashItems(running, token))
    await expectStatus(call(running, 'DELETE', `/api/trash/${item.kind}/${item.id}`, { token }), 200);
  expect(await trashItems(running, token)).toEqual([]);
  if (!sandbox.shared) await stop(running);
  await withDatabase(async (db) => {
    expect(await storageProblems(db)).toEqual({
      rowsWithoutFile: [],
      filesWithoutRow: [],
      removalsWaiting: [],
      files: 2 * DOCUMENTS_PER_FOLDER * (1 + toRestore.length) + 2 * alone.restore.length,
    });
  });
  if (sandbox.shared) await stop(running);

  async function readRestores(db: DatabaseHandle['db']) {
    const states = [];
    for (const folder of cut) states.push(await folderState(db, folder));
    const lone = [];
    for (const document of alone.restore) lone.push(await documentState(db, document));
    return { states, lone };
  }
}, 180_000);

/** A category to hold one document trashed on its own (the category itself stays). */
async function seedFolderless(running: Server, token: string, library: Library): Promise<{ id: number }> {
  const name = `Holder ${Math.random().toString(36).slice(2, 10)}`;
  const answer = await expectStatus(
    call(running, 'POST', `/api/${library}/categories`, { token, json: { name } }),
    201,
  );
  return answer.json<{ data: { category: { id: number } } }>().data.category;
}

/** Every item in the trash of every library. */
async function trashItems(running: Server, token: string): Promise<{ kind: string; id: number; documents: number }[]> {
  const items = [];
  for (const library of LIBRARIES) {
    const answer = await expectStatus(call(running, 'GET', `/api/trash?library=${library}&limit=100`, { token }), 200);
    items.push(...answer.json<{ data: { kind: string; id: number; documents: number }[] }>().data);
  }
  return items;
}
