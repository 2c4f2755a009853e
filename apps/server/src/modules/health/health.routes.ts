import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthLive, ZHealthReady } from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { liveAnswer } from './health.live.js';

/**
 * Liveness does no work at all (load balancers poll it; a plain `GET /api/health/live` is answered
 * by the HTTP server before reaching this route, see health.live.ts); readiness asks the database.
 */
export const healthRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // One quiet logger for all health requests instead of a child logger per request: polls are
    // frequent, and only their errors are worth a line.
    const quiet = app.log.child({ route: 'health' }, { level: 'warn' });
    app.setChildLoggerFactory(() => quiet);

    app.get(
      '/live',
      {
        config: { access: 'public' },
        schema: { tags: ['health'], response: { 200: ZHealthLive } },
        // The answer is fixed in shape; plain JSON skips the zod pass the schema would cost.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      (_request, reply) => {
        void reply.send(liveAnswer());
      },
    );

    app.get(
      '/ready',
      {
        config: { access: 'public' },
        schema: { tags: ['health'], response: { 200: ZHealthReady, 503: ZHealthReady } },
      },
      async (_request, reply) => {
        const ok = await context.database.ping();
        const body = { status: ok ? ('ok' as const) : ('unavailable' as const), database: ok ? ('ok' as const) : ('unavailable' as const) };
        return reply.status(ok ? 200 : 503).send(body);
      },
    );
  };
