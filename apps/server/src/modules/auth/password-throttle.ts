import type { AuditAction } from '@srpf/shared';
import type { Database } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import * as repository from './auth.repository.js';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_ACCOUNT_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;

/** What was being guessed: the password at sign-in, or the current password at a password change. */
export type PasswordCheck = 'sign-in' | 'password-change';

const REFUSALS: Record<PasswordCheck, { action: AuditAction; message: (minutes: string) => string }> = {
  'sign-in': { action: 'auth.login', message: (minutes) => `Too many failed sign-in attempts. Try again in ${minutes}.` },
  'password-change': { action: 'user.password_change', message: (minutes) => `Too many wrong current passwords. Try again in ${minutes}.` },
};

/** Seconds until the oldest counted failure leaves the window, when the limit is reached. */
function lockedFor(failures: Date[], limit: number, now: Date): number | null {
  if (failures.length < limit) return null;
  const oldestCounted = failures[limit - 1]!;
  return Math.max(1, Math.ceil((oldestCounted.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000));
}

/**
 * Password guessing is throttled per account and per address, over sign-ins and password changes
 * alike (both try the same password): 5 failures of an account since its last success, or 20 from
 * an address, within 15 minutes, and further attempts get 429 with Retry-After.
 */
export function createPasswordThrottle(db: Database) {
  return {
    async check(email: string, ip: string | null, now: Date, kind: PasswordCheck): Promise<void> {
      const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const accountWait = lockedFor(await repository.recentAccountFailures(db, email, since, MAX_ACCOUNT_FAILURES), MAX_ACCOUNT_FAILURES, now);
      const addressWait = ip ? lockedFor(await repository.recentAddressFailures(db, ip, since, MAX_ADDRESS_FAILURES), MAX_ADDRESS_FAILURES, now) : null;
      const wait = Math.max(accountWait ?? 0, addressWait ?? 0);
      if (wait === 0) return;
      const refusal = REFUSALS[kind];
      await audit(db, { actorId: null, action: refusal.action, entityType: 'user', entityId: email, outcome: 'failure', ip, details: { reason: 'throttled' } });
      const minutes = Math.ceil(wait / 60);
      throw new AppError('RATE_LIMITED', refusal.message(`${minutes} minute${minutes === 1 ? '' : 's'}`), { headers: { 'retry-after': String(wait) } });
    },
    record: repository.recordLoginAttempt,
  };
}
