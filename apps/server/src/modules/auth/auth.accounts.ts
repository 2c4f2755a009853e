import type { SignInIdentifier, TSessionUser } from '@srpf/shared';
import type { Executor } from '../../db/client.js';

/** A person trying to sign in, as the users module finds them by email, mobile number or Sevarth ID. */
export interface SignInCandidate {
  id: number;
  password_hash: string | null;
  /** When a password someone else set stops signing in; null for one the person chose. */
  password_expires_at: Date | null;
  is_active: boolean;
  /** The session version when the password was read: a session is issued under it, so a reset committed meanwhile refuses it. */
  session_version: number;
  user: TSessionUser;
}

/** What auth asks of the users module (given by the registry): the accounts sessions belong to. */
export interface AccountDirectory {
  /** The one account (not deleted) the identifier belongs to: each is unique among those accounts. */
  findForSignIn(identifier: SignInIdentifier): Promise<SignInCandidate | undefined>;
  /** The user a session may continue as: undefined when deleted or inactive. */
  sessionUser(id: number, executor?: Executor): Promise<TSessionUser | undefined>;
  /** The idle timeout the user chose in Settings, as stored: minutes, 0 for never, null when they chose none (`idleTimeoutMinutes` reads it). */
  sessionTimeoutMinutes(id: number): Promise<number | null>;
}
