import { useSyncExternalStore } from 'react';
import { actorCan, type Actor } from '@srpf/shared/access/actor';
import { approvalRoleOf } from '@srpf/shared/appointments/appointments.rules';
import { normaliseRole, type Permission } from '@srpf/shared/common/permissions';
import { getStoredUser, getStoredUserText, onSessionChange } from './session';

/**
 * The fields of a user record this module reads. The sign-in answer carries only the session user;
 * the company, grants, overseen companies and approval role arrive with the full record (GET
 * /users/{id}), which the signed-in layout fetches and stores in its place.
 */
interface UserRecord {
  id?: number;
  role?: string | null;
  role_name?: string | null;
  company_id?: number | null;
  granted_permissions?: readonly string[] | null;
  overseen_company_ids?: readonly number[] | null;
  approval_role?: string | null;
}

/** The signed-in user as the features ask about it; the server checks every call again. */
export interface CurrentUser {
  id: number | undefined;
  /** The role as the permission table reads it: lower case, and viewer when none is known. */
  role: string;
  companyId: number | null;
  /**
   * The person as the shared policies (the `*.policy.ts` files of packages/shared) read them: features
   * pass it to `mayExportDashboard`, `mayGrantPermissions` and the like to hide what they refuse.
   */
  actor: Actor;
  /** Whether the role or an administrator's grant gives the permission (the shared table, document 1 section 6). */
  can: (permission: Permission) => boolean;
}

/** The role a user record names: `role`, else `role_name` (older answers carry only that); undefined when neither. */
export function roleNameOf(user: UserRecord | null | undefined): string | undefined {
  return user?.role || user?.role_name || undefined;
}

/** The policies' actor of a stored user record; a missing user is a viewer of no company, with no grants. */
export function actorOf(user: UserRecord | null | undefined): Actor {
  const role = normaliseRole(roleNameOf(user));
  return {
    userId: user?.id ?? 0,
    role,
    companyId: user?.company_id ?? null,
    overseenCompanyIds: [...(user?.overseen_company_ids ?? [])],
    grants: [...(user?.granted_permissions ?? [])],
    // Administrators act as commandant whether or not the record has arrived; others by their designation's role.
    approvalRole: approvalRoleOf({ role, designationApprovalRole: user?.approval_role }),
  };
}

export function toCurrentUser(user: UserRecord | null | undefined): CurrentUser {
  const actor = actorOf(user);
  return {
    id: user?.id,
    role: actor.role,
    companyId: actor.companyId,
    actor,
    can: (permission) => actorCan(actor, permission),
  };
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
