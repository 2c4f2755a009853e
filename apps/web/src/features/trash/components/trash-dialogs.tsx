import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TTrashItem } from '@srpf/shared';
import type { TrashLibrary } from '@srpf/shared/trash/trash.rules';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { usePurgeTrashItem } from '../api/purge-trash-item';
import { useRestoreTrashItem } from '../api/restore-trash-item';
import { trashFailure } from '../lib/failure-message';
import {
  isFolderKind,
  purgeMessageKey,
  restoreDestination,
  restoredMessageKey,
  trashItemName,
} from '../lib/trash-item';

export type TrashAction = { kind: 'restore' | 'purge'; item: TTrashItem };

/**
 * Asks before a restore (saying where the item goes: back into its folder, or, when that folder is
 * gone, into its category or the library's main list) or a permanent delete (saying it cannot be
 * undone), runs it, and reports the outcome in a toast; a refusal says why, in the reader's language
 * where the server's sentence is known (trashFailure).
 */
export function TrashActionDialog({
  library,
  action,
  onClose,
}: {
  library: TrashLibrary;
  action: TrashAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('trash');
  const restore = useRestoreTrashItem(library);
  const purge = usePurgeTrashItem();
  const { item } = action;
  const name = trashItemName(item);
  const folder = isFolderKind(item.kind);
  const request = { kind: item.kind, id: item.id, library: item.library };

  const failed = (error: unknown) => {
    console.error(`Could not ${action.kind} ${item.kind} ${item.id}`, error);
    const reason = trashFailure(error, action.kind, item);
    const message =
      reason === null
        ? t('errors.network', { ns: 'common' })
        : 'message' in reason
          ? reason.message
          : t(reason.key, { location: reason.location });
    toast.error(action.kind === 'restore' ? t('restore.failed', { message }) : t('purge.failed', { message }));
  };

  const confirm = () => {
    if (action.kind === 'restore') {
      restore.mutate(request, {
        onSuccess: (restored) => {
          toast.success(t(restoredMessageKey(restored), { name, count: restored.documents }));
          onClose();
        },
        onError: failed,
      });
    } else {
      purge.mutate(request, {
        onSuccess: () => {
          toast.success(t('purge.done', { name }));
          onClose();
        },
        onError: failed,
      });
    }
  };

  if (action.kind === 'restore') {
    const destination = restoreDestination(item);
    const where = t(destination.key, { location: destination.location });
    const documents = folder && item.documents > 0 ? ` ${t('restore.withDocuments', { count: item.documents })}` : '';
    return (
      <ConfirmDialog
        open
        tone="primary"
        title={t('restore.title', { name })}
        message={`${where}${documents}`}
        confirmLabel={t('actions.restore')}
        busyLabel={t('restore.busy')}
        busy={restore.isPending}
        onConfirm={confirm}
        onCancel={onClose}
      />
    );
  }
  return (
    <ConfirmDialog
      open
      title={t('purge.title', { name })}
      message={t(purgeMessageKey(item), { count: item.documents })}
      confirmLabel={t('actions.purge')}
      busyLabel={t('purge.busy')}
      busy={purge.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
