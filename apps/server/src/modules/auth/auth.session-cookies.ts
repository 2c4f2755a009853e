import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@srpf/shared';
import { AppError } from '../../lib/errors.js';
import { randomSecret } from '../../lib/secrets.js';

const REFRESH_PATH = '/api/auth';

/**
 * The refresh token lives in an HttpOnly cookie scoped to /api/auth; the readable XSRF-TOKEN
 * cookie is the double-submit value the web app echoes in X-XSRF-TOKEN.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  refreshToken: string,
  maxAgeSeconds: number,
): void {
  // Behind a proxy, the protocol it reports (X-Forwarded-Proto) when TRUST_PROXY names it; never a client's claim.
  const secure = request.protocol === 'https';
  void reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: REFRESH_PATH,
    maxAge: maxAgeSeconds,
  });
  void reply.setCookie(XSRF_COOKIE, randomSecret(24), {
    httpOnly: false,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
  void reply.clearCookie(XSRF_COOKIE, { path: '/' });
}

/**
 * The refresh token of a refresh or logout call: from the body (the spec's API clients), or from
 * the cookie, which is accepted only with a matching X-XSRF-TOKEN header.
 */
export function presentedRefreshToken(request: FastifyRequest, bodyToken: string | undefined): string | undefined {
  if (bodyToken) return bodyToken;
  const cookieToken = request.cookies[REFRESH_COOKIE];
  if (!cookieToken) return undefined;
  const xsrfCookie = request.cookies[XSRF_COOKIE];
  const xsrfHeader = request.headers[XSRF_HEADER];
  if (!xsrfCookie || typeof xsrfHeader !== 'string' || xsrfHeader !== xsrfCookie) {
    throw new AppError('auth.xsrf_invalid', {}, 'Missing or invalid XSRF token');
  }
  return cookieToken;
}
