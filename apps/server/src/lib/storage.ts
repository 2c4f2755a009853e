import type { Readable } from 'node:stream';

/** What storage knows of a file it holds. */
export interface StoredFile {
  /** The generated key the file has once committed; the caller may record it before committing. */
  key: string;
  size: number;
  sha256: string;
}

/**
 * Where uploaded files live (ARCHITECTURE.md, Files). Keys are generated here, never taken from user
 * input, and a file becomes readable in two steps: `put` streams it in under a temporary name and
 * answers the key it will have, so the database row can be written with that key; `commit(key)` then
 * makes it readable. A failed upload is `discard`ed, so it leaves nothing behind.
 */
export interface FileStorage {
  /** Streams the source into a temporary file; on any stream error the partial file is removed and the error rethrown. */
  put(source: Readable): Promise<StoredFile>;
  /** Makes a file `put` earlier readable under its key. */
  commit(key: string): Promise<void>;
  /** Removes a file `put` but not committed; a missing one is not an error. */
  discard(key: string): Promise<void>;
  /** A permanent file's content and size, or null when there is no such file. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** A permanent file's size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** Removes a permanent file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every permanent file, with when it was last written: for the orphan sweep. */
  listPermanent(): AsyncIterable<StoredEntry>;
  /** Every temporary file (an upload not yet committed or discarded), with when it was last written. */
  listTemporary(): AsyncIterable<StoredEntry>;
}

/** A file as the sweep sees it. */
export interface StoredEntry {
  key: string;
  modifiedAt: Date;
}
