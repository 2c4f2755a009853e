import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZChangePasswordRequest, ZChangePasswordResponse, ZErrorResponse, ZSessionSettingsRequest, ZUpdateProfileRequest, ZUserResponse } from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { currentUser } from '../../lib/access.js';
import { setSessionCookies } from '../auth/session-cookies.js';
import { createProfileService } from './users.profile.service.js';

const tags = ['profile'];
const security = [{ bearer: [] }];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 409: ZErrorResponse };

/** /api/users/profile: the signed-in user's own name, phone, password and session timeout. */
export const profileRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const profile = createProfileService(context);

    app.put(
      '/me',
      { config: { access: 'signed_in' }, schema: { tags, security, body: ZUpdateProfileRequest, response: { 200: ZUserResponse, ...errors } } },
      async (request) => {
        const user = await profile.updateProfile(currentUser(request), request.body, request.ip);
        return { success: true as const, message: 'Profile updated successfully', data: { user } };
      },
    );

    app.put(
      '/password',
      {
        // The one call a user with a one-time or administrator-set password must be able to make.
        config: { access: 'signed_in', allowDuringPasswordChange: true },
        schema: { tags, security, body: ZChangePasswordRequest, response: { 200: ZChangePasswordResponse, ...errors } },
      },
      async (request, reply) => {
        const session = await profile.changePassword(currentUser(request), request.body, request.ip);
        setSessionCookies(request, reply, session.refreshToken, context.config.refreshTokenTtl);
        return {
          success: true as const,
          message: 'Password updated successfully',
          token: session.token,
          refreshToken: session.refreshToken,
          must_change_password: session.user.must_change_password,
          data: { user: session.user },
        };
      },
    );

    app.put(
      '/settings',
      { config: { access: 'signed_in' }, schema: { tags, security, body: ZSessionSettingsRequest, response: { 200: ZUserResponse, ...errors } } },
      async (request) => {
        const user = await profile.updateSettings(currentUser(request), request.body, request.ip);
        return { success: true as const, message: 'Settings saved', data: { user } };
      },
    );
  };
