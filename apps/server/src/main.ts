import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHttpApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext, startBackground, stopBackground } from './context.js';
import { openDatabase } from './db/client.js';
import { createPasswordHasher } from './lib/passwords.js';
import { processHttpStats } from './lib/health/http-stats.js';
import { processLogRing } from './lib/health/log-ring.js';
import { createHealthSampler } from './lib/health/sampler.js';
import { DATA_DIR_TIGHTENED, keepNewFilesToOwner, secureDataDir } from './lib/owner-only.js';
import { gracefulShutdown } from './lib/shutdown.js';
import { BackupRefusal } from './modules/backup/backup.errors.js';
import { claimDataDir } from './modules/backup/backup.data-dir-claim.js';
import { makeBackup } from './modules/backup/backup.make-backup.js';
import { ensureFirstAdmin, ensureReferenceData } from './modules/setup/setup.bootstrap.js';
import { buildServices, closeServices } from './services.js';

const here = path.dirname(fileURLToPath(import.meta.url));

function printFirstAdmin(email: string, password: string): void {
  const lines = [
    'First administrator created. This password is shown only once:',
    `  email:    ${email}`,
    `  password: ${password}`,
    'You will be asked to choose your own password at the first sign-in.',
  ];
  process.stdout.write(`\n${'='.repeat(64)}\n${lines.join('\n')}\n${'='.repeat(64)}\n\n`);
}

async function main(): Promise<void> {
  // Before anything is written: DATA_DIR is the server's user's alone (lib/owner-only.ts).
  keepNewFilesToOwner();
  const config = loadConfig();
  config.webDist ??= path.resolve(here, '../../web/dist');

  // A DATA_DIR an earlier release left open to other local users is closed before anything opens it.
  const tightened = await secureDataDir(config.dataDir);
  // Backups (modules/backup): the embedded database is one process's, so DATA_DIR is claimed before it
  // opens (refused while another server, `npm run backup` or `npm run restore` holds it), and
  // `npm run backup` asks this server for its archive through the claim.
  const claim = config.databaseUrl ? null : await claimDataDir(config.dataDir, 'server');
  const database = await openDatabase(config);
  await database.migrate();
  await ensureReferenceData(database.db);
  const admin = await ensureFirstAdmin(database.db, createPasswordHasher(config.passwordHash), {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  if (admin?.generatedPassword) printFirstAdmin(admin.email, admin.generatedPassword);

  const context = createContext(config, database, { workJobs: config.runJobs });
  if (tightened > 0) context.logger.warn({ dataDir: config.dataDir, entries: tightened }, DATA_DIR_TIGHTENED);
  if (config.production && !config.jwtSecret) {
    context.logger.warn(
      'JWT_SECRET is not set: the key that signs sessions is generated and kept in the database, so anyone who can read the database or a backup of it can forge a session for any user. Set JWT_SECRET (32 characters or more) in the environment.',
    );
  }
  const services = await buildServices(context);
  const app = await buildHttpApp(context, services);
  if (admin) app.log.info({ email: admin.email }, 'first administrator created');
  // Before anything else runs: uploads a crash cut off, and files whose rows a purge deleted just before one.
  await services.fileSweep.atStart(config.timeouts.idleMs);
  const leftFiles = await services.fileRemovals.drain();
  if (leftFiles > 0) app.log.info({ files: leftFiles }, 'stored files of purged records removed');
  await startBackground(context);
  // This process's minute sample for the system health page (issue 32).
  const sampler = createHealthSampler({
    db: context.db,
    logger: context.logger,
    clock: context.clock,
    role: 'server',
    dataFolder: config.dataDir,
    logRing: processLogRing,
    httpStats: processHttpStats,
    ...(config.runJobs
      ? {
          // A database that stopped answering: kept by the probe of a process that works jobs, written once it answers.
          onWritten: async (written, at) => {
            if (written) await services.healthProbe.flush();
            else if (!(await database.ping())) services.healthProbe.noteUnreachable(at);
          },
        }
      : {}),
  });
  sampler.start();
  // A failed request only leaves the page to the next whole minute's run.
  if (config.runJobs)
    await services
      .requestHealthProbe()
      .catch((error: unknown) => context.logger.warn({ err: error }, 'the first health probe could not be asked for'));
  claim?.answerBackups(
    async (directory) =>
      (await makeBackup({ database, dataDir: config.dataDir }, directory, context.clock.now())).archive,
  );

  // After the last request: the job runner (running jobs finish or are retried), the feed, Chromium, the database.
  const shutdown = gracefulShutdown(app, {
    async close() {
      await sampler.close();
      await stopBackground(context);
      await closeServices(services);
      await database.close();
      await claim?.release();
    },
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.kind,
      dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
      jobs: config.runJobs ? 'worked here' : 'enqueued only',
    },
    'srpf-dashboard ready',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupRefusal) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
