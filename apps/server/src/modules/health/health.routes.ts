import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pino from 'pino';
import { ZHealthLive, ZHealthReady, type TRendererState, type TWhatsappReadiness } from '@srpf/shared';

/**
 * Liveness does no work at all (load balancers poll it); readiness asks the database, and reports
 * whether payslip PDFs can be made (`renderer`: Chromium there and starting) without depending on it:
 * a server without Chromium still serves everything else. Anyone may ask: `renderer` must answer
 * the state as anyone may read it (app.ts gives `publicRendererStateLogging`'s).
 */
export const healthRoutes =
  (
    database: { ping(): Promise<boolean> },
    renderer: () => Promise<TRendererState>,
    whatsapp?: () => Promise<TWhatsappReadiness | null>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // One quiet logger for all health requests instead of a child logger per request: polls are
    // frequent, and only their errors are worth a line. At warn, or at the configured level when that
    // is stricter (LOG_LEVEL=error, fatal or silent).
    const configured = app.log.level;
    const stricter = configured === 'silent' || (pino.levels.values[configured] ?? 0) > (pino.levels.values.warn ?? 40);
    const quiet = app.log.child({ route: 'health' }, { level: stricter ? configured : 'warn' });
    app.setChildLoggerFactory(() => quiet);

    app.get(
      '/live',
      { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: ZHealthLive } } },
      async () => ({
        status: 'ok' as const,
        uptime: Math.round(process.uptime()),
      }),
    );

    app.get(
      '/ready',
      {
        config: { access: 'public' },
        schema: { tags: ['health'], response: { 200: ZHealthReady, 503: ZHealthReady } },
      },
      async (_request, reply) => {
        const [ok, rendering, sending] = await Promise.all([
          database.ping(),
          renderer().catch((error: unknown) => {
            quiet.warn({ err: error }, 'could not tell whether payslip PDFs can be made');
            return { available: false, reason: 'the PDF renderer could not be checked' };
          }),
          // A paused WhatsApp queue is a warning only: everything else is served.
          whatsapp?.().catch(() => null) ?? null,
        ]);
        const body = {
          status: ok ? ('ok' as const) : ('unavailable' as const),
          database: ok ? ('ok' as const) : ('unavailable' as const),
          renderer: rendering,
          ...(sending ? { whatsapp: sending } : {}),
        };
        return reply.status(ok ? 200 : 503).send(body);
      },
    );
  };
