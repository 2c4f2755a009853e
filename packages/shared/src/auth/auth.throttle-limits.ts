/**
 * Which password-guessing limit refused an attempt (429): failures of this account from this
 * address, of this account from addresses it never signed in from, or of this address across
 * accounts (not counted against an account at an address it signed in from). The answer names it in `error.details` as `{ field: 'limit', message: <limit> }`, the
 * audit row as `details.limit`; the sign-in page words each in the reader's language.
 */
export const THROTTLE_LIMITS = ['account_address', 'account', 'address'] as const;
export type ThrottleLimit = (typeof THROTTLE_LIMITS)[number];

/** The `field` of the error detail that names the limit. */
export const THROTTLE_LIMIT_FIELD = 'limit';

/** The limit a 429's details name, or null (another 429, such as the API's request rate limit). */
export function throttleLimitOf(
  details: readonly { field: string; message: string }[] | undefined,
): ThrottleLimit | null {
  const named = details?.find((detail) => detail.field === THROTTLE_LIMIT_FIELD)?.message;
  return (THROTTLE_LIMITS as readonly string[]).includes(named ?? '') ? (named as ThrottleLimit) : null;
}
