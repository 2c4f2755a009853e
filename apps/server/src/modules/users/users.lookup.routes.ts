import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZFindByPhoneQuery, ZFindByPhoneResponse, ZUserSearchQuery, ZUserSearchResponse } from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { UsersService } from './users.service.js';

const tags = ['appointments'];
const errors = errorResponses(400, 401, 403, 429);

/**
 * /api/appointments/users: the appointment forms' person lookups, open to every signed-in user,
 * answering only people of their companies (and themselves) and only name, phone, badge number,
 * company and designation. Each person may ask `perUserPerMinute` times a minute (after the guard,
 * so the count is theirs, not their office's address).
 */
export const userLookupRoutes =
  (users: UsersService, limits: { perUserPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    // A route's own limit replaces the per-address one for it; 'preHandler' runs it after the guard,
    // so it counts the signed-in person (each lookup has its own count).
    const rateLimit = {
      max: limits.perUserPerMinute,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `person:${currentUser(request).userId}`,
    };

    app.get(
      '/find-by-phone',
      {
        config: { access: 'signed_in', rateLimit },
        schema: {
          tags,
          security: BEARER,
          querystring: ZFindByPhoneQuery,
          response: { 200: ZFindByPhoneResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        user: await users.findByPhone(currentUser(request), request.query.phone_number),
      }),
    );

    app.get(
      '/search',
      {
        config: { access: 'signed_in', rateLimit },
        schema: {
          tags,
          security: BEARER,
          querystring: ZUserSearchQuery,
          response: { 200: ZUserSearchResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { users: await users.searchForForms(currentUser(request), request.query) },
      }),
    );
  };
