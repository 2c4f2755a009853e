import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { BackupRefusal, DamagedArchive } from './backup.errors.js';
import {
  FILES_FOLDER,
  MANIFEST_CHECKSUM_ENTRY,
  MANIFEST_ENTRY,
  ZManifest,
  databaseEntryOf,
  type Manifest,
} from './backup.manifest.js';
import { BLOCK, decodeHeader, paddingAfter } from './backup.tar-format.js';

/** An entry of the archive and where its content lies in the file. */
export interface ArchiveEntry {
  name: string;
  size: number;
  offset: number;
}

/** The largest manifest read into memory: far more than the entries of a million files. */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

export function readEntry(archive: string, entry: ArchiveEntry): Readable {
  // `end` is inclusive, so an empty range cannot be expressed with it.
  if (entry.size === 0) return Readable.from([]);
  return createReadStream(archive, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

async function sha256Of(content: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of content) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function bufferOf(archive: string, entry: ArchiveEntry): Promise<Buffer> {
  if (entry.size > MANIFEST_MAX_BYTES) throw new DamagedArchive(archive, `${entry.name} is too large`);
  const chunks: Buffer[] = [];
  for await (const chunk of readEntry(archive, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The entries of an archive, reading only its headers and padding. Every byte outside the entries'
 * content is checked here: each header as written, zero padding, two zero blocks at the end and
 * nothing after them.
 */
async function indexArchive(archive: string): Promise<ArchiveEntry[]> {
  const file = await open(archive, 'r').catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new BackupRefusal(`There is no archive at ${archive}.`) : error;
  });
  try {
    const { size: fileSize } = await file.stat();
    const entries: ArchiveEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    let offset = 0;
    for (;;) {
      if (offset + 2 * BLOCK > fileSize) throw new DamagedArchive(archive, 'it ends early');
      await file.read(block, 0, BLOCK, offset);
      let header;
      try {
        header = decodeHeader(block);
      } catch (error) {
        throw new DamagedArchive(archive, (error as Error).message);
      }
      if (header.end) {
        await file.read(block, 0, BLOCK, offset + BLOCK);
        if (!block.every((byte) => byte === 0) || offset + 2 * BLOCK !== fileSize)
          throw new DamagedArchive(archive, 'its end is not as written');
        return entries;
      }
      const contentAt = offset + BLOCK;
      const padding = paddingAfter(header.size);
      if (contentAt + header.size + padding > fileSize)
        throw new DamagedArchive(archive, `${header.name} is cut short`);
      if (padding > 0) {
        const fill = Buffer.alloc(padding);
        await file.read(fill, 0, padding, contentAt + header.size);
        if (!fill.every((byte) => byte === 0))
          throw new DamagedArchive(archive, `the padding after ${header.name} is damaged`);
      }
      if (entries.some((entry) => entry.name === header.name))
        throw new DamagedArchive(archive, `${header.name} appears twice`);
      entries.push({ name: header.name, size: header.size, offset: contentAt });
      offset = contentAt + header.size + padding;
    }
  } finally {
    await file.close();
  }
}

/** The manifest, once its own checksum and shape are checked. */
async function readManifest(archive: string, entries: ArchiveEntry[]): Promise<Manifest> {
  const [manifestEntry, checksumEntry] = entries.slice(-2);
  if (manifestEntry?.name !== MANIFEST_ENTRY || checksumEntry?.name !== MANIFEST_CHECKSUM_ENTRY) {
    throw new DamagedArchive(archive, 'it has no manifest at its end; was it made by npm run backup?');
  }
  const manifestBytes = await bufferOf(archive, manifestEntry);
  const expected = (await bufferOf(archive, checksumEntry)).toString('ascii').trim();
  if (createHash('sha256').update(manifestBytes).digest('hex') !== expected)
    throw new DamagedArchive(archive, 'the manifest does not match its checksum');
  let parsed;
  try {
    parsed = ZManifest.safeParse(JSON.parse(manifestBytes.toString('utf8')));
  } catch {
    throw new DamagedArchive(archive, 'the manifest is not JSON');
  }
  if (!parsed.success)
    throw new DamagedArchive(
      archive,
      `the manifest is not one this release reads (${parsed.error.issues[0]?.path.join('.')})`,
    );
  return parsed.data;
}

export interface VerifiedArchive {
  manifest: Manifest;
  /** The entries the manifest lists, in archive order: the database first, then the stored files. */
  entries: ArchiveEntry[];
  database: ArchiveEntry;
  files: ArchiveEntry[];
}

/**
 * Reads the whole archive and checks it against its manifest: the same entries in the same order,
 * each of its size and SHA-256. Throws DamagedArchive, naming what is wrong, before anything is
 * written anywhere.
 */
export async function verifyArchive(archive: string): Promise<VerifiedArchive> {
  const all = await indexArchive(archive);
  const manifest = await readManifest(archive, all);
  const entries = all.slice(0, -2);
  if (entries.length !== manifest.entries.length)
    throw new DamagedArchive(
      archive,
      `it holds ${entries.length} entries where its manifest lists ${manifest.entries.length}`,
    );
  for (const [index, listed] of manifest.entries.entries()) {
    const entry = entries[index]!;
    if (entry.name !== listed.name || entry.size !== listed.size)
      throw new DamagedArchive(archive, `${entry.name} is not the entry its manifest lists there (${listed.name})`);
    if ((await sha256Of(readEntry(archive, entry))) !== listed.sha256)
      throw new DamagedArchive(archive, `${entry.name} does not match its SHA-256`);
  }
  const [database, ...files] = entries;
  if (database?.name !== databaseEntryOf(manifest.database.kind))
    throw new DamagedArchive(archive, 'its first entry is not the database');
  const stray = files.find((entry) => !entry.name.startsWith(`${FILES_FOLDER}/`));
  if (stray) throw new DamagedArchive(archive, `${stray.name} is neither the database nor a stored file`);
  return { manifest, entries, database, files };
}
