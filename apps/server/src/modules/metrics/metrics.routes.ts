import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from '../../lib/metrics.js';
import { metricsAccess } from './metrics.access.js';

/**
 * GET /api/metrics: the process's metrics in Prometheus's text format, for the token or an allowed
 * peer (metrics.access.ts); anyone else meets the router's own 404. Outside the throttled `/api`
 * scope and its request log, like the health checks: Prometheus scrapes every few seconds.
 */
export const metricsRoutes =
  (metrics: Metrics, settings: { token?: string; allow: readonly string[] }): FastifyPluginAsync =>
  async (app) => {
    const mayRead = metricsAccess(settings);
    app.get(
      '/',
      // The guard runs no check here: this route answers a token that is not a person's.
      { config: { access: 'public' }, schema: { tags: ['health'], hide: true } },
      async (request, reply) => {
        if (!mayRead(request)) return reply.callNotFound();
        const text = await metrics.text();
        return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
      },
    );
  };
