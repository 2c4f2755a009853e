import { SignJWT, decodeProtectedHeader, jwtVerify, errors as joseErrors } from 'jose';
import { normaliseRole } from '@srpf/shared';
import { clock } from './clock.js';
import { AppError, unauthenticated } from './errors.js';
import type { DerivedKey } from './keys.js';

const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: number;
  role: string;
  /** The user must choose a new password before anything else. */
  mustChangePassword: boolean;
  /**
   * The user's session version when the token was issued (`users.session_version`): ending their
   * sessions raises it, and the guard refuses tokens of an older version.
   */
  sessionVersion: number;
}

/** What a verified token says: its claims and its session. */
export interface TokenClaims extends AccessClaims {
  /**
   * The session (refresh-token family) the token was issued for (`sid`): the guard refuses it once
   * that session is signed out or revoked. Null for a token issued before tokens named their session.
   */
  sessionId: string | null;
}

/** Verified tokens remembered at most (the oldest are forgotten first): a few per signed-in user. */
const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * Access tokens: HS256, signed with the current access-token key and naming it (`kid`), so a token
 * signed with the previous key (JWT_SECRET_PREVIOUS, during a rotation) still verifies until it
 * expires. `keys`: current first.
 */
export function createAccessTokens(keys: readonly DerivedKey[], ttlSeconds: number) {
  const [current] = keys;
  if (!current) throw new Error('No access-token key');
  const keyById = new Map(keys.map((entry) => [entry.id, entry.key]));
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  return {
    ttlSeconds,
    async sign(claims: AccessClaims & { sessionId: string }): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({
        role: claims.role,
        mcp: claims.mustChangePassword,
        sv: claims.sessionVersion,
        sid: claims.sessionId,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: current.id })
        .setSubject(String(claims.userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(current.key);
    },
    /**
     * Only HS256 under a key this server knows is accepted, so `alg: none`, other algorithms and
     * unknown keys fail. A token already verified is remembered until it expires: every request
     * carries one, and checking its signature again each time was the largest cost of a kept answer.
     * Whether the session still holds (its version, its family) is the guard's question, asked of the database.
     */
    async verify(token: string): Promise<TokenClaims> {
      const remembered = verified.get(token);
      if (remembered && remembered.expiresAtMs > clock.now().getTime()) return remembered.claims;
      try {
        const { kid } = decodeProtectedHeader(token);
        const key = typeof kid === 'string' ? keyById.get(kid) : undefined;
        if (!key) throw unauthenticated('auth.token_invalid', 'Invalid token');
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: clock.now() });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0) throw unauthenticated('auth.token_invalid', 'Invalid token');
        const claims: TokenClaims = {
          userId,
          role: normaliseRole(typeof payload.role === 'string' ? payload.role : ''),
          mustChangePassword: payload.mcp === true,
          sessionVersion: typeof payload.sv === 'number' ? payload.sv : -1,
          sessionId: typeof payload.sid === 'string' && payload.sid !== '' ? payload.sid : null,
        };
        if (verified.size >= MAX_REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAtMs: (payload.exp ?? 0) * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired)
          throw unauthenticated('auth.session_expired', 'Your session has expired. Please sign in again.');
        throw unauthenticated('auth.token_invalid', 'Invalid token');
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
