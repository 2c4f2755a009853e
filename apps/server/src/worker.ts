import { ConfigError, loadConfig } from './config.js';
import { createContext, startBackground, stopBackground } from './context.js';
import { openPostgres } from './db/client.js';
import { processLogRing } from './lib/health/log-ring.js';
import { createHealthSampler } from './lib/health/sampler.js';
import { startMetricsServer } from './lib/metrics-server.js';
import { DATA_DIR_TIGHTENED, keepNewFilesToOwner, secureDataDir } from './lib/owner-only.js';
import { buildServices, closeServices } from './services.js';

const WORKER_POOL_SIZE = 24;

/**
 * `npm run worker`: the job runner apart from the web server, on the same PostgreSQL server, built
 * from the same registry (every job the services define). Run the web server with RUN_JOBS=false
 * beside it, or both work jobs, which is safe too (pg-boss hands each job to one worker).
 */
async function main(): Promise<void> {
  // Jobs write stored files into DATA_DIR: the server's user's alone (lib/owner-only.ts).
  keepNewFilesToOwner();
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL (a PostgreSQL server): the embedded database can be opened by one process only, and `npm start` already works the jobs in its own process.',
    );
  }
  const tightened = await secureDataDir(config.dataDir);
  // The jobs' workers each hold a connection while they run (16 WhatsApp sends at once among them).
  const database = openPostgres(config.databaseUrl, WORKER_POOL_SIZE);
  await database.migrate();
  const context = createContext(config, database, { workJobs: true });
  if (tightened > 0) context.logger.warn({ dataDir: config.dataDir, entries: tightened }, DATA_DIR_TIGHTENED);
  const services = await buildServices(context);
  // Before any job runs: a port already taken stops the start, never a worker mid-send.
  const metricsServer =
    config.metrics.port === undefined ? null : await startMetricsServer(context.metrics, config.metrics.port);
  if (metricsServer) context.logger.info({ port: config.metrics.port }, 'worker metrics on 127.0.0.1');
  await startBackground(context);
  // This process's minute sample for the system health page (issue 32); no HTTP figures.
  const sampler = createHealthSampler({
    db: context.db,
    logger: context.logger,
    clock: context.clock,
    role: 'worker',
    dataFolder: config.dataDir,
    logRing: processLogRing,
    // A database that stopped answering: kept by the probe of a process that works jobs, written once it answers.
    onWritten: async (written, at) => {
      if (written) await services.healthProbe.flush();
      else if (!(await database.ping())) services.healthProbe.noteUnreachable(at);
    },
  });
  sampler.start();
  // A failed request only leaves the page to the next whole minute's run.
  await services
    .requestHealthProbe()
    .catch((error: unknown) => context.logger.warn({ err: error }, 'the first health probe could not be asked for'));
  context.logger.info('srpf-dashboard worker ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    context.logger.info({ signal }, 'worker stopping: finishing jobs');
    try {
      metricsServer?.close();
      await sampler.close();
      await stopBackground(context);
      await closeServices(services);
      await database.close();
      process.exit(0);
    } catch (error) {
      context.logger.error({ err: error }, 'worker shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
