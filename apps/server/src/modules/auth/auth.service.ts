import {
  idleTimeoutMinutes,
  LOGIN_IDENTIFIER_INVALID_MESSAGE,
  signInIdentifierOf,
  type SignInIdentifier,
  type TLoginRequest,
  type TSessionUser,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { clock } from '../../lib/clock.js';
import { AppError, unauthenticated } from '../../lib/errors.js';
import { invalidField } from '../../lib/validation.js';
import type { AccountDirectory, SignInCandidate } from './auth.accounts.js';
import type { Credentials } from './auth.credentials.js';
import * as repository from './auth.repository.js';
import type { Session } from './auth.sessions.service.js';

export type { Session } from './auth.sessions.service.js';

/** A one-time, imported or administrator-set password past ONE_TIME_PASSWORD_TTL (401 PASSWORD_EXPIRED). */
export const PASSWORD_EXPIRED_MESSAGE =
  'Your temporary password has expired. Ask your unit administrator to set a new one.';

/** A refresh after the session's absolute lifetime (SESSION_MAX_AGE from the sign-in). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * What the guessing throttle counts an attempt against: the account's email whatever identifier
 * named it (as a password change counts, so switching between the email, the mobile number and the
 * Sevarth ID of one account gives no more tries), else the identifier as normalised.
 */
function throttleKeyOf(identifier: SignInIdentifier, candidate: SignInCandidate | undefined): string {
  return candidate ? candidate.user.email.toLowerCase() : identifier.value;
}

/** Sign-in, refresh, sign-out and the signed-in user: the sessions of the accounts `users` keeps. */
export function createAuthService(context: AppContext, credentials: Credentials, users: AccountDirectory) {
  const { db } = context;
  const { sessions, throttle, hasher, storedFormsOf } = credentials;

  return {
    async login(input: TLoginRequest, ip: string | null): Promise<Session> {
      const identifier = signInIdentifierOf(input.email);
      // The schema has refused anything else; a caller that skipped it gets the same 400.
      if (!identifier) throw invalidField('email', 'validation.invalid', {}, LOGIN_IDENTIFIER_INVALID_MESSAGE);
      const now = clock.now();
      const candidate = await users.findForSignIn(identifier);
      const account = throttleKeyOf(identifier, candidate);
      // Recorded as a failure before the password is verified: parallel guesses cannot pass the limit.
      const attempt = await throttle.begin(account, ip, now, 'sign-in');

      const passwordOk = await hasher.verify(candidate?.password_hash ?? null, input.password);
      const expired = candidate?.password_expires_at != null && candidate.password_expires_at <= now;
      const failure =
        !candidate || !passwordOk
          ? 'bad_credentials'
          : !candidate.is_active
            ? 'inactive'
            : expired
              ? 'password_expired'
              : null;

      const session = await db.transaction(async (tx) => {
        if (failure === null) await throttle.succeeded(tx, attempt);
        // The right password, past its time: not a guess, so it must not lock out the person waiting for a new one.
        else if (failure === 'password_expired') await throttle.forget(tx, attempt);
        await audit(tx, {
          actorId: candidate && failure !== 'bad_credentials' ? candidate.id : null,
          action: 'auth.login',
          entityType: 'user',
          entityId: candidate?.id ?? account,
          outcome: failure ? 'failure' : 'success',
          ip,
          details: failure ? { reason: failure, identifier: identifier.kind } : { identifier: identifier.kind },
        });
        // A failure returns rather than throws, so the attempt and its audit row commit.
        return failure || !candidate
          ? null
          : sessions.issue(candidate.user, tx, { sessionVersion: candidate.session_version });
      });
      if (session) return session;
      if (failure === 'password_expired') throw new AppError('auth.password_expired', {}, PASSWORD_EXPIRED_MESSAGE);
      throw failure === 'inactive'
        ? unauthenticated('auth.account_inactive', 'Your account is inactive. Contact your unit administrator.')
        : unauthenticated('auth.invalid_credentials', 'Wrong email, mobile number, Sevarth ID or password');
    },

    /**
     * Rotates a refresh token: the presented one dies and a new one of the same family is issued.
     * Presenting a token that was already used or revoked means it leaked: the family is revoked.
     */
    async refresh(refreshToken: string, ip: string | null): Promise<Session> {
      const now = clock.now();
      const stored = await repository.findRefreshToken(db, storedFormsOf(refreshToken));
      if (!stored) throw unauthenticated('auth.refresh_token_invalid', 'Invalid refresh token');
      if (stored.used_at || stored.revoked_at) {
        await db.transaction(async (tx) => {
          await sessions.end(tx, { userId: stored.user_id, familyId: stored.family_id });
          await audit(tx, {
            actorId: stored.user_id,
            action: 'auth.refresh_reuse',
            entityType: 'session',
            entityId: stored.family_id,
            outcome: 'failure',
            ip,
          });
        });
        throw unauthenticated('auth.session_invalid', 'This session is no longer valid. Please sign in again.');
      }
      // The absolute lifetime counts from the sign-in, whatever the rotations since; read from the
      // configuration at each refresh, so a shorter SESSION_MAX_AGE applies to the sessions under way.
      if (stored.family_started_at.getTime() + context.config.sessionMaxAge * 1000 <= now.getTime()) {
        await db.transaction(async (tx) => {
          await sessions.end(tx, { userId: stored.user_id, familyId: stored.family_id });
          await audit(tx, {
            actorId: stored.user_id,
            action: 'auth.session_max_age',
            entityType: 'session',
            entityId: stored.family_id,
            outcome: 'failure',
            ip,
          });
        });
        throw unauthenticated('auth.session_ended', SESSION_ENDED_MESSAGE);
      }
      if (stored.expires_at <= now)
        throw unauthenticated('auth.session_expired', 'Your session has expired. Please sign in again.');
      // The idle timeout chosen in Settings (1 hour when none was chosen, none for never): a refresh
      // token is issued at each use, so its age is the idle time.
      const idleMinutes = idleTimeoutMinutes(await users.sessionTimeoutMinutes(stored.user_id));
      if (idleMinutes !== null && stored.created_at.getTime() + idleMinutes * 60_000 <= now.getTime()) {
        await db.transaction(async (tx) => {
          await sessions.end(tx, { userId: stored.user_id, familyId: stored.family_id });
          await audit(tx, {
            actorId: stored.user_id,
            action: 'auth.idle_timeout',
            entityType: 'session',
            entityId: stored.family_id,
            outcome: 'failure',
            ip,
          });
        });
        throw unauthenticated('auth.session_expired', 'Your session has expired. Please sign in again.');
      }

      const session = await db.transaction(async (tx) => {
        if (!(await repository.claimRefreshToken(tx, stored.id, now))) return null;
        const user = await users.sessionUser(stored.user_id, tx);
        // Gone, deactivated, or their sessions ended (a new password) since this family was signed in.
        if (!user || stored.session_version !== (await repository.sessionVersionOf(tx, stored.user_id))) {
          await sessions.end(tx, { userId: stored.user_id, familyId: stored.family_id });
          return null;
        }
        return sessions.issue(user, tx, {
          id: stored.family_id,
          startedAt: stored.family_started_at,
          sessionVersion: stored.session_version,
        });
      });
      if (!session)
        throw unauthenticated('auth.session_invalid', 'This session is no longer valid. Please sign in again.');
      return session;
    },

    /** Ends the session the refresh token belongs to; unknown tokens are ignored. */
    async logout(refreshToken: string | undefined, ip: string | null): Promise<void> {
      if (!refreshToken) return;
      const stored = await repository.findRefreshToken(db, storedFormsOf(refreshToken));
      if (!stored) return;
      await db.transaction(async (tx) => {
        await sessions.end(tx, { userId: stored.user_id, familyId: stored.family_id });
        await audit(tx, {
          actorId: stored.user_id,
          action: 'auth.logout',
          entityType: 'session',
          entityId: stored.family_id,
          outcome: 'success',
          ip,
        });
      });
    },

    async me(userId: number): Promise<TSessionUser> {
      const user = await users.sessionUser(userId);
      if (!user) throw unauthenticated('auth.account_no_longer_active', 'Your account is no longer active');
      return user;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
