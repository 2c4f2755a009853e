import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyArchive } from './backup.archive-reader.js';
import { createArchiveWriter } from './backup.archive-writer.js';
import { DamagedArchive } from './backup.errors.js';
import {
  ARCHIVE_FORMAT,
  MANIFEST_CHECKSUM_ENTRY,
  MANIFEST_ENTRY,
  PGLITE_ENTRY,
  type Manifest,
} from './backup.manifest.js';
import { assertRestorableHere } from './backup.release-check.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'srpf-archive-test-'));
const archive = path.join(scratch, 'small.tar');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const manifestOf = (entries: Manifest['entries'], latest: number | null = 1): Manifest => ({
  format: ARCHIVE_FORMAT,
  created_at: '2026-11-26T00:00:00.000Z',
  database: { kind: 'pglite', server_version: '18.6', migrations: { applied: 1, latest } },
  entries,
});

/** An archive laid out as `npm run backup` lays one out: the database, stored files, the manifest and its checksum. */
beforeAll(async () => {
  const file = await open(archive, 'wx');
  const writer = createArchiveWriter(file, new Date('2026-11-26T00:00:00Z'));
  const entries = [
    await writer.addBuffer(PGLITE_ENTRY, Buffer.from('not really a database, but bytes all the same')),
    await writer.addBuffer(`files/ab/${'ab'.repeat(16)}`, Buffer.from('%PDF-1.4 a stored file of some length')),
    await writer.addBuffer(`files/cd/${'cd'.repeat(16)}`, Buffer.alloc(0)),
  ];
  const manifest = Buffer.from(JSON.stringify(manifestOf(entries)));
  await writer.addBuffer(MANIFEST_ENTRY, manifest);
  await writer.addBuffer(MANIFEST_CHECKSUM_ENTRY, Buffer.from(createHash('sha256').update(manifest).digest('hex')));
  await writer.finish();
  await file.close();
});

describe('the archive', () => {
  it('is a tar that the system tar lists', async () => {
    expect((await verifyArchive(archive)).files.map((entry) => entry.name)).toEqual([
      `files/ab/${'ab'.repeat(16)}`,
      `files/cd/${'cd'.repeat(16)}`,
    ]);
    const listing = spawnSync('tar', ['-tf', archive], { encoding: 'utf8' });
    expect(listing.status).toBe(0);
    expect(listing.stdout.trim().split('\n')).toEqual([
      PGLITE_ENTRY,
      `files/ab/${'ab'.repeat(16)}`,
      `files/cd/${'cd'.repeat(16)}`,
      MANIFEST_ENTRY,
      MANIFEST_CHECKSUM_ENTRY,
    ]);
  });

  it('is refused whichever single byte changes: headers, contents, padding, manifest and end', async () => {
    const original = readFileSync(archive);
    const damaged = path.join(scratch, 'damaged.tar');
    let refused = 0;
    // Every 13th byte: each region of the archive is hit many times (13 is prime, so no block-aligned pattern is skipped).
    for (let at = 0; at < original.length; at += 13) {
      const bytes = Buffer.from(original);
      bytes[at] = bytes[at]! ^ 0x01;
      writeFileSync(damaged, bytes);
      await expect(verifyArchive(damaged), `byte ${at}`).rejects.toBeInstanceOf(DamagedArchive);
      refused += 1;
    }
    expect(refused).toBeGreaterThan(original.length / 14);
  });

  it('is refused when missing, cut short, or when something is appended', async () => {
    await expect(verifyArchive(path.join(scratch, 'none.tar'))).rejects.toThrow(
      `There is no archive at ${path.join(scratch, 'none.tar')}.`,
    );
    const original = readFileSync(archive);
    const cut = path.join(scratch, 'cut.tar');
    writeFileSync(cut, original.subarray(0, original.length - 512));
    await expect(verifyArchive(cut)).rejects.toThrow(/damaged/);
    writeFileSync(cut, Buffer.concat([original, Buffer.alloc(512)]));
    await expect(verifyArchive(cut)).rejects.toThrow(/its end is not as written/);
  });

  it('of a newer release (migrations this one does not know) is refused; an older one restores', async () => {
    await expect(assertRestorableHere(manifestOf([], Date.parse('2999-01-01')))).rejects.toThrow(
      /made by a newer release/,
    );
    await expect(assertRestorableHere(manifestOf([], 1))).resolves.toBeUndefined();
  });
});
