import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TForm } from '@srpf/shared';
import { useTrashSettings } from '../../../api/lookups/get-trash-settings';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteForm } from '../api/delete-form';
import { useDeleteFormFolder } from '../api/delete-form-folder';
import { folderDeleteMessage, type DeleteQuestion, type FolderToDelete } from '../lib/folder-delete';
import { folderDeleteFailure, serverMessage } from '../lib/form-errors';

/**
 * 'Are you sure you want to delete this form?' (section 8), then that it goes to the trash and for
 * how many days an administrator can restore it (GET /trash/settings); then the delete, with
 * 'Form deleted successfully!' or 'Failed to delete form: {message}'. The list and the detail page both.
 */
export function DeleteFormDialog({
  form,
  onClose,
  onDeleted,
}: {
  form: Pick<TForm, 'id' | 'title'>;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('form-editor');
  const remove = useDeleteForm();
  const retentionDays = useTrashSettings().data?.retention_days;
  const message = [
    t('delete.formConfirm'),
    retentionDays === undefined ? t('delete.formToTrash') : t('delete.formToTrashFor', { count: retentionDays }),
  ].join(' ');

  const confirm = () =>
    remove.mutate(form.id, {
      onSuccess: () => {
        toast.success(t('delete.formDeleted'));
        onDeleted?.();
        onClose();
      },
      onError: (error) => {
        console.error('Deleting the form failed', error);
        toast.error(t('delete.formFailed', { message: serverMessage(error) ?? t('errors.network') }));
      },
    });

  return (
    <ConfirmDialog
      open
      title={t('delete.formTitle', { title: form.title })}
      message={message}
      confirmLabel={t('actions.delete')}
      busyLabel={t('delete.deleting')}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

/**
 * A folder's confirmation (section 8): the spec's question ('Are you sure you want to delete
 * "{name}"?' on /forms, '… this {type}?' on the category management page), what goes to the trash
 * with it (its folders and how many forms) and for how long an administrator can restore it; then
 * the delete, with '{Type} "{name}" deleted successfully!' or 'Failed to delete {type}: {message}'.
 */
export function DeleteFolderDialog({
  folder,
  question,
  onClose,
  onDeleted,
}: {
  folder: FolderToDelete;
  question: DeleteQuestion;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('form-editor');
  const remove = useDeleteFormFolder(folder.level);
  const retentionDays = useTrashSettings().data?.retention_days;
  const type = t(`levels.${folder.level}`);
  const message = folderDeleteMessage(folder, retentionDays, question)
    .map((part) => t(part.key, { type, name: folder.name, count: part.count }))
    .join(' ');

  const confirm = () =>
    remove.mutate(folder.id, {
      onSuccess: () => {
        toast.success(t('delete.folderDeleted', { type: t(`levelTitles.${folder.level}`), name: folder.name }));
        onDeleted?.();
        onClose();
      },
      onError: (error) => {
        console.error(`Deleting the ${folder.level} failed`, error);
        const failure = folderDeleteFailure(error);
        const reason = failure === null ? t('errors.network') : 'key' in failure ? t(failure.key) : failure.text;
        toast.error(t('delete.folderFailed', { type, message: reason }));
      },
    });

  return (
    <ConfirmDialog
      open
      title={t('delete.folderTitle', { type, name: folder.name })}
      message={message}
      confirmLabel={t('actions.delete')}
      busyLabel={t('delete.deleting')}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
