import { PROFILE_PHONE_CHANGES_PER_HOUR } from '@srpf/shared';
import { AppError } from '../../lib/errors.js';
import { retryMinutes, retryMinutesText } from '../../lib/retry-text.js';

const WINDOW_MS = 60 * 60_000;
/** People remembered at most; past it the one whose last try is oldest goes first. */
const MAX_PEOPLE = 10_000;

/**
 * How often a person may try to change their own phone (saved or refused). The profile's answer
 * does not say whether a number is someone else's, but a refusal of a well-formed number still
 * means it is taken: this bounds how many numbers one account can test. In memory, per process,
 * like the lookups' per-person limit.
 */
export function createPhoneChangeLimit(now: () => Date) {
  const tries = new Map<number, number[]>();

  return {
    /** Counts a try, or refuses it with 429 and Retry-After once the hour's tries are used. */
    take(userId: number): void {
      const nowMs = now().getTime();
      const recent = (tries.get(userId) ?? []).filter((at) => nowMs - at < WINDOW_MS);
      tries.delete(userId);
      if (recent.length >= PROFILE_PHONE_CHANGES_PER_HOUR) {
        tries.set(userId, recent);
        const seconds = Math.max(1, Math.ceil((recent[0]! + WINDOW_MS - nowMs) / 1000));
        throw new AppError(
          'users.phone_change_limit',
          { perHour: PROFILE_PHONE_CHANGES_PER_HOUR, minutes: retryMinutes(seconds) },
          `Your phone number can be changed ${PROFILE_PHONE_CHANGES_PER_HOUR} times an hour. ${retryMinutesText(seconds)}.`,
          {
            field: 'phone',
            headers: { 'retry-after': String(seconds) },
          },
        );
      }
      if (tries.size >= MAX_PEOPLE) tries.delete(tries.keys().next().value!);
      tries.set(userId, [...recent, nowMs]);
    },
  };
}
