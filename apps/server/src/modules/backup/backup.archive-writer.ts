import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ManifestEntry } from './backup.manifest.js';
import { BLOCK, encodeHeader, paddingAfter } from './backup.tar-format.js';

/**
 * Writes tar entries into an open file, hashing each entry's content as it goes. An entry whose size
 * is not known beforehand (a database dump streaming out of pg_dump) gets its header written once its
 * content is: the writer keeps the position of the header and fills it in afterwards.
 */
export interface ArchiveWriter {
  /** Appends an entry from a stream; with `size`, the stream must deliver exactly that many bytes. */
  add(name: string, content: Readable, size?: number): Promise<ManifestEntry>;
  /** Appends an entry held in memory. */
  addBuffer(name: string, content: Buffer): Promise<ManifestEntry>;
  /** Writes the end-of-archive blocks and flushes the file to disk. */
  finish(): Promise<void>;
}

export function createArchiveWriter(file: FileHandle, modifiedAt: Date): ArchiveWriter {
  let position = 0;

  async function writeAt(bytes: Buffer, at: number): Promise<void> {
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await file.write(bytes, written, bytes.length - written, at + written);
      written += bytesWritten;
    }
  }

  async function append(bytes: Buffer): Promise<void> {
    await writeAt(bytes, position);
    position += bytes.length;
  }

  async function add(name: string, content: Readable, size?: number): Promise<ManifestEntry> {
    const headerAt = position;
    position += BLOCK;
    const hash = createHash('sha256');
    let length = 0;
    for await (const chunk of content) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      hash.update(bytes);
      length += bytes.length;
      await append(bytes);
    }
    if (size !== undefined && length !== size)
      throw new Error(`${name} changed while it was being archived (${length} bytes read, ${size} expected)`);
    await append(Buffer.alloc(paddingAfter(length)));
    await writeAt(encodeHeader(name, length, modifiedAt), headerAt);
    return { name, size: length, sha256: hash.digest('hex') };
  }

  return {
    add,
    addBuffer: (name, content) => add(name, Readable.from([content]), content.length),
    async finish() {
      await append(Buffer.alloc(2 * BLOCK));
      await file.sync();
    },
  };
}
