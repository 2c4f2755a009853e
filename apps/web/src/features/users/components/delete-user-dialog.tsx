import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TUser } from '@srpf/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { useDeleteUser } from '../api/delete-user';

/** Asks before the (soft) delete of a user, then reports the outcome (document 2, section 8). */
export function DeleteUserDialog({ user, onClose }: { user: TUser | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const remove = useDeleteUser();

  const confirm = () => {
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: () => {
        toast.success(t('delete.done'));
        onClose();
      },
      onError: (error) => {
        console.error('Deleting the user failed', error);
        // A refusal the server explains (your own account, a superadmin) is worth more than the generic text.
        const reason =
          error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
            ? errorText(error)
            : undefined;
        toast.error(reason ? t('delete.failedBecause', { message: reason }) : t('delete.failed'));
      },
    });
  };

  return (
    <ConfirmDialog
      open={user !== null}
      title={user ? t('delete.title', { name: user.full_name }) : ''}
      message={t('delete.confirm')}
      confirmLabel={t('delete.confirmButton')}
      busyLabel={t('delete.deleting')}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
