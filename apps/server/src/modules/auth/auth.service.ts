import type { TLoginRequest, TSessionUser } from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { clock } from '../../lib/clock.js';
import { unauthenticated } from '../../lib/errors.js';
import type { AccountDirectory } from './auth.accounts.js';
import type { Credentials } from './auth.credentials.js';
import * as repository from './auth.repository.js';
import type { Session } from './sessions.service.js';

export type { Session } from './sessions.service.js';

/** Sign-in, refresh, sign-out and the signed-in user: the sessions of the accounts `users` keeps. */
export function createAuthService(context: AppContext, credentials: Credentials, users: AccountDirectory) {
  const { db } = context;
  const { sessions, throttle, hasher, hashSecret } = credentials;

  return {
    async login(input: TLoginRequest, ip: string | null): Promise<Session> {
      const email = input.email.trim().toLowerCase();
      const now = clock.now();
      await throttle.check(email, ip, now, 'sign-in');

      const candidate = await users.findForSignIn(email);
      const passwordOk = await hasher.verify(candidate?.password_hash ?? null, input.password);
      const failure = !candidate || !passwordOk ? 'bad_credentials' : !candidate.is_active ? 'inactive' : null;

      const session = await db.transaction(async (tx) => {
        await throttle.record(tx, { email, ip, succeeded: failure === null, created_at: now });
        await audit(tx, {
          actorId: candidate && failure !== 'bad_credentials' ? candidate.id : null,
          action: 'auth.login',
          entityType: 'user',
          entityId: candidate?.id ?? email,
          outcome: failure ? 'failure' : 'success',
          ip,
          ...(failure ? { details: { reason: failure } } : {}),
        });
        // A failure returns rather than throws, so the attempt and its audit row commit.
        return failure || !candidate ? null : sessions.issue(candidate.user, tx);
      });
      if (session) return session;
      throw unauthenticated(failure === 'inactive' ? 'Your account is inactive. Contact your unit administrator.' : 'Invalid email or password');
    },

    /**
     * Rotates a refresh token: the presented one dies and a new one of the same family is issued.
     * Presenting a token that was already used or revoked means it leaked: the family is revoked.
     */
    async refresh(refreshToken: string, ip: string | null): Promise<Session> {
      const now = clock.now();
      const stored = await repository.findRefreshToken(db, hashSecret(refreshToken));
      if (!stored) throw unauthenticated('Invalid refresh token');
      if (stored.used_at || stored.revoked_at) {
        await db.transaction(async (tx) => {
          await repository.revokeFamily(tx, stored.family_id, now);
          await audit(tx, { actorId: stored.user_id, action: 'auth.refresh_reuse', entityType: 'session', entityId: stored.family_id, outcome: 'failure', ip });
        });
        throw unauthenticated('This session is no longer valid. Please sign in again.');
      }
      if (stored.expires_at <= now) throw unauthenticated('Your session has expired. Please sign in again.');
      // The idle timeout chosen in Settings: a refresh token is issued at each use, so its age is the idle time.
      const idleMinutes = await users.sessionTimeoutMinutes(stored.user_id);
      if (idleMinutes !== null && stored.created_at.getTime() + idleMinutes * 60_000 <= now.getTime()) {
        await db.transaction(async (tx) => {
          await repository.revokeFamily(tx, stored.family_id, now);
          await audit(tx, { actorId: stored.user_id, action: 'auth.idle_timeout', entityType: 'session', entityId: stored.family_id, outcome: 'failure', ip });
        });
        throw unauthenticated('Your session has expired. Please sign in again.');
      }

      const session = await db.transaction(async (tx) => {
        if (!(await repository.claimRefreshToken(tx, stored.id, now))) return null;
        const user = await users.sessionUser(stored.user_id, tx);
        if (!user) {
          await repository.revokeFamily(tx, stored.family_id, now);
          return null;
        }
        return sessions.issue(user, tx, stored.family_id);
      });
      if (!session) throw unauthenticated('This session is no longer valid. Please sign in again.');
      return session;
    },

    /** Ends the session the refresh token belongs to; unknown tokens are ignored. */
    async logout(refreshToken: string | undefined, ip: string | null): Promise<void> {
      if (!refreshToken) return;
      const stored = await repository.findRefreshToken(db, hashSecret(refreshToken));
      if (!stored) return;
      await db.transaction(async (tx) => {
        await repository.revokeFamily(tx, stored.family_id, clock.now());
        await audit(tx, { actorId: stored.user_id, action: 'auth.logout', entityType: 'session', entityId: stored.family_id, outcome: 'success', ip });
      });
    },

    async me(userId: number): Promise<TSessionUser> {
      const user = await users.sessionUser(userId);
      if (!user) throw unauthenticated('Your account is no longer active');
      return user;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
