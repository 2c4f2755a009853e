import type { BadgeTone } from '../../../components/ui/badge';

/** Used when GET /users/roles fails (document 2, section 3); superadmin is counted apart. */
export const FALLBACK_ROLES = ['admin', 'executive', 'company_lead', 'officer', 'viewer'] as const;
/** The simpler list variant also knows manager. */
export const FALLBACK_ROLES_SIMPLE = ['admin', 'executive', 'company_lead', 'officer', 'manager', 'viewer'] as const;

export const SUPERADMIN = 'superadmin';

/**
 * Role badge colours (document 2, section 2.6). The page with the stat cards shows admin as danger,
 * the simpler variant as primary; viewer is secondary there and accent in the simpler variant.
 */
export function roleTone(role: string | null | undefined, variant: 'full' | 'simple' = 'full'): BadgeTone {
  switch ((role ?? '').toLowerCase()) {
    case 'superadmin':
      return 'danger';
    case 'admin':
      return variant === 'full' ? 'danger' : 'primary';
    case 'executive':
      return 'warning';
    case 'company_lead':
      return 'info';
    case 'officer':
      return 'primary';
    case 'viewer':
      return variant === 'full' ? 'secondary' : 'accent';
    default:
      return 'neutral';
  }
}

/**
 * The roles the user form offers: the server's list (or the fallback), without superadmin unless the
 * signed-in user is one, since only a superadmin may create or promote one. A role the edited user
 * already has always stays in the list.
 */
export function assignableRoles(
  roles: readonly string[],
  actorRole: string | null | undefined,
  current?: string,
): string[] {
  const mayAssignSuperadmin = (actorRole ?? '').toLowerCase() === SUPERADMIN;
  const list = roles.filter((role) => role !== SUPERADMIN || mayAssignSuperadmin || role === current);
  if (current && !list.includes(current)) list.push(current);
  return list;
}
