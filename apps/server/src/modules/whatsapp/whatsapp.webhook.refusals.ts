/**
 * The webhook's own limit: it stands outside the API's per-address rate limit (Meta sends several
 * callbacks per message and disables a webhook that is refused), so only callbacks failing the
 * signature are counted. An address with `max` refusals within `windowMs` is refused (429) until its
 * window ends, before its body is read; Meta's own calls are never refused, so never counted. In
 * memory, per process; at most MAX_ADDRESSES remembered (the oldest go first).
 */
const MAX_ADDRESSES = 10_000;
/** A refused signature is logged at most once a minute per address (with how many were left out). */
const LOG_WINDOW_MS = 60_000;

export interface RefusalLimits {
  max: number;
  windowMs: number;
}

export const DEFAULT_REFUSAL_LIMITS: RefusalLimits = { max: 20, windowMs: 60_000 };

interface AddressState {
  windowStart: number;
  refusals: number;
  loggedAt: number;
  unlogged: number;
}

export function createRefusalLimiter(limits: RefusalLimits, now: () => number = Date.now) {
  const addresses = new Map<string, AddressState>();

  /** The address's state with an ended window started afresh (its log timing kept). */
  function stateOf(address: string): AddressState | undefined {
    const state = addresses.get(address);
    if (state && now() - state.windowStart >= limits.windowMs) {
      state.windowStart = now();
      state.refusals = 0;
    }
    return state;
  }

  return {
    /** Seconds the address must wait before its next callback is read, or 0. */
    waitSeconds(address: string): number {
      const state = stateOf(address);
      if (!state || state.refusals < limits.max) return 0;
      return Math.max(1, Math.ceil((state.windowStart + limits.windowMs - now()) / 1000));
    },
    /** Counts a refusal; answers how many refusals to note in the log now (with this one), or null: not this time. */
    refuse(address: string): number | null {
      let state = stateOf(address);
      if (!state) {
        if (addresses.size >= MAX_ADDRESSES) addresses.delete(addresses.keys().next().value!);
        state = { windowStart: now(), refusals: 0, loggedAt: -Infinity, unlogged: 0 };
        addresses.set(address, state);
      }
      state.refusals += 1;
      if (now() - state.loggedAt < LOG_WINDOW_MS) {
        state.unlogged += 1;
        return null;
      }
      const count = state.unlogged + 1;
      state.loggedAt = now();
      state.unlogged = 0;
      return count;
    },
  };
}
