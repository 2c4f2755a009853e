import toast from 'react-hot-toast';
import type { Library, TLibraryCategory, TLibraryDocument, TLibrarySubcategory } from '@srpf/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useTrashSettings } from '../../../api/lookups/get-trash-settings';
import { useDeleteCategory } from '../api/delete-category';
import { useDeleteDocument } from '../api/delete-document';
import { useDeleteSubcategory } from '../api/delete-subcategory';
import { deleteMessageParts, type DeleteSubject } from '../lib/delete-message';
import { useLibraryTexts } from './use-library';

export type DeleteTarget =
  | { kind: 'category'; category: TLibraryCategory }
  | { kind: 'subcategory'; subcategory: TLibrarySubcategory }
  | { kind: 'document'; document: Pick<TLibraryDocument, 'id' | 'title'> };

const subjectOf = (target: DeleteTarget): DeleteSubject =>
  target.kind === 'category'
    ? { kind: 'category', documents: target.category.document_count }
    : target.kind === 'subcategory'
      ? { kind: 'subcategory', documents: target.subcategory.document_count }
      : { kind: 'document' };

/**
 * The confirmations of section 5 before a delete, then the delete; a refusal shows the server's
 * message. A delete moves the document or folder to the trash (the documents issue), so the
 * confirmation says so, how many documents a folder takes with it, and for how many days an
 * administrator can restore it (GET /trash/settings).
 */
export function DeleteDialog({
  library,
  target,
  onClose,
  onDeleted,
}: {
  library: Library;
  target: DeleteTarget;
  onClose: () => void;
  onDeleted?: (target: DeleteTarget) => void;
}) {
  const { t, lt, failed } = useLibraryTexts(library);
  const removeCategory = useDeleteCategory(library);
  const removeSubcategory = useDeleteSubcategory(library);
  const removeDocument = useDeleteDocument(library);
  const busy = removeCategory.isPending || removeSubcategory.isPending || removeDocument.isPending;
  const retentionDays = useTrashSettings().data?.retention_days;
  const message = deleteMessageParts(subjectOf(target), retentionDays)
    .map((part) =>
      part.scope === 'library' ? lt(part.key, { count: part.count }) : t(part.key, { count: part.count }),
    )
    .join(' ');

  const texts =
    target.kind === 'category'
      ? { title: t('delete.categoryTitle', { name: target.category.name }), done: t('delete.categoryDeleted') }
      : target.kind === 'subcategory'
        ? {
            title: t('delete.subcategoryTitle', { name: target.subcategory.name }),
            done: t('delete.subcategoryDeleted'),
          }
        : { title: lt('deleteTitle'), done: lt('deleted') };

  const handlers = {
    onSuccess: () => {
      toast.success(texts.done);
      onDeleted?.(target);
      onClose();
    },
    onError: (error: unknown) => {
      console.error(`Deleting the ${target.kind} failed`, error);
      toast.error(failed(error, 'delete'));
    },
  };

  const confirm = () => {
    if (target.kind === 'category') removeCategory.mutate(target.category.id, handlers);
    else if (target.kind === 'subcategory') removeSubcategory.mutate(target.subcategory.id, handlers);
    else removeDocument.mutate(target.document.id, handlers);
  };

  return (
    <ConfirmDialog
      open
      title={texts.title}
      message={message}
      confirmLabel={t('delete.confirm')}
      busyLabel={t('delete.deleting')}
      busy={busy}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
