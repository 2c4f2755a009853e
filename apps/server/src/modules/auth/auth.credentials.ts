import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { createPasswordHasher } from '../../lib/passwords.js';
import type { KeyRing } from '../../lib/keys.js';
import { keyedHash } from '../../lib/secrets.js';
import { createAccessTokens } from '../../lib/tokens.js';
import { createPasswordThrottle } from './auth.password-throttle.js';
import { setSessionCookies } from './auth.session-cookies.js';
import { createSessionsService } from './auth.sessions.service.js';

/**
 * What auth lends the rest of the server: password hashing, access tokens, sessions (issue, end
 * all), the password-guessing throttle and the session cookies. Other modules receive this object
 * from the registry and name the part they use in a type of their own.
 */
export function createCredentials(context: AppContext, keys: KeyRing) {
  const tokens = createAccessTokens(keys.keysFor('access-token'), context.config.accessTokenTtl);
  const refreshKeys = keys.keysFor('refresh-token');
  /** How a new refresh token is stored: HMAC-SHA-256 under the current refresh-token key. */
  const hashSecret = (secret: string) => keyedHash(refreshKeys[0]!.key, secret);
  return {
    tokens,
    hashSecret,
    /** Every form a presented refresh token may be stored under: the current key's, then the previous one's during a rotation. */
    storedFormsOf: (secret: string) =>
      [...refreshKeys.map((entry) => entry.key), ...keys.formerKeysFor('refresh-token')].map((key) =>
        keyedHash(key, secret),
      ),
    /** argon2id for chosen passwords; HMAC-SHA-256 under the one-time-password key for one-time passwords. */
    hasher: createPasswordHasher(context.config.passwordHash, [
      ...keys.keysFor('one-time-password').map((entry) => entry.key),
      ...keys.formerKeysFor('one-time-password'),
    ]),
    sessions: createSessionsService(context, { tokens, hashSecret }),
    throttle: createPasswordThrottle(context.db),
    // The cookie lives no longer than a session may (SESSION_MAX_AGE from the sign-in).
    setSessionCookies: (request: FastifyRequest, reply: FastifyReply, refreshToken: string) =>
      setSessionCookies(
        request,
        reply,
        refreshToken,
        Math.min(context.config.refreshTokenTtl, context.config.sessionMaxAge),
      ),
  };
}
export type Credentials = ReturnType<typeof createCredentials>;
