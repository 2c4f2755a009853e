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

/** A refresh-token family: one sign-in and its rotations, and the user's session version it was signed in under. */
export interface SessionFamily {
  id: string;
  startedAt: Date;
  sessionVersion: number;
}

/**
 * Issuing and ending sessions (an access token plus a rotating refresh token). Other modules use it
 * too: a password change or a deleted account ends every session of that user.
 */
export function createSessionsService(
  context: AppContext,
  keys: { tokens: AccessTokens; hashSecret: (secret: string) => string },
) {
  const { tokens, hashSecret } = keys;
  return {
    /**
     * A new session, or the next token of `family` when a refresh token is rotated. A token never
     * outlives its family's absolute lifetime (SESSION_MAX_AGE from the sign-in). A new session is
     * issued under the session version read with the credentials it was granted on (sign-in passes
     * it), else the current one: a password reset committed in between then refuses it.
     */
    async issue(
      user: TSessionUser,
      executor: Executor,
      family?: SessionFamily | { sessionVersion: number },
    ): Promise<Session> {
      const refreshToken = randomSecret(32);
      const now = clock.now();
      const sessionVersion = family?.sessionVersion ?? (await repository.sessionVersionOf(executor, user.id));
      const { id: familyId, startedAt } = family && 'id' in family ? family : { id: randomUUID(), startedAt: now };
      const { refreshTokenTtl, sessionMaxAge } = context.config;
      await repository.insertRefreshToken(executor, {
        user_id: user.id,
        token_hash: hashSecret(refreshToken),
        family_id: familyId,
        family_started_at: startedAt,
        session_version: sessionVersion,
        created_at: now,
        expires_at: new Date(
          Math.min(now.getTime() + refreshTokenTtl * 1000, startedAt.getTime() + sessionMaxAge * 1000),
        ),
      });
      const token = await tokens.sign({
        userId: user.id,
        role: user.role,
        mustChangePassword: user.must_change_password,
        sessionVersion,
        sessionId: familyId,
      });
      return { token, refreshToken, user };
    },

    /**
     * Ends one session (a refresh-token family): its refresh tokens are revoked and its access tokens
     * refused from the commit on, on every instance: the guard reads a person's ended sessions with
     * their standing, which this forgets here and, through the change feed, everywhere. Nothing is
     * announced when the family was already revoked (a stolen token presented again and again).
     */
    async end(executor: Executor, session: { userId: number; familyId: string }): Promise<void> {
      if (await repository.revokeFamily(executor, session.familyId, clock.now()))
        await context.standing.changed(executor, session.userId);
    },

    /**
     * Ends every session of the user: their refresh tokens are revoked and their session version
     * raised, so every access token they hold is refused from the commit on, on every instance (the
     * guard reads the version at each request). A session issued after this in the same transaction
     * (the device that changed the password) carries the new version. The account's known sign-in
     * addresses are forgotten too: one may be that of whoever held the old password, and it must not
     * keep its way past the throttles (a password change of one's own notes its address again).
     */
    revokeAll: async (userId: number, executor: Executor) => {
      // The version first: its row lock makes a refresh or sign-in racing this change wait, and what
      // they issue under the old version is refused from the commit on.
      await repository.raiseSessionVersion(executor, userId);
      await repository.revokeAllForUser(executor, userId, clock.now());
      await repository.forgetKnownAddressesOf(executor, userId);
      await context.standing.changed(executor, userId);
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
