import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZFindByPhoneQuery, ZFindByPhoneResponse, ZUserSearchQuery, ZUserSearchResponse } from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { createUsersService } from './users.service.js';

const tags = ['appointments'];
const security = [{ bearer: [] }];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

/**
 * /api/appointments/users: the appointment forms' person lookups, open to every signed-in user and
 * answering only name, phone, badge number, company and designation.
 */
export const userLookupRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const users = createUsersService(context);

    app.get(
      '/find-by-phone',
      { config: { access: 'signed_in' }, schema: { tags, security, querystring: ZFindByPhoneQuery, response: { 200: ZFindByPhoneResponse, ...errors } } },
      async (request) => ({ success: true as const, user: await users.findByPhone(request.query.phone_number) }),
    );

    app.get(
      '/search',
      { config: { access: 'signed_in' }, schema: { tags, security, querystring: ZUserSearchQuery, response: { 200: ZUserSearchResponse, ...errors } } },
      async (request) => ({ success: true as const, data: { users: await users.searchForForms(request.query) } }),
    );
  };
