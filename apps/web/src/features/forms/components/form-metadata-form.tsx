import { useId, useState } from 'react';
import { useForm as useHookForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { FolderOpen } from 'lucide-react';
import { FORM_CATEGORY_TEXT_MAX, FORM_TITLE_MAX } from '@srpf/shared/forms/forms.rules';
import type { TForm } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/class-names';
import { Field, Input, Select } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorFields, setFormErrors } from '../../../lib/form-errors';
import { useUpdateForm } from '../api/update-form';
import { useUploadForm } from '../api/upload-form';
import { pathLabels, type FolderNode } from '../lib/folder-tree';
import { serverMessage } from '../lib/form-errors';
import {
  chosenFolders,
  formFileError,
  METADATA_ERROR_FIELDS,
  metadataFields,
  metadataFormSchema,
  metadataToFormValues,
  type InitialFolder,
  type MetadataFormValues,
} from '../lib/metadata-form';
import { FILE_PROBLEM_KEYS, formatFileSize, serverFileProblem, titleFromFileName } from '../lib/pdf-files';
import { LanguageOptions } from './form-badges';
import { useFolderTree } from './use-folder-tree';

export interface FormMetadataFormProps {
  mode: 'upload' | 'edit';
  /** The form whose metadata is edited (edit mode). */
  form?: TForm;
  /** Where an upload goes (the folder the page is in, or the card a PDF was dropped on). */
  initialFolder?: InitialFolder;
  /** A PDF dropped on a folder card. */
  initialFile?: File;
  onSaved: (form: TForm) => void;
  onCancel: () => void;
}

/** Folders offered in a select: the active ones, and the one already chosen even if inactive. */
const offered = (folders: readonly FolderNode[] | undefined, chosen: string) =>
  (folders ?? []).filter((folder) => folder.isActive || String(folder.id) === chosen);

/**
 * The upload form and the edit-metadata form (sections 2.10, 3, 5 and 8): title, language,
 * visibility, the legacy category text and the three cascading folder selects (a category resets
 * the two levels below it, a subcategory the sub-subcategory); on upload, the PDF (only PDF, at most
 * 10 MB). A refused save shows the server's message under the field it names.
 */
export function FormMetadataForm({ mode, form, initialFolder, initialFile, onSaved, onCancel }: FormMetadataFormProps) {
  const { t } = useTranslation('form-editor');
  const uploading = mode === 'upload';
  const formId = useId();
  const fileInputId = useId();
  const fileHintId = `${fileInputId}-hint`;
  const fileErrorId = `${fileInputId}-error`;
  const { tree: categories, query: treeQuery } = useFolderTree(true);
  const upload = useUploadForm();
  const update = useUpdateForm();
  const pending = upload.isPending || update.isPending;
  const [file, setFile] = useState<File | null>(initialFile ?? null);
  const [fileError, setFileError] = useState<string | null>(() => {
    const problem = initialFile ? formFileError(initialFile, true) : null;
    return problem ? t(problem) : null;
  });
  const [progress, setProgress] = useState<number | null>(null);

  const { register, handleSubmit, setError, setValue, getValues, control, formState } = useHookForm<MetadataFormValues>(
    {
      resolver: zodResolver(metadataFormSchema) as unknown as Resolver<MetadataFormValues>,
      defaultValues: metadataToFormValues(
        form,
        initialFolder,
        initialFile && !formFileError(initialFile, true) ? titleFromFileName(initialFile.name) : '',
      ),
    },
  );
  const [categoryId, subcategoryId, subSubcategoryId] = useWatch({
    control,
    name: ['categoryId', 'subcategoryId', 'subSubcategoryId'],
  });
  const category = categories?.find((item) => String(item.id) === categoryId);
  const subcategory = category?.children.find((item) => String(item.id) === subcategoryId);
  const path = pathLabels(categories ?? [], chosenFolders({ categoryId, subcategoryId, subSubcategoryId }));

  const message = (name: keyof MetadataFormValues) => {
    const error = formState.errors[name];
    if (!error?.message) return undefined;
    return error.type === 'server'
      ? error.message
      : t(error.message, { max: name === 'title' ? FORM_TITLE_MAX : FORM_CATEGORY_TEXT_MAX });
  };

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    const problem = formFileError(chosen, uploading);
    setFileError(chosen && problem ? t(problem) : null);
    if (chosen && !problem && !getValues('title').trim())
      setValue('title', titleFromFileName(chosen.name), { shouldValidate: formState.isSubmitted });
  };

  /** The file's check on submit; false stops the upload. */
  const fileReady = () => {
    if (!uploading) return true;
    const problem = formFileError(file, true);
    if (problem) {
      setFileError(t(problem));
      return false;
    }
    return true;
  };

  const onFailure = (error: unknown) => {
    console.error(uploading ? 'Uploading the form failed' : 'Updating the form failed', error);
    setProgress(null);
    setFormErrors(setError, apiErrorFields(error, METADATA_ERROR_FIELDS));
    // The server's file texts (not a PDF, over 10 MB) in the reader's language.
    const problem = serverFileProblem(serverMessage(error));
    const onFile = apiErrorFields(error, { file: 'file' } as const).file;
    if (onFile) setFileError(problem ? t(FILE_PROBLEM_KEYS[problem]) : onFile);
    const reason = problem ? t(FILE_PROBLEM_KEYS[problem]) : (serverMessage(error) ?? t('errors.network'));
    toast.error(t(uploading ? 'metadata.createFailed' : 'metadata.updateFailed', { message: reason }));
  };

  const submit = handleSubmit(
    (values) => {
      if (!fileReady()) {
        document.getElementById(fileInputId)?.focus();
        return;
      }
      if (uploading) {
        setProgress(0);
        upload.mutate(
          { fields: metadataFields(values), file: file!, onProgress: setProgress },
          {
            onSuccess: (saved) => {
              toast.success(t('metadata.created'));
              onSaved(saved);
            },
            onError: onFailure,
          },
        );
      } else if (form) {
        update.mutate(
          { id: form.id, body: metadataFields(values) },
          {
            onSuccess: (saved) => {
              toast.success(t('metadata.updated'));
              onSaved(saved);
            },
            onError: onFailure,
          },
        );
      }
    },
    () => {
      fileReady();
    },
  );

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-5"
      aria-busy={pending || undefined}
    >
      {uploading && (
        <div className="flex items-start gap-2 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100">
          <FolderOpen aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-300" />
          <p>
            <span className="font-medium">{t('metadata.uploadingTo')}</span>{' '}
            <span data-testid="upload-path">{path.length > 0 ? path.join(' / ') : t('metadata.noFolder')}</span>
          </p>
        </div>
      )}

      <Field label={t('metadata.title')} required error={message('title')}>
        {({ id, describedBy, invalid, required }) => (
          <Input
            id={id}
            required={required}
            maxLength={FORM_TITLE_MAX}
            autoComplete="off"
            aria-describedby={describedBy}
            invalid={invalid}
            disabled={pending}
            {...register('title')}
          />
        )}
      </Field>

      {uploading && (
        <div>
          <div className="mb-1 flex items-baseline gap-0.5">
            <label htmlFor={fileInputId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('metadata.file')}
            </label>
            <span aria-hidden="true" className="text-sm text-red-600 dark:text-red-400">
              *
            </span>
          </div>
          <input
            id={fileInputId}
            type="file"
            accept=".pdf,application/pdf"
            aria-required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={[fileHintId, fileError ? fileErrorId : ''].filter(Boolean).join(' ')}
            disabled={pending}
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
            className={cx(
              'block w-full rounded-md border bg-white text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-200',
              'file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-slate-300 file:bg-slate-50 file:px-4 file:text-sm file:font-medium file:text-slate-800',
              'dark:file:border-slate-700 dark:file:bg-slate-800 dark:file:text-slate-100',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              fileError ? 'border-red-500' : 'border-slate-300 dark:border-slate-700',
            )}
          />
          <p id={fileHintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            <span className="block">{t('metadata.fileHint')}</span>
            {file && (
              <span className="block font-medium text-slate-700 dark:text-slate-300">
                {t('metadata.chosenFile', { name: file.name, size: formatFileSize(file.size) })}
              </span>
            )}
          </p>
          <div aria-live="polite">
            {fileError && (
              <p id={fileErrorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {fileError}
              </p>
            )}
          </div>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('metadata.language')} required error={message('language')}>
          {({ id, describedBy, invalid, required }) => (
            <Select
              id={id}
              required={required}
              aria-describedby={describedBy}
              invalid={invalid}
              disabled={pending}
              {...register('language')}
            >
              <LanguageOptions />
            </Select>
          )}
        </Field>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('metadata.visibility')}
          </legend>
          <div className="flex h-10 items-center gap-5">
            {(['true', 'false'] as const).map((value) => (
              <label
                key={value}
                className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-800 dark:text-slate-200"
              >
                <input
                  type="radio"
                  value={value}
                  disabled={pending}
                  className="h-4 w-4 accent-brand-600"
                  {...register('visibility')}
                />
                {value === 'true' ? t('visibility.public') : t('visibility.private')}
              </label>
            ))}
          </div>
          {message('visibility') && (
            <p className="mt-1 text-sm text-red-700 dark:text-red-400">{message('visibility')}</p>
          )}
        </fieldset>
      </div>

      <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">{t('metadata.folder')}</legend>
        {/* The selects appear with their options, so a form's folders show as chosen (a select set before its options exist shows none). */}
        {!categories && treeQuery.isError && (
          <p className="text-sm text-red-700 dark:text-red-400">{t('metadata.foldersFailed')}</p>
        )}
        {!categories && !treeQuery.isError && (
          <div aria-busy="true" className="space-y-3">
            <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
              {t('metadata.loadingFolders')}
            </p>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        )}
        {categories && (
          <>
            <Field label={t('levelTitles.category')} error={message('categoryId')}>
              {({ id, describedBy, invalid }) => (
                <Select
                  id={id}
                  aria-describedby={describedBy}
                  invalid={invalid}
                  disabled={pending}
                  {...register('categoryId', {
                    onChange: () => {
                      setValue('subcategoryId', '');
                      setValue('subSubcategoryId', '');
                    },
                  })}
                >
                  <option value="">{t('metadata.noCategory')}</option>
                  {offered(categories, categoryId).map((item) => (
                    <option key={item.id} value={String(item.id)}>
                      {item.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('levelTitles.subcategory')} error={message('subcategoryId')}>
              {({ id, describedBy, invalid }) => (
                <Select
                  id={id}
                  aria-describedby={describedBy}
                  invalid={invalid}
                  disabled={pending || !category || category.children.length === 0}
                  {...register('subcategoryId', { onChange: () => setValue('subSubcategoryId', '') })}
                >
                  <option value="">{t('metadata.noSubcategory')}</option>
                  {offered(category?.children, subcategoryId).map((item) => (
                    <option key={item.id} value={String(item.id)}>
                      {item.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('levelTitles.sub_subcategory')} error={message('subSubcategoryId')}>
              {({ id, describedBy, invalid }) => (
                <Select
                  id={id}
                  aria-describedby={describedBy}
                  invalid={invalid}
                  disabled={pending || !subcategory || subcategory.children.length === 0}
                  {...register('subSubcategoryId')}
                >
                  <option value="">{t('metadata.noSubSubcategory')}</option>
                  {offered(subcategory?.children, subSubcategoryId).map((item) => (
                    <option key={item.id} value={String(item.id)}>
                      {item.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </>
        )}
      </fieldset>

      <Field label={t('metadata.legacyCategory')} hint={t('metadata.legacyCategoryHint')} error={message('category')}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            maxLength={FORM_CATEGORY_TEXT_MAX}
            autoComplete="off"
            aria-describedby={describedBy}
            invalid={invalid}
            disabled={pending}
            {...register('category')}
          />
        )}
      </Field>

      {uploading && progress !== null && (
        <div>
          <div
            role="progressbar"
            aria-label={t('metadata.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div
              className="h-full bg-brand-600 transition-[width] dark:bg-brand-400"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
        </div>
      )}

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending
            ? uploading
              ? t('metadata.uploadingPercent', { percent: Math.round((progress ?? 0) * 100) })
              : t('metadata.saving')
            : uploading
              ? t('metadata.submitUpload')
              : t('metadata.submitUpdate')}
        </Button>
      </div>
    </form>
  );
}
