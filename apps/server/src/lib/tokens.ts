import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { normaliseRole } from '@srpf/shared';
import { clock } from './clock.js';
import { AppError, unauthenticated } from './errors.js';

const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: number;
  role: string;
  /** The user must choose a new password before anything else. */
  mustChangePassword: boolean;
}

/** Verified tokens remembered at most (the oldest are forgotten first): a few per signed-in user. */
const MAX_REMEMBERED_TOKENS = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; issuedAtMs: number; expiresAtMs: number }>();
  /** Per user, the moment before which their access tokens no longer count (sessions ended). */
  const endedBefore = new Map<number, { atMs: number; forgetAtMs: number }>();

  /**
   * Refuses a token issued before its user's sessions were ended: here, or on another instance (the
   * change feed). Kept in memory: a restart, or a feed outage, forgets ends until the tokens expire.
   */
  function checkNotEnded(claims: AccessClaims, issuedAtMs: number): AccessClaims {
    const ended = endedBefore.get(claims.userId);
    if (ended && ended.forgetAtMs <= clock.now().getTime()) endedBefore.delete(claims.userId);
    else if (ended && issuedAtMs < ended.atMs) throw unauthenticated('This session has ended. Please sign in again.');
    return claims;
  }

  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      const nowMs = clock.now().getTime();
      const now = Math.floor(nowMs / 1000);
      // `ims`: the moment of issue in milliseconds, finer than `iat`, to tell tokens issued before and
      // after the end of a user's sessions apart.
      return new SignJWT({ role: claims.role, mcp: claims.mustChangePassword, ims: nowMs })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },
    /**
     * Ends the access tokens a user holds now (a deletion, a deactivation, a new password): they are
     * refused from here on, while tokens issued from now on (the fresh session of a password change)
     * still count. Kept as long as the old tokens could live.
     */
    endSessionsOf(userId: number, atMs: number = clock.now().getTime()): void {
      // The same end may arrive twice (at once here, then through the change feed): keep the latest.
      const known = endedBefore.get(userId);
      if (known && known.atMs >= atMs) return;
      endedBefore.set(userId, { atMs, forgetAtMs: atMs + ttlSeconds * 1000 });
    },
    /**
     * Only HS256 is accepted, so `alg: none` and other algorithms fail. A token already verified is
     * remembered until it expires: every request carries one, and checking its signature again each
     * time was the largest cost of a kept answer.
     */
    async verify(token: string): Promise<AccessClaims> {
      const remembered = verified.get(token);
      if (remembered && remembered.expiresAtMs > clock.now().getTime()) return checkNotEnded(remembered.claims, remembered.issuedAtMs);
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: clock.now() });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0) throw unauthenticated('Invalid token');
        const claims = { userId, role: normaliseRole(typeof payload.role === 'string' ? payload.role : ''), mustChangePassword: payload.mcp === true };
        if (verified.size >= MAX_REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
        const issuedAtMs = typeof payload.ims === 'number' ? payload.ims : (payload.iat ?? 0) * 1000;
        verified.set(token, { claims, issuedAtMs, expiresAtMs: (payload.exp ?? 0) * 1000 });
        return checkNotEnded(claims, issuedAtMs);
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw unauthenticated('Your session has expired. Please sign in again.');
        throw unauthenticated('Invalid token');
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
