import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSystemHealthResponse } from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { SystemHealthService } from './system-health.service.js';

/** GET /api/system-health: the system health page (issue 32), administrators only. */
export const systemHealthRoutes =
  (health: SystemHealthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: { access: 'signed_in' },
        schema: {
          tags: ['system-health'],
          security: BEARER,
          description:
            "Administrators: the shared services' latest checks and uptime over 24 h, 7 d and 30 d, every instance heard of in the last 15 minutes with its figures, each host's resources, the last 20 alerts (open first) and the instances' recent warnings and errors (redacted), all from the kept results. The page asks every 30 s.",
          response: { 200: ZSystemHealthResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({ success: true as const, data: { health: await health.read(currentUser(request)) } }),
    );
  };
