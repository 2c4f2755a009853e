import { useSyncExternalStore } from 'react';
import { hasPermission, normaliseRole, type Permission } from '@srpf/shared/common/permissions';
import { getStoredUser, getStoredUserText, onSessionChange } from './session';

/** The fields of a user record this module reads; the stored user has them once GET /users/{id} replaced it. */
interface UserRecord {
  id?: number;
  role?: string | null;
  role_name?: string | null;
  company_id?: number | null;
}

/** The signed-in user as the features ask about it; the server checks every call again. */
export interface CurrentUser {
  id: number | undefined;
  /** The role as the permission table reads it: lower case, and viewer when none is known. */
  role: string;
  companyId: number | null;
  /** Whether the role has the permission in the shared table (document 1, section 6). */
  can: (permission: Permission) => boolean;
}

/** The role a user record names: `role`, else `role_name` (older answers carry only that); undefined when neither. */
export function roleNameOf(user: UserRecord | null | undefined): string | undefined {
  return user?.role || user?.role_name || undefined;
}

export function toCurrentUser(user: UserRecord | null | undefined): CurrentUser {
  const role = normaliseRole(roleNameOf(user));
  return { id: user?.id, role, companyId: user?.company_id ?? null, can: (permission) => hasPermission(role, permission) };
}

let cached: { text: string | null; user: CurrentUser } | undefined;

/** The signed-in user from the stored copy; the same object until the stored user changes. */
export function currentUser(): CurrentUser {
  const text = getStoredUserText();
  if (cached?.text !== text) cached = { text, user: toCurrentUser(getStoredUser()) };
  return cached.user;
}

/** `currentUser()` for components, which render again when the stored user changes. */
export function useCurrentUser(): CurrentUser {
  return useSyncExternalStore(onSessionChange, currentUser);
}
