import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.js';

/**
 * Migrates one embedded database and keeps a snapshot of it, so each test file starts from a clean,
 * migrated copy in milliseconds instead of running initdb and the migrations again.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-test-'));
  const snapshot = path.join(folder, 'migrated.tar.gz');
  if (!process.env.TEST_DATABASE_URL) {
    const database = await openPglite();
    await database.migrate();
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
    const blob = await client.dumpDataDir('gzip');
    writeFileSync(snapshot, Buffer.from(await blob.arrayBuffer()));
    await database.close();
  }
  project.provide('pgliteSnapshot', snapshot);
  return () => rmSync(folder, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}
