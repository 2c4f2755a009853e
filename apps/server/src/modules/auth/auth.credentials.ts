import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { createPasswordHasher } from '../../lib/passwords.js';
import { keyedHash } from '../../lib/secrets.js';
import { createAccessTokens } from '../../lib/tokens.js';
import { createPasswordThrottle } from './password-throttle.js';
import { setSessionCookies } from './session-cookies.js';
import { createSessionsService } from './sessions.service.js';

/**
 * What auth lends the rest of the server: password hashing, access tokens, sessions (issue, end
 * all), the password-guessing throttle and the session cookies. Other modules receive this object
 * from the registry and name the part they use in a type of their own.
 */
export function createCredentials(context: AppContext, jwtSecret: string) {
  const tokens = createAccessTokens(jwtSecret, context.config.accessTokenTtl);
  // Sessions ended on another instance (or on this one: the same end twice changes nothing).
  context.changes.on('sessions_ended', (message) => tokens.endSessionsOf(message.userId, message.atMs));
  const hashSecret = (secret: string) => keyedHash(`refresh:${jwtSecret}`, secret);
  return {
    tokens,
    hashSecret,
    /** argon2id for chosen passwords; HMAC-SHA-256 under a key derived from the JWT secret for one-time passwords. */
    hasher: createPasswordHasher(context.config.passwordHash, `one-time-password:${jwtSecret}`),
    sessions: createSessionsService(context, { tokens, hashSecret }),
    throttle: createPasswordThrottle(context.db),
    setSessionCookies: (request: FastifyRequest, reply: FastifyReply, refreshToken: string) =>
      setSessionCookies(request, reply, refreshToken, context.config.refreshTokenTtl),
  };
}
export type Credentials = ReturnType<typeof createCredentials>;
