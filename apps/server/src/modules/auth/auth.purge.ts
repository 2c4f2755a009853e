import type { Database } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { endedSessionsHorizon } from '../../lib/ended-sessions.js';
import type { JobOptions, JobRunner } from '../../lib/jobs/job-runner.js';
import * as repository from './auth.repository.js';
import { KNOWN_ADDRESS_TTL_MS, LOGIN_WINDOW_MS } from './auth.password-throttle.js';

export const AUTH_PURGE_JOB = 'auth.purge';
/** Daily at 03:30 in the force's time zone (the runner's default), when nobody is signing in. */
export const AUTH_PURGE_CRON = '30 3 * * *';
export const AUTH_PURGE_OPTIONS: JobOptions = { retryLimit: 3, retryDelaySeconds: 60 };

export interface AuthPurgeOutcome {
  refreshTokens: number;
  loginAttempts: number;
  knownAddresses: number;
}

/**
 * Removes what sign-in no longer needs: refresh tokens of wholly expired families (but not of one
 * revoked since `endedSessionsHorizon`, whose end the guard still reads), sign-in attempts older
 * than the throttling window, and known addresses unused for KNOWN_ADDRESS_TTL_MS.
 * All are cut by time, so running it twice, or again after a crash, removes nothing more than once.
 */
export function createAuthPurgeHandler(db: Database) {
  return async (): Promise<AuthPurgeOutcome> => {
    const now = clock.now();
    const refreshTokens = await repository.deleteExpiredRefreshTokens(db, now, endedSessionsHorizon(now));
    const loginAttempts = await repository.deleteLoginAttemptsBefore(db, new Date(now.getTime() - LOGIN_WINDOW_MS));
    const knownAddresses = await repository.deleteKnownAddressesBefore(
      db,
      new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS),
    );
    return { refreshTokens, loginAttempts, knownAddresses };
  };
}

/** Declares the purge and its daily schedule; the runner logs each run's outcome and keeps it as the job's output. */
export function registerAuthPurge(runner: JobRunner, db: Database): void {
  runner.define(AUTH_PURGE_JOB, createAuthPurgeHandler(db), AUTH_PURGE_OPTIONS);
  runner.schedule(AUTH_PURGE_JOB, AUTH_PURGE_CRON, {}, { missed: 'once' });
}
