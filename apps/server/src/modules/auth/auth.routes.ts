import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type TTokenDelivery,
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutRequest,
  ZMeResponse,
  ZMessageResponse,
  ZRefreshRequest,
  ZRefreshResponse,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { unauthenticated } from '../../lib/errors.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { Credentials } from './auth.credentials.js';
import type { AuthService, Session } from './auth.service.js';
import { clearSessionCookies, presentedRefreshToken } from './auth.session-cookies.js';

const errors = errorResponses(400, 401, 403, 429);

export const authRoutes =
  (auth: AuthService, credentials: Pick<Credentials, 'setSessionCookies'>): FastifyPluginAsyncZod =>
  async (app) => {
    // The refresh token travels in its HttpOnly cookie; in the body only for a client that asked
    // (a script or API client keeping it itself), never for the web app, whose scripts could read it.
    const answer = (session: Session, message: string, delivery: TTokenDelivery) => ({
      success: true as const,
      token: session.token,
      ...(delivery === 'body' ? { refreshToken: session.refreshToken } : {}),
      message,
      must_change_password: session.user.must_change_password,
      data: { user: session.user },
    });

    app.post(
      '/login',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], body: ZLoginRequest, response: { 200: ZLoginResponse, ...errors } },
      },
      async (request, reply) => {
        const session = await auth.login(request.body, request.ip);
        credentials.setSessionCookies(request, reply, session.refreshToken);
        return answer(session, 'Login successful', request.body.token_delivery);
      },
    );

    app.post(
      '/refresh',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], body: ZRefreshRequest, response: { 200: ZRefreshResponse, ...errors } },
      },
      async (request, reply) => {
        const token = presentedRefreshToken(request, request.body?.refreshToken);
        if (!token) throw unauthenticated('auth.refresh_token_missing', 'No refresh token was presented');
        try {
          const session = await auth.refresh(token, request.ip);
          credentials.setSessionCookies(request, reply, session.refreshToken);
          return answer(session, 'Session refreshed', request.body?.token_delivery);
        } catch (error) {
          clearSessionCookies(reply);
          throw error;
        }
      },
    );

    app.post(
      '/logout',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], body: ZLogoutRequest, response: { 200: ZMessageResponse, ...errors } },
      },
      async (request, reply) => {
        await auth.logout(presentedRefreshToken(request, request.body?.refreshToken), request.ip);
        clearSessionCookies(reply);
        return { success: true as const, message: 'Signed out' };
      },
    );

    app.get(
      '/me',
      {
        config: { access: 'signed_in', allowDuringPasswordChange: true },
        schema: { tags: ['auth'], security: BEARER, response: { 200: ZMeResponse, ...errorResponses(401) } },
      },
      async (request) => ({ success: true as const, data: { user: await auth.me(currentUser(request).userId) } }),
    );
  };
