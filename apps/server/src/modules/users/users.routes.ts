import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZGetUserResponse, ZUserIdParams } from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { currentUser } from '../../lib/access.js';
import { createUsersService } from './users.service.js';

export const userRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const users = createUsersService(context);

    app.get(
      '/:id',
      {
        config: { access: 'signed_in', allowDuringPasswordChange: true },
        schema: {
          tags: ['users'],
          security: [{ bearer: [] }],
          params: ZUserIdParams,
          response: { 200: ZGetUserResponse, 403: ZErrorResponse, 404: ZErrorResponse },
        },
      },
      async (request) => ({ success: true as const, data: { user: await users.getUser(currentUser(request), request.params.id) } }),
    );
  };
