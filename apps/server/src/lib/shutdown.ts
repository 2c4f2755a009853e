import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';

/**
 * The answer to SIGTERM and SIGINT: stop taking connections, let the requests under way finish,
 * then close the database and leave (0, or 1 when closing failed). A second signal while closing
 * changes nothing.
 */
export function gracefulShutdown(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'close'>,
  exit: (code: number) => void = (code) => process.exit(code),
) {
  let closing = false;
  return async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests');
    // Node's close() ends only the connections idle at that moment, and Fastify answers requests
    // arriving from now on with `Connection: close`. An answer already under way (a streamed export)
    // has promised keep-alive: its connection would stay open for keepAliveTimeout (72 s) after the
    // answer and hold the shutdown that long. Sweeping idle connections while closing ends it as
    // soon as its answer is out, at no cost to any request.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100).unref();
    try {
      await app.close();
      await database.close();
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    } finally {
      clearInterval(sweep);
    }
  };
}
