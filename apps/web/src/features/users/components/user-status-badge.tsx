import { useTranslation } from 'react-i18next';
import type { TUser } from '@srpf/shared';
import { Badge } from '../../../components/ui/badge';

/** Active, Inactive, or Deleted for a soft-deleted user shown with include_deleted. */
export function UserStatusBadge({ user }: { user: Pick<TUser, 'is_active' | 'deleted_at'> }) {
  const { t } = useTranslation('users');
  if (user.deleted_at) return <Badge tone="danger">{t('status.deleted')}</Badge>;
  return user.is_active ? (
    <Badge tone="success">{t('status.active')}</Badge>
  ) : (
    <Badge tone="neutral">{t('status.inactive')}</Badge>
  );
}
