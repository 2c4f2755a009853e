import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';

/**
 * The answer to SIGTERM and SIGINT: stop taking connections, let the requests under way finish,
 * then close the database and leave (0, or 1 when closing failed). A second signal while closing
 * changes nothing.
 */
export function gracefulShutdown(app: FastifyInstance, database: Pick<DatabaseHandle, 'close'>, exit: (code: number) => void = (code) => process.exit(code)) {
  let closing = false;
  return async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests');
    try {
      await app.close();
      await database.close();
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
}
