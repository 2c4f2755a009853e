import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { startBuiltServer, type RunningServer } from '@srpf/test-kit';
import { ADMIN } from './fixtures.js';

/**
 * A built server of one browser test file on its own data folder (the default `outbox` provider),
 * whose people are created through the API and whose records are then written straight into its
 * embedded database while it is stopped (the database admits one process at a time); it starts again
 * on the same folder. `whileStopped` does the same later (to read what the server stored).
 */
export interface SeededServer {
  /** The running server (a new one, on another port, after each restart). */
  readonly server: RunningServer;
  readonly dataDir: string;
  whileStopped<T>(work: (dataDir: string) => Promise<T>): Promise<T>;
  /** Stops the server and removes its data folder. */
  dispose(): Promise<void>;
}

export async function startSeededServer(
  playwright: PlaywrightWorkerArgs['playwright'],
  options: {
    /** E2E_SUITE, and the data folder's name. */
    suite: string;
    createPeople: (request: APIRequestContext) => Promise<void>;
    /** Writes into the stopped server's database (its data folder). */
    seed: (dataDir: string) => Promise<void>;
  },
): Promise<SeededServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `srpf-e2e-${options.suite}-`));
  const start = () => startBuiltServer({ admin: ADMIN, dataDir, env: { E2E_SUITE: options.suite } });
  let server: RunningServer | undefined = await start();
  const whileStopped = async <T>(work: (folder: string) => Promise<T>): Promise<T> => {
    await server?.stop();
    server = undefined;
    const result = await work(dataDir);
    server = await start();
    return result;
  };
  try {
    const request = await playwright.request.newContext({ baseURL: server.baseUrl });
    try {
      await options.createPeople(request);
    } finally {
      await request.dispose();
    }
    await whileStopped(options.seed);
  } catch (error) {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    get server() {
      if (!server) throw new Error(`The ${options.suite} server is stopped`);
      return server;
    },
    dataDir,
    whileStopped,
    dispose: async () => {
      await server?.stop();
      server = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
