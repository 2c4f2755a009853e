import toast from 'react-hot-toast';
import type { Library, TLibraryCategory, TLibraryDocument, TLibrarySubcategory } from '@srpf/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteCategory } from '../api/delete-category';
import { useDeleteDocument } from '../api/delete-document';
import { useDeleteSubcategory } from '../api/delete-subcategory';
import { serverMessage } from '../lib/error-message';
import { useLibraryTexts } from './use-library';

export type DeleteTarget =
  | { kind: 'category'; category: TLibraryCategory }
  | { kind: 'subcategory'; subcategory: TLibrarySubcategory }
  | { kind: 'document'; document: Pick<TLibraryDocument, 'id' | 'title'> };

/**
 * The confirmations of section 5 before a delete (a category takes its subcategories and documents
 * with it, a subcategory its documents), then the delete; a refusal shows the server's message.
 */
export function DeleteDialog({ library, target, onClose, onDeleted }: { library: Library; target: DeleteTarget; onClose: () => void; onDeleted?: (target: DeleteTarget) => void }) {
  const { t, lt } = useLibraryTexts(library);
  const removeCategory = useDeleteCategory(library);
  const removeSubcategory = useDeleteSubcategory(library);
  const removeDocument = useDeleteDocument(library);
  const busy = removeCategory.isPending || removeSubcategory.isPending || removeDocument.isPending;

  const texts =
    target.kind === 'category'
      ? { title: t('delete.categoryTitle', { name: target.category.name }), message: lt('deleteCategoryConfirm'), done: t('delete.categoryDeleted') }
      : target.kind === 'subcategory'
        ? { title: t('delete.subcategoryTitle', { name: target.subcategory.name }), message: lt('deleteSubcategoryConfirm'), done: t('delete.subcategoryDeleted') }
        : { title: lt('deleteTitle'), message: lt('deleteConfirm'), done: lt('deleted') };

  const handlers = {
    onSuccess: () => {
      toast.success(texts.done);
      onDeleted?.(target);
      onClose();
    },
    onError: (error: unknown) => {
      console.error(`Deleting the ${target.kind} failed`, error);
      toast.error(t('errors.deleteFailed', { message: serverMessage(error) ?? t('errors.network', { ns: 'common' }) }));
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
      message={texts.message}
      confirmLabel={t('delete.confirm')}
      busyLabel={t('delete.deleting')}
      busy={busy}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
