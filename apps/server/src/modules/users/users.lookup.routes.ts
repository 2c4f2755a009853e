import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZFindByPhoneQuery, ZFindByPhoneResponse, ZUserSearchQuery, ZUserSearchResponse } from '@srpf/shared';
import type { UsersService } from './users.service.js';
import { BEARER, errorResponses } from '../../lib/validation.js';

const tags = ['appointments'];
const errors = errorResponses(400, 401, 403);

/**
 * /api/appointments/users: the appointment forms' person lookups, open to every signed-in user and
 * answering only name, phone, badge number, company and designation.
 */
export const userLookupRoutes =
  (users: UsersService): FastifyPluginAsyncZod =>
  async (app) => {

    app.get(
      '/find-by-phone',
      { config: { access: 'signed_in' }, schema: { tags, security: BEARER, querystring: ZFindByPhoneQuery, response: { 200: ZFindByPhoneResponse, ...errors } } },
      async (request) => ({ success: true as const, user: await users.findByPhone(request.query.phone_number) }),
    );

    app.get(
      '/search',
      { config: { access: 'signed_in' }, schema: { tags, security: BEARER, querystring: ZUserSearchQuery, response: { 200: ZUserSearchResponse, ...errors } } },
      async (request) => ({ success: true as const, data: { users: await users.searchForForms(request.query) } }),
    );
  };
