import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { storedFileRemovals } from '../db/schema/index.js';
import { openTestDatabase } from '../test/test-database.js';
import { createFileRemovals, type FileReferenceCheck } from './file-removals.js';
import { createLogger } from './logger.js';
import { createLocalStorage } from './storage-local.js';
import type { FileStorage } from './storage.js';

let database: DatabaseHandle;
let root: string;
let storage: FileStorage;
/** Keys some row "still refers to", as the areas storing files would answer. */
const referencedKeys = new Set<string>();
/** Keys whose removal fails, as a disk refusing an unlink would. */
const failingKeys = new Set<string>();
const logLines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  root = mkdtempSync(path.join(os.tmpdir(), 'srpf-file-removals-'));
  storage = createLocalStorage(root);
});
beforeEach(async () => {
  referencedKeys.clear();
  failingKeys.clear();
  await database.db.delete(storedFileRemovals);
});
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const references: FileReferenceCheck = async (_executor, keys) =>
  new Set(keys.filter((key) => referencedKeys.has(key)));

function removals() {
  const flaky: FileStorage = {
    ...storage,
    async delete(key) {
      if (failingKeys.has(key)) throw Object.assign(new Error('EBUSY: resource busy'), { code: 'EBUSY' });
      await storage.delete(key);
    },
  };
  const logger = createLogger(
    'warn',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  );
  return createFileRemovals({ db: database.db, storage: flaky, logger, references: [references] });
}

async function storeFile(marker: string): Promise<string> {
  const file = await storage.put(Readable.from([Buffer.from(`%PDF-1.4\n% ${marker}\n`)]));
  await storage.commit(file.key);
  return file.key;
}

const stored = (key: string) => existsSync(path.join(root, key.slice(0, 2), key));
const recorded = async () =>
  (await database.db.select({ key: storedFileRemovals.file_key }).from(storedFileRemovals))
    .map((row) => row.key)
    .sort();

describe('file removals', () => {
  it('removes the files recorded in a committed transaction once asked, then their records', async () => {
    const fileRemovals = removals();
    const keys = [await storeFile('a'), await storeFile('b'), await storeFile('c')];
    // The same key twice, as two versions sharing one file give it: recorded once.
    await database.db.transaction(async (tx) => fileRemovals.request(tx, [...keys, keys[0]!]));
    expect(await recorded()).toEqual([...keys].sort());
    for (const key of keys) expect(stored(key)).toBe(true);

    expect(await fileRemovals.carryOut(keys)).toBe(3);
    for (const key of keys) expect(stored(key)).toBe(false);
    expect(await recorded()).toEqual([]);
    // Recording a key again (a second purge naming it) is harmless.
    await database.db.transaction(async (tx) => {
      await fileRemovals.request(tx, [keys[0]!]);
      await fileRemovals.request(tx, [keys[0]!]);
    });
    expect(await fileRemovals.drain()).toBe(1);
    expect(await recorded()).toEqual([]);
  });

  it('records nothing when the transaction rolls back, so the files of rows kept are kept', async () => {
    const fileRemovals = removals();
    const key = await storeFile('rolled back');
    await expect(
      database.db.transaction(async (tx) => {
        await fileRemovals.request(tx, [key]);
        throw new Error('the purge failed after recording');
      }),
    ).rejects.toThrow('the purge failed after recording');
    expect(await recorded()).toEqual([]);
    expect(await fileRemovals.drain()).toBe(0);
    expect(stored(key)).toBe(true);
  });

  it('does nothing for no keys', async () => {
    const fileRemovals = removals();
    await database.db.transaction(async (tx) => fileRemovals.request(tx, []));
    expect(await recorded()).toEqual([]);
    expect(await fileRemovals.carryOut([])).toBe(0);
    expect(await fileRemovals.drain()).toBe(0);
  });

  it('never removes a file some row still refers to, when carried out or drained', async () => {
    const fileRemovals = removals();
    const [kept, removed, keptToo] = [await storeFile('kept'), await storeFile('removed'), await storeFile('kept too')];
    referencedKeys.add(kept).add(keptToo);
    await database.db.transaction(async (tx) => fileRemovals.request(tx, [kept, removed]));
    expect(await fileRemovals.carryOut([kept, removed])).toBe(1);
    expect(stored(kept)).toBe(true);
    expect(stored(removed)).toBe(false);
    // Its record is settled: nothing is left to remove.
    expect(await recorded()).toEqual([]);

    await database.db.insert(storedFileRemovals).values({ file_key: keptToo });
    expect(await fileRemovals.drain()).toBe(0);
    expect(stored(keptToo)).toBe(true);
    expect(await recorded()).toEqual([]);
  });

  it('keeps the record of a removal that failed, so that a later drain finishes it', async () => {
    const fileRemovals = removals();
    const [stuck, fine] = [await storeFile('stuck'), await storeFile('fine')];
    failingKeys.add(stuck);
    await database.db.transaction(async (tx) => fileRemovals.request(tx, [stuck, fine]));
    logLines.length = 0;
    expect(await fileRemovals.carryOut([stuck, fine])).toBe(1);
    expect(stored(fine)).toBe(false);
    expect(stored(stuck)).toBe(true);
    expect(await recorded()).toEqual([stuck]);
    expect(logLines.join('')).toContain(stuck);

    // Still failing: the drain leaves it for the next pass (and returns).
    expect(await fileRemovals.drain()).toBe(0);
    expect(await recorded()).toEqual([stuck]);
    expect(stored(stuck)).toBe(true);

    failingKeys.clear();
    expect(await fileRemovals.drain()).toBe(1);
    expect(stored(stuck)).toBe(false);
    expect(await recorded()).toEqual([]);
  });

  it('drains more records than one pass holds', async () => {
    const fileRemovals = removals();
    const keys: string[] = [];
    for (let index = 0; index < 520; index += 1) keys.push(await storeFile(`bulk ${index}`));
    await database.db.transaction(async (tx) => fileRemovals.request(tx, keys));
    expect(await fileRemovals.drain()).toBe(520);
    expect(keys.filter(stored)).toEqual([]);
    expect(await recorded()).toEqual([]);
  });
});
