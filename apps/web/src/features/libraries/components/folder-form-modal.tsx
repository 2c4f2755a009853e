import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import type { Library, TLibraryCategory, TLibrarySubcategory } from '@srpf/shared';
import { FOLDER_DESCRIPTION_MAX, FOLDER_ICON_MAX, FOLDER_NAME_MAX } from '@srpf/shared/libraries/libraries.rules';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/class-names';
import { controlClasses, Field, Input, Select } from '../../../components/ui/field';
import { FolderIcon } from '../../../components/ui/folder-icon';
import { Modal } from '../../../components/ui/modal';
import { apiErrorFields, setFormErrors } from '../../../lib/form-errors';
import { useSaveCategory } from '../api/save-category';
import { useSaveSubcategory } from '../api/save-subcategory';
import { translatedFieldErrors } from '../lib/error-message';
import {
  categoryBody,
  categoryToFormValues,
  FOLDER_ERROR_FIELDS,
  folderFormSchema,
  ICON_CHOICES,
  subcategoryBody,
  subcategoryToFormValues,
  type FolderFormValues,
} from '../lib/folder-form';
import { useLibraryTexts } from './use-library';

export type FolderEditing =
  | { kind: 'category'; category: TLibraryCategory | null }
  | { kind: 'subcategory'; subcategory: TLibrarySubcategory | null; categoryId: number | null };

/**
 * The category modal (Name, Description, Icon, Color; name required) and the subcategory modal
 * (Category, Name, Description, Icon, Color; category and name required). 'Saving...' while the
 * save runs; the server's message in a toast (and on its field) when it fails.
 */
export function FolderFormModal({
  library,
  editing,
  categories,
  onClose,
}: {
  library: Library;
  editing: FolderEditing;
  categories: TLibraryCategory[];
  onClose: () => void;
}) {
  const { t, failed } = useLibraryTexts(library);
  const isCategory = editing.kind === 'category';
  const existing = isCategory ? editing.category : editing.subcategory;
  const formId = `library-${editing.kind}-form`;
  const { register, handleSubmit, setError, setValue, control, formState } = useForm<FolderFormValues>({
    resolver: zodResolver(folderFormSchema(editing.kind)) as unknown as Resolver<FolderFormValues>,
    defaultValues: isCategory
      ? categoryToFormValues(editing.category)
      : subcategoryToFormValues(editing.subcategory, editing.categoryId),
  });
  const saveCategory = useSaveCategory(library);
  const saveSubcategory = useSaveSubcategory(library);
  const pending = saveCategory.isPending || saveSubcategory.isPending;
  const icon = useWatch({ control, name: 'icon' });

  const message = (name: keyof FolderFormValues) => {
    const error = formState.errors[name];
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message);
  };

  const onError = (error: unknown) => {
    console.error(`Saving the ${editing.kind} failed`, error);
    setFormErrors(
      setError,
      translatedFieldErrors(apiErrorFields(error, FOLDER_ERROR_FIELDS), error, t('errors.nameTaken')),
    );
    toast.error(failed(error, 'save'));
  };

  const submit = handleSubmit((values) => {
    if (isCategory) {
      saveCategory.mutate(
        { id: editing.category?.id, body: categoryBody(values) },
        {
          onSuccess: () => {
            toast.success(editing.category ? t('folder.categoryUpdated') : t('folder.categoryCreated'));
            onClose();
          },
          onError,
        },
      );
    } else {
      saveSubcategory.mutate(
        { id: editing.subcategory?.id, body: subcategoryBody(values) },
        {
          onSuccess: () => {
            toast.success(editing.subcategory ? t('folder.subcategoryUpdated') : t('folder.subcategoryCreated'));
            onClose();
          },
          onError,
        },
      );
    }
  });

  const title = isCategory
    ? existing
      ? t('folder.categoryTitleEdit')
      : t('folder.categoryTitleCreate')
    : existing
      ? t('folder.subcategoryTitleEdit')
      : t('folder.subcategoryTitleCreate');

  return (
    <Modal
      open
      onClose={onClose}
      busy={pending}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={formId} disabled={pending} aria-busy={pending}>
            {pending ? t('folder.saving') : existing ? t('folder.submitUpdate') : t('folder.submitCreate')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {!isCategory && (
          <Field label={t('folder.category')} required error={message('category_id')}>
            {({ id, describedBy, invalid, required }) => (
              <Select
                id={id}
                required={required}
                aria-describedby={describedBy}
                invalid={invalid}
                {...register('category_id')}
              >
                <option value="">{t('folder.selectCategory')}</option>
                {categories.map((category) => (
                  <option key={category.id} value={String(category.id)}>
                    {category.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Field label={t('folder.name')} required error={message('name')}>
          {({ id, describedBy, invalid, required }) => (
            <Input
              id={id}
              required={required}
              maxLength={FOLDER_NAME_MAX}
              autoComplete="off"
              aria-describedby={describedBy}
              invalid={invalid}
              {...register('name')}
            />
          )}
        </Field>
        <Field label={t('folder.description')} error={message('description')}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={3}
              maxLength={FOLDER_DESCRIPTION_MAX}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={cx(controlClasses(invalid), 'py-2')}
              {...register('description')}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
          <Field label={t('folder.icon')} hint={t('folder.iconHint')} error={message('icon')}>
            {({ id, describedBy, invalid }) => (
              <div className="space-y-2">
                <div className="flex items-center gap-2">
                  {/* What the folder will show: the icon of the set drawn for the emoji typed. */}
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md border border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-200">
                    <FolderIcon icon={icon} />
                  </span>
                  <Input
                    id={id}
                    maxLength={FOLDER_ICON_MAX}
                    autoComplete="off"
                    aria-describedby={describedBy}
                    invalid={invalid}
                    className="text-lg"
                    {...register('icon')}
                  />
                </div>
                <div role="group" aria-label={t('folder.iconChoices')} className="flex flex-wrap gap-1">
                  {ICON_CHOICES.map((choice) => (
                    <button
                      key={choice}
                      type="button"
                      aria-label={t('folder.useIcon', { icon: choice })}
                      aria-pressed={icon === choice}
                      onClick={() => setValue('icon', choice, { shouldDirty: true, shouldValidate: true })}
                      className={cx(
                        'flex h-8 w-8 items-center justify-center rounded-md border text-lg transition focus-visible:outline-2 focus-visible:outline-brand-500',
                        icon === choice
                          ? 'border-brand-500 bg-brand-50 dark:bg-slate-800'
                          : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
                      )}
                    >
                      <FolderIcon icon={choice} className="h-4 w-4" />
                    </button>
                  ))}
                </div>
              </div>
            )}
          </Field>
          <Field label={t('folder.color')} error={message('color')}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="color"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className="h-10 w-20 cursor-pointer rounded-md border border-slate-300 bg-white p-1 dark:border-slate-700 dark:bg-slate-900"
                {...register('color')}
              />
            )}
          </Field>
        </div>
      </form>
    </Modal>
  );
}
