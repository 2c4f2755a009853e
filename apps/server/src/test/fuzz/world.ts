import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-app.js';
import { signInActors, type Actors } from './actors.js';
import type { FuzzCase } from './cases.js';
import { fileChanges, fileChecksums, type FileChecksums } from './file-checksums.js';
import { readOperations, type ApiDocument, type Operation } from './operations.js';
import { freshRecords } from './records.js';
import { describeTableChanges, watchTables } from './table-changes.js';

/**
 * The server the suite fuzzes: a test app on its own database and data folder, with no request
 * limits (the suite sends thousands from one address), its operations read from its own route table
 * and API document, the watch on its tables and files, and the actors and records cases name.
 */
export interface FuzzWorld {
  t: TestApp;
  operations: Operation[];
  /** Actors and records for the next batch: built again when a case changed anything since they were. */
  prepareBatch(): Promise<{ actors: Actors; ids: number[] }>;
  /** What changed in the tables and the files since the last look, one line each; empty when nothing did. */
  changes(): Promise<string[]>;
  send(fuzzCase: FuzzCase): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createFuzzWorld(): Promise<FuzzWorld> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-fuzz-'));
  const t = await createTestApp({ dataDir, apiRateLimit: 1_000_000_000, lookupRateLimit: 1_000_000_000 });
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<ApiDocument>();
  const operations = readOperations(t.app.printRoutes({ commonPrefix: false }), document);
  const tableChanges = await watchTables(t.database.db);
  const checksums = fileChecksums(path.join(dataDir, 'files'));
  let files: FileChecksums = await checksums();
  let batch: { actors: Actors; ids: number[] } | undefined;
  let changedSinceBatch = false;

  async function changes(): Promise<string[]> {
    const now = await checksums();
    const found = [...describeTableChanges(await tableChanges()), ...fileChanges(files, now)];
    files = now;
    if (found.length > 0) changedSinceBatch = true;
    return found;
  }

  return {
    t,
    operations,
    async prepareBatch() {
      // Whatever the last case left behind after its answer counts as a change too.
      await changes();
      if (!batch || changedSinceBatch) {
        const actors = await signInActors(t);
        batch = { actors, ids: await freshRecords(t, dataDir, actors.ids) };
        await changes();
        changedSinceBatch = false;
      }
      return batch;
    },
    changes,
    send(fuzzCase) {
      const headers: Record<string, string> = {};
      if (fuzzCase.payload.contentType !== undefined) headers['content-type'] = fuzzCase.payload.contentType;
      if (fuzzCase.role === 'forged') headers.authorization = fuzzCase.forgedAuthorization;
      else if (fuzzCase.role !== 'signed_out') headers.authorization = `Bearer ${batch!.actors.tokens[fuzzCase.role]}`;
      return t.app.inject({
        method: fuzzCase.method as InjectOptions['method'],
        url: fuzzCase.url,
        headers,
        payload: fuzzCase.payload.bytes,
        remoteAddress: fuzzCase.remoteAddress,
      });
    },
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
