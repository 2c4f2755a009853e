import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { normaliseRole } from '@srpf/shared';
import { clock } from './clock.js';
import { unauthenticated } from './errors.js';

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
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ role: claims.role, mcp: claims.mustChangePassword })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },
    /**
     * Only HS256 is accepted, so `alg: none` and other algorithms fail. A token already verified is
     * remembered until it expires: every request carries one, and checking its signature again each
     * time was the largest cost of a kept answer.
     */
    async verify(token: string): Promise<AccessClaims> {
      const remembered = verified.get(token);
      if (remembered && remembered.expiresAtMs > clock.now().getTime()) return remembered.claims;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: clock.now() });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0) throw unauthenticated('Invalid token');
        const claims = { userId, role: normaliseRole(String(payload.role ?? '')), mustChangePassword: payload.mcp === true };
        if (verified.size >= MAX_REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAtMs: (payload.exp ?? 0) * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthenticated('Your session has expired. Please sign in again.');
        throw unauthenticated('Invalid token');
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
