import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthLive, ZHealthReady, type TRendererState } from '@srpf/shared';

/** A first check still starting Chromium: generic, so it is said as it is. */
const CHECKING = 'checking whether Chromium starts';
/** What anyone may read of a renderer that cannot print: not where Chromium is expected nor how it failed. */
const UNAVAILABLE = 'Chromium is not available on this server: slips are stored, and their PDFs made once it is';

/**
 * Liveness does no work at all (load balancers poll it); readiness asks the database, and reports
 * whether payslip PDFs can be made (`renderer`: Chromium there and starting) without depending on it:
 * a server without Chromium still serves everything else.
 */
export const healthRoutes =
  (database: { ping(): Promise<boolean> }, renderer: () => Promise<TRendererState>): FastifyPluginAsyncZod =>
  async (app) => {
    // One quiet logger for all health requests instead of a child logger per request: polls are
    // frequent, and only their errors are worth a line.
    const quiet = app.log.child({ route: 'health' }, { level: 'warn' });
    app.setChildLoggerFactory(() => quiet);
    // Readiness is public and polled: the renderer's own reason (its path, its error) goes to the log,
    // once each time it changes, and the answer says only whether PDFs can be made.
    let loggedReason: string | undefined;
    const publicRenderer = (state: TRendererState): TRendererState => {
      if (state.available || state.reason === CHECKING) {
        loggedReason = undefined;
        return state;
      }
      if (state.reason !== loggedReason) quiet.warn({ reason: state.reason }, 'payslip PDFs cannot be made');
      loggedReason = state.reason;
      return { available: false, reason: UNAVAILABLE };
    };

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
        const [ok, rendering] = await Promise.all([
          database.ping(),
          renderer().catch((error: unknown) => ({ available: false, reason: error instanceof Error ? error.message : String(error) })),
        ]);
        const body = {
          status: ok ? ('ok' as const) : ('unavailable' as const),
          database: ok ? ('ok' as const) : ('unavailable' as const),
          renderer: publicRenderer(rendering),
        };
        return reply.status(ok ? 200 : 503).send(body);
      },
    );
  };
