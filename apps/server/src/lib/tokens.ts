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

export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);

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
    /** Only HS256 is accepted, so `alg: none` and other algorithms fail. */
    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: clock.now() });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0) throw unauthenticated('Invalid token');
        return { userId, role: normaliseRole(String(payload.role ?? '')), mustChangePassword: payload.mcp === true };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthenticated('Your session has expired. Please sign in again.');
        throw unauthenticated('Invalid token');
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
