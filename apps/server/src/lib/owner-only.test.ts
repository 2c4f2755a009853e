import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { entriesNotOwnerOnly } from '../test/owner-only-modes.js';
import { secureDataDir, tightenToOwner } from './owner-only.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'srpf-owner-only-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const modeOf = (target: string) => statSync(target).mode & 0o7777;

function writeWithMode(file: string, mode: number): void {
  writeFileSync(file, 'content');
  chmodSync(file, mode);
}

it("takes the group's and others' bits from every folder and file below, counting what it changed", async () => {
  const root = path.join(scratch, 'tree');
  mkdirSync(path.join(root, 'db', 'pg_wal'), { recursive: true });
  mkdirSync(path.join(root, 'files', 'ab'), { recursive: true });
  for (const folder of [root, path.join(root, 'db'), path.join(root, 'db', 'pg_wal'), path.join(root, 'files')])
    chmodSync(folder, 0o755);
  chmodSync(path.join(root, 'files', 'ab'), 0o700);
  writeWithMode(path.join(root, 'db', 'pg_wal', '000000010000000000000001'), 0o666);
  writeWithMode(path.join(root, 'files', 'ab', 'ab01'), 0o644);
  writeWithMode(path.join(root, 'files', 'ab', 'ab02'), 0o600);
  writeWithMode(path.join(root, 'db', 'read-only'), 0o444);

  // Four folders and three files were open to others; one folder and one file were not.
  expect(await tightenToOwner(root)).toBe(7);
  expect(await entriesNotOwnerOnly(root)).toEqual(['db/read-only 0400']);
  expect(await tightenToOwner(root)).toBe(0);
});

it('neither changes nor follows a symbolic link: what it points to may lie outside', async () => {
  const outside = path.join(scratch, 'outside.txt');
  writeWithMode(outside, 0o644);
  const root = path.join(scratch, 'with-link');
  mkdirSync(root, { mode: 0o700 });
  chmodSync(root, 0o700);
  symlinkSync(outside, path.join(root, 'link'));
  symlinkSync(scratch, path.join(root, 'folder-link'));

  expect(await tightenToOwner(root)).toBe(0);
  expect(modeOf(outside)).toBe(0o644);
});

it('makes a missing DATA_DIR owner-only, whatever the umask (022 here)', async () => {
  const dataDir = path.join(scratch, 'fresh', 'data');
  expect(await secureDataDir(dataDir)).toBe(0);
  expect(modeOf(dataDir)).toBe(0o700);
});

it('follows DATA_DIR when it is a symbolic link, and its own parts (files/ on another disk), but no link deeper down', async () => {
  const real = path.join(scratch, 'real-data');
  const elsewhere = path.join(scratch, 'other-disk-files');
  const deeper = path.join(scratch, 'deeper-target.txt');
  mkdirSync(path.join(real, 'db'), { recursive: true });
  mkdirSync(elsewhere, { recursive: true });
  chmodSync(real, 0o755);
  chmodSync(path.join(real, 'db'), 0o755);
  chmodSync(elsewhere, 0o755);
  writeWithMode(path.join(real, 'db', 'pg_control'), 0o666);
  writeWithMode(path.join(elsewhere, 'slip.pdf'), 0o644);
  writeWithMode(deeper, 0o644);
  symlinkSync(elsewhere, path.join(real, 'files'));
  symlinkSync(deeper, path.join(real, 'db', 'a-link'));
  const link = path.join(scratch, 'data-link');
  symlinkSync(real, link);

  // DATA_DIR, db, pg_control, and through the link files/ and its PDF.
  expect(await secureDataDir(link)).toBe(5);
  expect([modeOf(real), modeOf(path.join(real, 'db')), modeOf(path.join(real, 'db', 'pg_control'))]).toEqual([
    0o700, 0o700, 0o600,
  ]);
  expect([modeOf(elsewhere), modeOf(path.join(elsewhere, 'slip.pdf'))]).toEqual([0o700, 0o600]);
  expect(modeOf(deeper)).toBe(0o644);
});
