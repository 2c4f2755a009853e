import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { roleTone } from '../lib/roles';

/** A role's name in the current language, with the colour of its variant of the users screen. */
export function useRoleLabel(): (role: string) => string {
  const { t } = useTranslation('users');
  return (role: string) => t(`roles.${role}`, { defaultValue: role.replaceAll('_', ' ') });
}

export function RoleBadge({ role, variant = 'full' }: { role: string; variant?: 'full' | 'simple' }) {
  const label = useRoleLabel();
  return <Badge tone={roleTone(role, variant)}>{label(role)}</Badge>;
}
