import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthLive, ZHealthReady } from '@srpf/shared';

/** Liveness does no work at all (load balancers poll it); readiness asks the database. */
export const healthRoutes =
  (database: { ping(): Promise<boolean> }): FastifyPluginAsyncZod =>
  async (app) => {
    // One quiet logger for all health requests instead of a child logger per request: polls are
    // frequent, and only their errors are worth a line.
    const quiet = app.log.child({ route: 'health' }, { level: 'warn' });
    app.setChildLoggerFactory(() => quiet);

    app.get('/live', { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: ZHealthLive } } }, async () => ({
      status: 'ok' as const,
      uptime: Math.round(process.uptime()),
    }));

    app.get(
      '/ready',
      {
        config: { access: 'public' },
        schema: { tags: ['health'], response: { 200: ZHealthReady, 503: ZHealthReady } },
      },
      async (_request, reply) => {
        const ok = await database.ping();
        const body = { status: ok ? ('ok' as const) : ('unavailable' as const), database: ok ? ('ok' as const) : ('unavailable' as const) };
        return reply.status(ok ? 200 : 503).send(body);
      },
    );
  };
