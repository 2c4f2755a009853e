import type { TUser } from '@srpf/shared';
import type { Actor } from '@srpf/shared/access/actor';
import { normaliseRole } from '@srpf/shared/common/permissions';
import { mayManageUser } from '@srpf/shared/users/users.policy';

/** May the signed-in person change or delete this person: manage_users within their scope; a superadmin only by a superadmin. */
export function mayManage(actor: Actor, user: Pick<TUser, 'id' | 'company_id' | 'role'>): boolean {
  return mayManageUser(actor, { id: user.id, companyId: user.company_id, role: normaliseRole(user.role) });
}
