import { useRoleLabel } from './role-badge';

/** An option for each role, labelled in the current language: the body of a role select. */
export function RoleOptions({ roles }: { roles: readonly string[] }) {
  const roleLabel = useRoleLabel();
  return roles.map((role) => (
    <option key={role} value={role}>
      {roleLabel(role)}
    </option>
  ));
}
