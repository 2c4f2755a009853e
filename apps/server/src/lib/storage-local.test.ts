import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { entriesNotOwnerOnly } from '../test/owner-only-modes.js';
import { createLocalStorage } from './storage-local.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'srpf-storage-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('local file storage', () => {
  const storage = createLocalStorage(path.join(root, 'files'));

  it('stores under a generated key, readable only once committed, and deletes', async () => {
    const content = Buffer.from('%PDF-1.7 some bytes');
    const stored = await storage.put(Readable.from([content]));
    expect(stored).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{32}$/),
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    expect(await storage.get(stored.key)).toBeNull();
    await storage.commit(stored.key);
    const file = await storage.get(stored.key);
    expect(file?.size).toBe(content.length);
    expect(await read(file!.stream)).toEqual(content);
    expect(await storage.size(stored.key)).toBe(content.length);
    await storage.delete(stored.key);
    expect(await storage.get(stored.key)).toBeNull();
    await storage.delete(stored.key);
  });

  it('discards a temporary file and leaves nothing of a failed stream', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('abc')]));
    await storage.discard(stored.key);
    await storage.discard(stored.key);
    const failing = new PassThrough();
    const pending = storage.put(failing);
    failing.write('partial');
    failing.destroy(new Error('client went away'));
    await expect(pending).rejects.toThrow('client went away');
    expect(readdirSync(path.join(root, 'files', 'tmp'))).toEqual([]);
  });

  it('never turns anything but its own keys into a path', async () => {
    for (const key of ['../../etc/passwd', 'ABCDEF', '', `${'a'.repeat(31)}/`]) {
      await expect(storage.get(key)).rejects.toThrow('Not a storage key');
      await expect(storage.delete(key)).rejects.toThrow('Not a storage key');
    }
  });

  it("keeps stored and temporary files to the server's user: folders 0700, files 0600, under the runner's umask of 022", async () => {
    const own = createLocalStorage(path.join(root, 'owner-only', 'files'));
    const committed = await own.put(Readable.from([Buffer.from('%PDF-1.7 a slip')]));
    await own.commit(committed.key);
    await own.put(Readable.from([Buffer.from('%PDF-1.7 an upload still arriving')]));
    expect(await entriesNotOwnerOnly(path.join(root, 'owner-only'))).toEqual([]);
  });

  it('touches the disk only when a file is stored', () => {
    createLocalStorage(path.join(root, 'never-used'));
    expect(existsSync(path.join(root, 'never-used'))).toBe(false);
  });
});
