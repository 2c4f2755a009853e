import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZSessionSettingsRequest,
  ZUpdateProfileRequest,
  ZUserResponse,
  ZWhatsappConsentRequest,
  ZWhatsappConsentResponse,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { UserCredentials } from './users.dependencies.js';
import type { ProfileService } from './users.profile.service.js';

const tags = ['profile'];
const errors = errorResponses(400, 401, 403, 409, 429);

/** /api/users/profile: the signed-in user's own name, phone, password and session timeout. */
export const profileRoutes =
  (profile: ProfileService, credentials: Pick<UserCredentials, 'setSessionCookies'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/me',
      {
        config: { access: 'signed_in' },
        schema: { tags, security: BEARER, body: ZUpdateProfileRequest, response: { 200: ZUserResponse, ...errors } },
      },
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
        schema: {
          tags,
          security: BEARER,
          body: ZChangePasswordRequest,
          response: { 200: ZChangePasswordResponse, ...errors },
        },
      },
      async (request, reply) => {
        const session = await profile.changePassword(currentUser(request), request.body, request.ip);
        credentials.setSessionCookies(request, reply, session.refreshToken);
        return {
          success: true as const,
          message: 'Password updated successfully',
          token: session.token,
          // In the cookie; in the body only when asked, as for sign-in.
          ...(request.body.token_delivery === 'body' ? { refreshToken: session.refreshToken } : {}),
          must_change_password: session.user.must_change_password,
          data: { user: session.user },
        };
      },
    );

    app.put(
      '/settings',
      {
        config: { access: 'signed_in' },
        schema: { tags, security: BEARER, body: ZSessionSettingsRequest, response: { 200: ZUserResponse, ...errors } },
      },
      async (request) => {
        const user = await profile.updateSettings(currentUser(request), request.body, request.ip);
        return { success: true as const, message: 'Settings saved', data: { user } };
      },
    );

    app.put(
      '/whatsapp',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description:
            'Opts the signed-in person in or out of WhatsApp (payslips and messages go to 91 + their phone only when enabled), with the language; recorded with the moment and audited.',
          body: ZWhatsappConsentRequest,
          response: { 200: ZWhatsappConsentResponse, ...errors },
        },
      },
      async (request) => {
        const whatsapp = await profile.updateWhatsapp(currentUser(request), request.body, request.ip);
        return {
          success: true as const,
          message: whatsapp.whatsapp_enabled ? 'WhatsApp enabled' : 'WhatsApp disabled',
          data: { whatsapp },
        };
      },
    );
  };
