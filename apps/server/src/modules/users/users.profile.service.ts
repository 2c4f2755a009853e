import {
  CURRENT_PASSWORD_INCORRECT,
  mayEnableWhatsapp,
  PROFILE_PHONE_MESSAGE,
  SESSION_TIMEOUTS,
  type TSessionSettingsRequest,
  type TUser,
  type TWhatsappConsent,
  type TWhatsappConsentRequest,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { clock } from '../../lib/clock.js';
import { uniqueViolationOf } from '../../lib/db-errors.js';
import { AppError, unauthenticated } from '../../lib/errors.js';
import { assertStrongPassword } from '../../lib/password-strength.js';
import { invalidField, invalidFields, schemaFailureMessage } from '../../lib/validation.js';
import type { AccessClaims } from '../../lib/tokens.js';
import type { UserCredentials, UserSession } from './users.dependencies.js';
import { toSessionUser, whatsappSettingsOf } from './users.presenter.js';
import { numberUnverified } from './users.numbers.js';
import * as repository from './users.repository.js';
import type { UsersService } from './users.service.js';
import { createPhoneChangeLimit } from './users.phone-changes.js';
import { rethrowDuplicateUser } from './users.unique.js';

/**
 * A phone another person holds is refused exactly as a malformed one (the schema's answer): the
 * profile must not tell anyone whose number exists. Administrators' user form keeps its 409.
 */
function rethrowUnusablePhone(error: unknown): never {
  if (uniqueViolationOf(error) === 'users_phone_unique') {
    // The reason too is the malformed number's (the schema's custom issue), so the answers are identical.
    const details = [
      { field: 'phone', message: PROFILE_PHONE_MESSAGE, reason: 'validation.invalid' as const, params: {} },
    ];
    throw invalidFields(schemaFailureMessage(details[0]), details);
  }
  return rethrowDuplicateUser(error);
}

/** One's own profile, password and session settings: any signed-in user, for themselves only. */
export function createProfileService(context: AppContext, credentials: UserCredentials, users: UsersService) {
  const { db } = context;
  const { hasher, sessions, throttle } = credentials;
  const phoneChanges = createPhoneChangeLimit(() => clock.now());

  return {
    async updateProfile(
      actor: AccessClaims,
      input: { first_name: string; middle_name: string; last_name: string; phone: string },
      ip: string | null,
    ): Promise<TUser> {
      const current = await repository.findUserById(db, actor.userId);
      if (!current) throw unauthenticated('auth.account_no_longer_active', 'Your account is no longer active');
      // Counted before the save, so refused numbers count too; the names alone are not limited.
      if (current.phone_number !== input.phone) phoneChanges.take(actor.userId);
      const numberChanged = current.phone_number !== input.phone;
      await db
        .transaction(async (tx) => {
          const updated = await repository.updateUser(tx, actor.userId, {
            first_name: input.first_name,
            middle_name: input.middle_name,
            last_name: input.last_name,
            phone_number: input.phone,
            // A new number is not yet the person's (issue 31): nothing goes to it until a code confirms it.
            ...(numberChanged ? numberUnverified(current, clock.now()) : {}),
          });
          if (!updated) throw unauthenticated('auth.account_no_longer_active', 'Your account is no longer active');
          await audit(tx, {
            actorId: actor.userId,
            action: 'user.profile_update',
            entityType: 'user',
            entityId: actor.userId,
            outcome: 'success',
            ip,
            ...(numberChanged ? { details: { phone_changed: true } } : {}),
          });
          if (numberChanged && (current.whatsapp_enabled || current.whatsapp_notices_enabled)) {
            await audit(tx, {
              actorId: actor.userId,
              action: 'user.whatsapp_consent',
              entityType: 'user',
              entityId: actor.userId,
              outcome: 'success',
              ip,
              details: {
                before: { enabled: current.whatsapp_enabled, notices: current.whatsapp_notices_enabled },
                after: { enabled: false, notices: false },
                source: 'self',
                reason: 'number_changed',
              },
            });
          }
        })
        .catch(rethrowUnusablePhone);
      return users.fullUser(actor.userId);
    },

    /**
     * The checks of the spec ran in the request schema; here the new password's strength is judged,
     * and only then the current password verified (an attempt recorded before the check, so parallel
     * guesses cannot pass the throttle). A success clears must_change_password and the password's
     * expiry, ends every session of the user and starts a fresh one, so the device that made the
     * change stays signed in and every other one is signed out.
     */
    async changePassword(
      actor: AccessClaims,
      input: { current_password?: string; new_password?: string },
      ip: string | null,
    ): Promise<UserSession> {
      const current = input.current_password ?? '';
      const next = input.new_password ?? '';
      const holder = await repository.findPasswordHolder(db, actor.userId);
      if (holder === undefined)
        throw unauthenticated('auth.account_no_longer_active', 'Your account is no longer active');
      assertStrongPassword('new_password', next, [
        holder.email,
        holder.first_name,
        holder.middle_name,
        holder.last_name,
      ]);
      // A stolen session must not become a way to guess the password: wrong current passwords count
      // with failed sign-ins of the account.
      const email = holder.email.toLowerCase();
      const now = clock.now();
      const attempt = await throttle.begin(email, ip, now, 'password-change');
      if (!(await hasher.verify(holder.password_hash, current))) {
        await db.transaction(async (tx) => {
          await audit(tx, {
            actorId: actor.userId,
            action: 'user.password_change',
            entityType: 'user',
            entityId: actor.userId,
            outcome: 'failure',
            ip,
            details: { reason: 'wrong_current_password' },
          });
        });
        throw invalidField('current_password', 'users.current_password_incorrect', {}, CURRENT_PASSWORD_INCORRECT);
      }
      const newHash = await hasher.hash(next);
      const session = await db.transaction(async (tx) => {
        await repository.updateUser(tx, actor.userId, {
          password_hash: newHash,
          must_change_password: false,
          password_expires_at: null,
          password_changed_at: clock.now(),
        });
        await sessions.revokeAll(actor.userId, tx);
        await throttle.succeeded(tx, attempt);
        await audit(tx, {
          actorId: actor.userId,
          action: 'user.password_change',
          entityType: 'user',
          entityId: actor.userId,
          outcome: 'success',
          ip,
        });
        const row = await repository.findSessionUserById(tx, actor.userId);
        if (!row || !row.is_active)
          throw unauthenticated('auth.account_no_longer_active', 'Your account is no longer active');
        return sessions.issue(toSessionUser(row), tx);
      });
      return session;
    },

    async updateSettings(actor: AccessClaims, input: TSessionSettingsRequest, ip: string | null): Promise<TUser> {
      await db.transaction(async (tx) => {
        const updated = await repository.updateUser(tx, actor.userId, {
          session_timeout_minutes: SESSION_TIMEOUTS[input.session_timeout],
        });
        if (!updated) throw unauthenticated('auth.account_no_longer_active', 'Your account is no longer active');
        await audit(tx, {
          actorId: actor.userId,
          action: 'user.settings_update',
          entityType: 'user',
          entityId: actor.userId,
          outcome: 'success',
          ip,
          details: { session_timeout: input.session_timeout },
        });
      });
      return users.fullUser(actor.userId);
    },

    /**
     * Opting in or out of WhatsApp slips and, apart, of notices (Settings › Profile; issues 19 and 31):
     * turning either on needs a verified number (409 otherwise); recorded with the moment and the
     * source `self`, and audited with what it was and what it is.
     */
    async updateWhatsapp(
      actor: AccessClaims,
      input: TWhatsappConsentRequest,
      ip: string | null,
    ): Promise<TWhatsappConsent> {
      await db.transaction(async (tx) => {
        const before = await repository.findUserById(tx, actor.userId);
        if (!before) throw unauthenticated('auth.account_no_longer_active', 'Your account is no longer active');
        const turningOn =
          (input.whatsapp_enabled === true && !before.whatsapp_enabled) ||
          (input.whatsapp_notices_enabled === true && !before.whatsapp_notices_enabled);
        if (turningOn && !mayEnableWhatsapp(before))
          throw new AppError(
            'users.whatsapp_number_unverified',
            {},
            'Verify your mobile number first: WhatsApp is sent only to a verified number',
            { field: 'phone' },
          );
        const now = clock.now();
        const language = input.whatsapp_language ?? before.whatsapp_language;
        const enabled = input.whatsapp_enabled ?? before.whatsapp_enabled;
        const notices = input.whatsapp_notices_enabled ?? before.whatsapp_notices_enabled;
        const updated = await repository.updateUser(tx, actor.userId, {
          whatsapp_language: language,
          ...(input.whatsapp_enabled !== undefined
            ? { whatsapp_enabled: enabled, whatsapp_consent_at: now, whatsapp_consent_source: 'self' }
            : {}),
          ...(input.whatsapp_notices_enabled !== undefined
            ? { whatsapp_notices_enabled: notices, whatsapp_notices_consent_at: now }
            : {}),
        });
        if (!updated) throw unauthenticated('auth.account_no_longer_active', 'Your account is no longer active');
        // Notices appear in the audit only once they are part of the call, so slip-only rows read as before.
        const withNotices = input.whatsapp_notices_enabled !== undefined;
        await audit(tx, {
          actorId: actor.userId,
          action: 'user.whatsapp_consent',
          entityType: 'user',
          entityId: actor.userId,
          outcome: 'success',
          ip,
          details: {
            before: {
              enabled: before.whatsapp_enabled,
              language: before.whatsapp_language,
              ...(withNotices ? { notices: before.whatsapp_notices_enabled } : {}),
            },
            after: { enabled, language, ...(withNotices ? { notices } : {}) },
            source: 'self',
          },
        });
      });
      return whatsappSettingsOf(await users.fullUser(actor.userId));
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
