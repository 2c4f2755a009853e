import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSessionUser } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { DesignationRef } from './users.import-rows.js';

/** A session issued by auth: the access token, the refresh token, and whom they belong to. */
export interface UserSession {
  token: string;
  refreshToken: string;
  user: TSessionUser;
}

/** What users asks of auth (given by the registry): passwords, sessions and the guessing throttle. */
export interface UserCredentials {
  hasher: PasswordHasher;
  sessions: {
    issue(user: TSessionUser, executor: Executor): Promise<UserSession>;
    /** Ends every session of the user: their refresh and access tokens stop working at once. */
    revokeAll(userId: number, executor: Executor): Promise<void>;
  };
  throttle: {
    /** 429 when the account or address is locked; otherwise the attempt, recorded as a failure before the password is verified. */
    begin(email: string, ip: string | null, now: Date, kind: 'password-change'): Promise<number>;
    /** The password was right: the attempt is marked a success. */
    succeeded(executor: Executor, attemptId: number): Promise<void>;
  };
  setSessionCookies(request: FastifyRequest, reply: FastifyReply, refreshToken: string): void;
}

/** What users asks of companies and designations: do the ones a form names exist. */
export interface UserReferences {
  companies: { exists(id: number, executor: Executor): Promise<boolean> };
  designations: {
    find(id: number, executor: Executor): Promise<DesignationRef | undefined>;
    rows(executor: Executor): Promise<DesignationRef[]>;
  };
}
