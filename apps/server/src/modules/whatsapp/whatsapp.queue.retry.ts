/**
 * When a delivery refused with a passing error goes again: exponential back-off from 5 s, doubled
 * each attempt up to 15 minutes, with jitter (half to all of it) so that a burst of refusals does not
 * come back as one burst. After WHATSAPP_MAX_ATTEMPTS the delivery fails with its last reason.
 */
export const WHATSAPP_MAX_ATTEMPTS = 8;
const BASE_MS = 5_000;
const CAP_MS = 15 * 60_000;
/** 131049 (the person's marketing limit): again after a day. */
export const RETRY_AFTER_DAY_MS = 24 * 3600 * 1000;

/** The wait before the next try after `attempts` attempts (1 = the first failed); `random` in [0, 1). */
export function backoffDelayMs(attempts: number, random: number = Math.random()): number {
  const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
