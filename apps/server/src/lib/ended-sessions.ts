import { ACCESS_TOKEN_TTL_MAX } from '../config.js';

/**
 * How far back an ended session still matters: an access token of a session revoked before then has
 * expired. The guard reads the sessions ended since then and the purge keeps their revoked tokens.
 * The longest lifetime allowed, not the configured one, so tokens issued before a restart with a
 * shorter ACCESS_TOKEN_TTL stay covered.
 */
export function endedSessionsHorizon(now: Date): Date {
  return new Date(now.getTime() - ACCESS_TOKEN_TTL_MAX * 1000);
}
