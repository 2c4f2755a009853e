import {
  THROTTLE_LIMIT_FIELD,
  type AuditAction,
  type ErrorReason,
  type ErrorReasonOf,
  type ThrottleLimit,
} from '@srpf/shared';
import type { Database, Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { retryMinutes, retryMinutesText } from '../../lib/retry-text.js';
import * as repository from './auth.repository.js';

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failures of one account from one address: what someone mistyping their own password meets. */
export const MAX_ACCOUNT_ADDRESS_FAILURES = 5;
/** Failures of one account from all addresses together: guesses spread over many addresses. */
export const MAX_ACCOUNT_FAILURES = 10;
/** Failures from one address over all accounts: one address trying many accounts. */
export const MAX_ADDRESS_FAILURES = 20;
/** An address the account's right password came from stays known this long after the latest time. */
export const KNOWN_ADDRESS_TTL_MS = 90 * 24 * 60 * 60_000;

/** What was being guessed: the password at sign-in, or the current password at a password change. */
export type PasswordCheck = 'sign-in' | 'password-change';

const SIGN_IN_REFUSALS: Record<ThrottleLimit, (tryAgain: string) => string> = {
  account_address: (tryAgain) => `Too many failed sign-in attempts. ${tryAgain}.`,
  account: (tryAgain) =>
    `Too many failed sign-in attempts for this account. ${tryAgain}, or sign in from a network you have signed in from before.`,
  address: (tryAgain) => `Too many failed sign-in attempts from your network. ${tryAgain}.`,
};

/** The reason of each refusal: each sign-in limit has its own text (the details still name the limit). */
const SIGN_IN_REASONS = {
  account_address: 'auth.throttled_account_address',
  account: 'auth.throttled_account',
  address: 'auth.throttled_address',
} as const satisfies Record<ThrottleLimit, ErrorReason>;

const REFUSALS: Record<
  PasswordCheck,
  {
    action: AuditAction;
    reason: (limit: ThrottleLimit) => ErrorReasonOf<'RATE_LIMITED'>;
    message: (limit: ThrottleLimit, tryAgain: string) => string;
  }
> = {
  'sign-in': {
    action: 'auth.login',
    reason: (limit) => SIGN_IN_REASONS[limit],
    message: (limit, tryAgain) => SIGN_IN_REFUSALS[limit](tryAgain),
  },
  'password-change': {
    action: 'user.password_change',
    reason: () => 'auth.password_change_throttled',
    message: (_limit, tryAgain) => `Too many wrong current passwords. ${tryAgain}.`,
  },
};

/** Seconds until the oldest counted failure leaves the window, when the limit is reached. */
function lockedFor(failures: Date[], limit: number, now: Date): number | null {
  if (failures.length < limit) return null;
  const oldestCounted = failures[limit - 1]!;
  return Math.max(1, Math.ceil((oldestCounted.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000));
}

interface Wait {
  limit: ThrottleLimit;
  seconds: number;
}

/**
 * Password guessing is throttled over sign-ins and password changes alike (both try the same
 * password), by failures within 15 minutes, three ways; further attempts get 429 with Retry-After,
 * and the answer and the audit row name the limit (`THROTTLE_LIMITS`):
 * - `account_address`: 5 failures of the account from this address;
 * - `account`: 10 failures of the account from any addresses;
 * - `address`: 20 failures from this address, whatever the accounts.
 * Neither of the last two holds back an address the account's right password came from in the last
 * 90 days (a "known address", noted at each success, forgotten when all the account's sessions are
 * ended). Account failures before the account's last success no longer count.
 *
 * Why known addresses: an attacker without the password must not be able to keep the owner out.
 * Guesses from the attacker's address lock only that address (per account, or across accounts);
 * guesses spread over many addresses lock the account for every address but those the owner has
 * signed in from, where the owner still gets in. Guesses at other accounts from an address the owner
 * shares (an office behind one NAT) do not lock the owner out there either. The owner still meets the
 * per-account-and-address limit, so a known address shared with an attacker gives 5 guesses of this
 * account per 15 minutes at most. The owner on a new network waits like the attacker until the
 * guessing stops.
 *
 * The limits hold under concurrency: `begin` takes a transaction-level advisory lock on the account
 * (then on the address), counts, and records the attempt as a failure before the password is
 * verified, so 50 parallel guesses give at most 10 verifications (5 from one address). The caller
 * then marks a right password `succeeded` (or `forgets` an attempt that was no guess) in the
 * transaction of its outcome; a crash in between leaves a failure, the safe side. A refused attempt
 * (429) records nothing.
 */
export function createPasswordThrottle(db: Database) {
  return {
    /** Refuses with 429 when a limit is reached; otherwise records the attempt (a failure until told otherwise) and returns its id. */
    async begin(email: string, ip: string | null, now: Date, kind: PasswordCheck): Promise<number> {
      const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const outcome = await db.transaction(async (tx) => {
        await repository.lockAttemptsOf(tx, email, ip);
        const waits: Wait[] = [];
        const note = (limit: ThrottleLimit, seconds: number | null) => {
          if (seconds !== null) waits.push({ limit, seconds });
        };
        if (ip)
          note(
            'account_address',
            lockedFor(
              await repository.recentAccountFailures(tx, email, since, MAX_ACCOUNT_ADDRESS_FAILURES, ip),
              MAX_ACCOUNT_ADDRESS_FAILURES,
              now,
            ),
          );
        const accountWait = lockedFor(
          await repository.recentAccountFailures(tx, email, since, MAX_ACCOUNT_FAILURES),
          MAX_ACCOUNT_FAILURES,
          now,
        );
        const addressWait = ip
          ? lockedFor(
              await repository.recentAddressFailures(tx, ip, since, MAX_ADDRESS_FAILURES),
              MAX_ADDRESS_FAILURES,
              now,
            )
          : null;
        // Asked only when one of them would refuse: the account's known addresses pass both.
        const known =
          ip && (accountWait !== null || addressWait !== null)
            ? await repository.isKnownAddress(tx, email, ip, new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS))
            : false;
        if (!known) {
          note('account', accountWait);
          note('address', addressWait);
        }
        // The longest wait is the one that decides when to try again; on a tie, the narrowest limit is named.
        const longest = waits.reduce<Wait | null>(
          (found, wait) => (found === null || wait.seconds > found.seconds ? wait : found),
          null,
        );
        if (longest) return { refused: longest };
        return { attemptId: await repository.recordLoginAttempt(tx, { email, ip, succeeded: false, created_at: now }) };
      });
      if (outcome.attemptId !== undefined) return outcome.attemptId;
      const { limit, seconds } = outcome.refused;
      const refusal = REFUSALS[kind];
      await audit(db, {
        actorId: null,
        action: refusal.action,
        entityType: 'user',
        entityId: email,
        outcome: 'failure',
        ip,
        details: { reason: 'throttled', limit },
      });
      throw new AppError(
        refusal.reason(limit),
        { minutes: retryMinutes(seconds) },
        refusal.message(limit, retryMinutesText(seconds)),
        {
          details: [{ field: THROTTLE_LIMIT_FIELD, message: limit }],
          headers: { 'retry-after': String(seconds) },
        },
      );
    },
    /** The password was right: the attempt is a success, the account's earlier failures stop counting, and its address becomes known. */
    async succeeded(executor: Executor, attemptId: number): Promise<void> {
      const attempt = await repository.markLoginAttemptSucceeded(executor, attemptId);
      if (attempt?.ip) await repository.rememberKnownAddress(executor, attempt.email, attempt.ip, attempt.at);
    },
    /** The attempt was no guess (a right but expired password): it counts neither way. */
    forget: repository.deleteLoginAttempt,
  };
}
