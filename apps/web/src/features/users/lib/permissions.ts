import { hasPermission } from '@srpf/shared/common/permissions';
import { getStoredUser } from '../../../lib/session';

/** The signed-in user's role and whether it may manage users; the server checks again on every call. */
export function currentActor(): { id: number | undefined; role: string | undefined; canManageUsers: boolean } {
  const user = getStoredUser();
  const role = user?.role || user?.role_name;
  return { id: user?.id, role, canManageUsers: hasPermission(role, 'manage_users') };
}
