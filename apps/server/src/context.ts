import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { clock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import type { FileStorage } from './lib/storage.js';
import { createLocalStorage } from './lib/storage-local.js';

/**
 * What every service may use and nothing more: the configuration, the database, the clock, the log
 * and the file store. Services get each other from the registry (services.ts), never from here.
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  clock: typeof clock;
  logger: Logger;
  /** Uploaded files (the libraries' PDFs): a folder under DATA_DIR, outside anything served. */
  storage: FileStorage;
}

/** `logStream` lets tests read the logs; the server logs to stdout. */
export function createContext(config: Config, database: DatabaseHandle, options: { logStream?: NodeJS.WritableStream } = {}): AppContext {
  return {
    config,
    database,
    db: database.db,
    clock,
    logger: createLogger(config.logLevel, options.logStream),
    storage: createLocalStorage(path.join(config.dataDir, 'files')),
  };
}
