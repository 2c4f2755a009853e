import { isTokenUnexpired, tokenExpiry } from '@srpf/shared/common/token';
import type { TSessionUser, TUser } from '@srpf/shared';

/** Storage keys of the spec (document 1, section 9). */
export const TOKEN_KEY = 'srpf_auth_token';
export const USER_KEY = 'srpf_user';

type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The stored user as text: it changes only when the user does, so it can key a cached reading. */
export function getStoredUserText(): string | null {
  return localStorage.getItem(USER_KEY);
}

/**
 * The signed-in user as stored: the sign-in answer's session user, which the signed-in layout
 * replaces with the full record (GET /users/{id}) carrying the company, grants, overseen companies
 * and approval role that `current-user.ts` reads.
 */
export type StoredUser = TSessionUser & Partial<Omit<TUser, keyof TSessionUser>>;

export function getStoredUser(): StoredUser | null {
  const raw = getStoredUserText();
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

/**
 * What to store when a sign-in, refresh or password change answers a session user: for the same
 * person the fields of the full record stay (the session user lacks the grants, the company and the
 * approval role, and would otherwise take the person's controls away until the record is fetched
 * again); for another person nothing of the previous one survives.
 */
export function mergeSessionUser(stored: StoredUser | null, user: TSessionUser): StoredUser {
  return stored && stored.id === user.id ? { ...stored, ...user } : { ...user };
}

/**
 * Stores the access token only while its expiry lies ahead (spec, document 1 section 5); an expired
 * one is refused with a warning. Returns whether it was stored.
 */
export function storeSession(token: string, user?: TSessionUser): boolean {
  if (!isTokenUnexpired(token)) {
    console.warn('Received an access token that has already expired; it was not stored.');
    return false;
  }
  localStorage.setItem(TOKEN_KEY, token);
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(mergeSessionUser(getStoredUser(), user)));
  notify();
  return true;
}

/** Replaces the stored user: the full record from GET /users/{id}, or a changed copy of the stored one. */
export function storeUser(user: StoredUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  notify();
}

export function isSignedIn(): boolean {
  return getToken() !== null;
}

/** Milliseconds until the stored token expires, or null when there is none or it is unreadable. */
export function msUntilExpiry(token: string | null = getToken()): number | null {
  if (!token) return null;
  const exp = tokenExpiry(token);
  return exp === null ? null : exp * 1000 - Date.now();
}
