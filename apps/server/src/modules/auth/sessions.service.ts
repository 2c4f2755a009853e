import { randomUUID } from 'node:crypto';
import type { TSessionUser } from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { randomSecret } from '../../lib/secrets.js';
import type { AccessTokens } from '../../lib/tokens.js';
import * as repository from './auth.repository.js';

export interface Session {
  token: string;
  refreshToken: string;
  user: TSessionUser;
}

/**
 * Issuing and ending sessions (an access token plus a rotating refresh token). Other modules use it
 * too: a password change or a deleted account ends every session of that user.
 */
export function createSessionsService(context: AppContext, keys: { tokens: AccessTokens; hashSecret: (secret: string) => string }) {
  const { tokens, hashSecret } = keys;
  return {
    /** A new session, or the next one of `familyId` when a refresh token is rotated. */
    async issue(user: TSessionUser, executor: Executor, familyId: string = randomUUID()): Promise<Session> {
      const refreshToken = randomSecret(32);
      const now = clock.now();
      await repository.insertRefreshToken(executor, {
        user_id: user.id,
        token_hash: hashSecret(refreshToken),
        family_id: familyId,
        created_at: now,
        expires_at: new Date(now.getTime() + context.config.refreshTokenTtl * 1000),
      });
      const token = await tokens.sign({ userId: user.id, role: user.role, mustChangePassword: user.must_change_password });
      return { token, refreshToken, user };
    },

    /** Ends every session of the user: their refresh and access tokens stop working at once. */
    revokeAll: async (userId: number, executor: Executor) => {
      const now = clock.now();
      await repository.revokeAllForUser(executor, userId, now);
      // Their access tokens end too, not only in up to 15 minutes when they expire: at once on this
      // instance, and on every other one through the change feed when the transaction commits.
      tokens.endSessionsOf(userId, now.getTime());
      await context.changes.publish(executor, { type: 'sessions_ended', userId, atMs: now.getTime() });
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
