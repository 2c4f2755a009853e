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
 *
 * The limit holds under concurrency: `begin` takes a transaction-level advisory lock on the account
 * (then on the address), counts, and records the attempt as a failure before the password is
 * verified, so 50 parallel guesses give at most 5 verifications. The caller then marks a right
 * password `succeeded` (or `forgets` an attempt that was no guess) in the transaction of its outcome;
 * a crash in between leaves a failure, the safe side. A refused attempt (429) records nothing.
 */
export function createPasswordThrottle(db: Database) {
  return {
    /** Refuses with 429 when a limit is reached; otherwise records the attempt (a failure until told otherwise) and returns its id. */
    async begin(email: string, ip: string | null, now: Date, kind: PasswordCheck): Promise<number> {
      const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const outcome = await db.transaction(async (tx) => {
        await repository.lockAttemptsOf(tx, email, ip);
        const accountWait = lockedFor(await repository.recentAccountFailures(tx, email, since, MAX_ACCOUNT_FAILURES), MAX_ACCOUNT_FAILURES, now);
        const addressWait = ip ? lockedFor(await repository.recentAddressFailures(tx, ip, since, MAX_ADDRESS_FAILURES), MAX_ADDRESS_FAILURES, now) : null;
        const wait = Math.max(accountWait ?? 0, addressWait ?? 0);
        if (wait > 0) return { wait };
        return { attemptId: await repository.recordLoginAttempt(tx, { email, ip, succeeded: false, created_at: now }) };
      });
      if (outcome.attemptId !== undefined) return outcome.attemptId;
      const refusal = REFUSALS[kind];
      await audit(db, { actorId: null, action: refusal.action, entityType: 'user', entityId: email, outcome: 'failure', ip, details: { reason: 'throttled' } });
      const minutes = Math.ceil(outcome.wait / 60);
      throw new AppError('RATE_LIMITED', refusal.message(`${minutes} minute${minutes === 1 ? '' : 's'}`), { headers: { 'retry-after': String(outcome.wait) } });
    },
    /** The password was right: the attempt is a success, and the account's earlier failures stop counting. */
    succeeded: repository.markLoginAttemptSucceeded,
    /** The attempt was no guess (a right but expired password): it counts neither way. */
    forget: repository.deleteLoginAttempt,
  };
}
