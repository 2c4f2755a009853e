import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateUserRequest,
  ZGetUserResponse,
  ZMessageResponse,
  ZRolesResponse,
  ZUpdateUserRequest,
  ZUserIdParams,
  ZUserListQuery,
  ZUserListResponse,
  ZUserResponse,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import { userImportRoutes } from './users.import.routes.js';
import type { UserCredentials } from './users.dependencies.js';
import { phoneVerificationRoutes } from './users.phone-verification.routes.js';
import type { PhoneVerificationService } from './users.phone-verification.service.js';
import { profileRoutes } from './users.profile.routes.js';
import type { ProfileService } from './users.profile.service.js';
import type { UserImportService } from './users.import.service.js';
import type { UsersService } from './users.service.js';

const tags = ['users'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** The services the /api/users routes use, by name (the users module hands over these alone). */
export interface UserRoutesServices {
  users: UsersService;
  profile: ProfileService;
  userImport: UserImportService;
  verification: PhoneVerificationService;
  credentials: Pick<UserCredentials, 'setSessionCookies'>;
}

/** /api/users: management (manage_users), the roles list, one's own record, profile and password. */
export const userRoutes =
  ({ users, profile, userImport, verification, credentials }: UserRoutesServices): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(profileRoutes(profile, credentials), { prefix: '/profile' });
    await app.register(phoneVerificationRoutes(verification), { prefix: '/profile/whatsapp/verification' });
    // Its own scope, so the multipart parser exists only for the import.
    await app.register(userImportRoutes(userImport));

    app.get(
      '/',
      {
        config: { access: 'manage_users' },
        schema: {
          tags,
          security: BEARER,
          querystring: ZUserListQuery,
          response: { 200: ZUserListResponse, ...errors },
        },
      },
      async (request) => {
        const { users: data, pagination } = await users.list(currentUser(request), request.query);
        return { success: true as const, data, pagination };
      },
    );

    app.get(
      '/roles',
      {
        config: { access: 'signed_in' },
        schema: { tags, security: BEARER, response: { 200: ZRolesResponse, ...errors } },
      },
      async () => ({ success: true as const, data: { roles: await users.roles() } }),
    );

    app.post(
      '/',
      {
        config: { access: 'manage_users' },
        schema: { tags, security: BEARER, body: ZCreateUserRequest, response: { 201: ZUserResponse, ...errors } },
      },
      async (request, reply) => {
        const user = await users.create(currentUser(request), request.body, request.ip);
        return reply.code(201).send({ success: true as const, message: 'User created successfully', data: { user } });
      },
    );

    app.get(
      '/:id',
      {
        config: { access: 'signed_in', allowDuringPasswordChange: true },
        schema: { tags, security: BEARER, params: ZUserIdParams, response: { 200: ZGetUserResponse, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: { user: await users.getUser(currentUser(request), request.params.id, request.ip) },
      }),
    );

    app.put(
      '/:id',
      {
        config: { access: 'manage_users' },
        schema: {
          tags,
          security: BEARER,
          params: ZUserIdParams,
          body: ZUpdateUserRequest,
          response: { 200: ZUserResponse, ...errors },
        },
      },
      async (request) => {
        const user = await users.update(currentUser(request), request.params.id, request.body, request.ip);
        return { success: true as const, message: 'User updated successfully', data: { user } };
      },
    );

    app.delete(
      '/:id',
      {
        config: { access: 'manage_users' },
        schema: { tags, security: BEARER, params: ZUserIdParams, response: { 200: ZMessageResponse, ...errors } },
      },
      async (request) => {
        await users.remove(currentUser(request), request.params.id, request.ip);
        return { success: true as const, message: 'User deleted successfully' };
      },
    );
  };
