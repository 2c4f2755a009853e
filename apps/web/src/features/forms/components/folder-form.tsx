import { useId, useState } from 'react';
import { useForm as useHookForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { TriangleAlert } from 'lucide-react';
import {
  FORM_FOLDER_DESCRIPTION_MAX,
  FORM_FOLDER_ICON_MAX,
  FORM_FOLDER_NAME_MAX,
  FORM_FOLDER_SLUG_MAX,
  folderSlugFromName,
  type FormFolderLevel,
} from '@srpf/shared/forms/forms.rules';
import type { TFormFolder, TFormTreeFolder } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/class-names';
import { Checkbox, controlClasses, Field, Input } from '../../../components/ui/field';
import { setFormErrors } from '../../../lib/form-errors';
import { FolderIcon } from '../../../components/ui/folder-icon';
import { useSaveFormFolder } from '../api/save-form-folder';
import {
  folderBody,
  FOLDER_ICON_CHOICES,
  folderFormSchema,
  folderToFormValues,
  needsParent,
  sortOrderOf,
  type FolderFormValues,
} from '../lib/folder-form';
import { folderSaveFailure, type EditorText, type FolderField } from '../lib/form-errors';

export interface FolderFormProps {
  level: FormFolderLevel;
  /** The folder being edited; absent for a new one. */
  folder?: TFormFolder | TFormTreeFolder;
  /** A new subcategory's category, or a new sub-subcategory's subcategory. */
  parentId?: number | null;
  onSaved: () => void;
  onCancel: () => void;
}

const LIMITS = {
  max: FORM_FOLDER_NAME_MAX,
  slugMax: FORM_FOLDER_SLUG_MAX,
  descriptionMax: FORM_FOLDER_DESCRIPTION_MAX,
  iconMax: FORM_FOLDER_ICON_MAX,
};

/**
 * Creating or editing a folder at any level (sections 2.10, 2.13, 5 and 8): name, slug (made from
 * the name until edited), Marathi name, description (x/500), icon, colour, sort order (anything
 * not a number is 0) and Active. Section 5's checks run on submit; a refused save puts the spec's
 * text on the field the server names, and a missing parent says so above the fields.
 */
export function FolderForm({ level, folder, parentId, onSaved, onCancel }: FolderFormProps) {
  const { t } = useTranslation('form-editor');
  const formId = useId();
  const isNew = !folder;
  const save = useSaveFormFolder(level);
  const [slugEdited, setSlugEdited] = useState(!isNew);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, setValue, control, formState } = useHookForm<FolderFormValues>({
    resolver: zodResolver(folderFormSchema) as unknown as Resolver<FolderFormValues>,
    defaultValues: folderToFormValues(folder),
  });
  const [description, icon, color] = useWatch({ control, name: ['description', 'icon', 'color'] });
  const render = (text: EditorText) => ('text' in text ? text.text : t(text.key, { ...LIMITS, ...text.values }));

  const message = (name: keyof FolderFormValues) => {
    const error = formState.errors[name];
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message, LIMITS);
  };

  const levelName = t(`levels.${level}`);

  const submit = handleSubmit((values) => {
    setFormError(null);
    if (isNew && needsParent(level) && !parentId) {
      const text = t(
        level === 'subcategory' ? 'folderForm.errors.noParentCategory' : 'folderForm.errors.noParentSubcategory',
      );
      setFormError(text);
      toast.error(text);
      return;
    }
    const action = isNew ? 'create' : 'update';
    save.mutate(
      { id: folder?.id, body: folderBody(values, level, parentId, isNew) },
      {
        onSuccess: (saved) => {
          toast.success(
            t(isNew ? 'folderForm.created' : 'folderForm.updated', {
              type: t(`levelTitles.${level}`),
              name: saved.name,
            }),
          );
          onSaved();
        },
        onError: (error) => {
          console.error(`Saving the ${level} failed`, error);
          const failure = folderSaveFailure(error, action);
          setFormErrors(
            setError,
            Object.fromEntries(
              Object.entries(failure.fields).map(([field, text]) => [field as FolderField, render(text)]),
            ) as Partial<Record<FolderField, string>>,
          );
          if (failure.form) {
            const text = render(failure.form);
            setFormError(text);
            toast.error(text);
          }
          if (failure.toast)
            toast.error(
              t(`folderForm.failed.${failure.toast.action}`, {
                type: levelName,
                message: render(failure.toast.reason),
              }),
            );
        },
      },
    );
  });

  const pending = save.isPending;

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
      aria-busy={pending || undefined}
    >
      <div aria-live="assertive">
        {formError && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-300"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {formError}
          </p>
        )}
      </div>

      <Field label={t('folderForm.name')} required error={message('name')}>
        {({ id, describedBy, invalid, required }) => (
          <Input
            id={id}
            required={required}
            autoComplete="off"
            aria-describedby={describedBy}
            invalid={invalid}
            disabled={pending}
            {...register('name', {
              onChange: (event: { target: { value: string } }) => {
                if (!slugEdited)
                  setValue('slug', folderSlugFromName(event.target.value), { shouldValidate: formState.isSubmitted });
              },
            })}
          />
        )}
      </Field>

      <Field label={t('folderForm.slug')} required hint={t('folderForm.slugHint')} error={message('slug')}>
        {({ id, describedBy, invalid, required }) => (
          <Input
            id={id}
            required={required}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={describedBy}
            invalid={invalid}
            disabled={pending}
            className="font-mono"
            {...register('slug', { onChange: () => setSlugEdited(true) })}
          />
        )}
      </Field>

      <Field label={t('folderForm.nameMr')} hint={t('folderForm.optional')} error={message('nameMr')}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            lang="mr"
            autoComplete="off"
            aria-describedby={describedBy}
            invalid={invalid}
            disabled={pending}
            {...register('nameMr')}
          />
        )}
      </Field>

      <Field
        label={t('folderForm.description')}
        hint={t('folderForm.counter', { length: description.length, max: FORM_FOLDER_DESCRIPTION_MAX })}
        error={message('description')}
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            rows={3}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            disabled={pending}
            className={cx(controlClasses(invalid), 'py-2')}
            {...register('description')}
          />
        )}
      </Field>

      <Field label={t('folderForm.icon')} hint={t('folderForm.iconHint')} error={message('icon')}>
        {({ id, describedBy, invalid }) => (
          <div className="space-y-2">
            <Input
              id={id}
              autoComplete="off"
              aria-describedby={describedBy}
              invalid={invalid}
              disabled={pending}
              className="text-lg"
              {...register('icon')}
            />
            <div role="group" aria-label={t('folderForm.iconChoices')} className="flex flex-wrap gap-1">
              {FOLDER_ICON_CHOICES.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  aria-label={t('folderForm.useIcon', { icon: choice })}
                  aria-pressed={icon === choice}
                  disabled={pending}
                  onClick={() => setValue('icon', choice, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
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

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('folderForm.color')} error={message('color')}>
          {({ id, describedBy, invalid }) => (
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={t('folderForm.colorPicker')}
                value={/^#[0-9A-Fa-f]{6}$/.test(color) ? color : '#000000'}
                disabled={pending}
                onChange={(event) =>
                  setValue('color', event.target.value.toUpperCase(), {
                    shouldDirty: true,
                    shouldValidate: formState.isSubmitted,
                  })
                }
                className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1 dark:border-slate-700 dark:bg-slate-900"
              />
              <Input
                id={id}
                autoComplete="off"
                spellCheck={false}
                aria-describedby={describedBy}
                invalid={invalid}
                disabled={pending}
                className="font-mono"
                {...register('color')}
              />
            </div>
          )}
        </Field>
        <Field label={t('folderForm.sortOrder')} error={message('sortOrder')}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              inputMode="numeric"
              autoComplete="off"
              aria-describedby={describedBy}
              invalid={invalid}
              disabled={pending}
              {...register('sortOrder', {
                onBlur: (event: { target: { value: string } }) =>
                  setValue('sortOrder', String(sortOrderOf(event.target.value)), {
                    shouldValidate: formState.isSubmitted,
                  }),
              })}
            />
          )}
        </Field>
      </div>

      <Checkbox label={t('folderForm.active')} disabled={pending} {...register('isActive')} />

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending
            ? t('folderForm.saving')
            : isNew
              ? t('folderForm.submitCreate', { type: t(`levelTitles.${level}`) })
              : t('folderForm.submitUpdate')}
        </Button>
      </div>
    </form>
  );
}
