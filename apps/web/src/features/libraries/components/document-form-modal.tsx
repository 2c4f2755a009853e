import { useId, useRef, useState, type BaseSyntheticEvent } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { FileText } from 'lucide-react';
import type { Library, TLibraryDocument, TLibraryDocumentDetail } from '@srpf/shared';
import { DOCUMENT_PRIORITIES, DOCUMENT_TITLE_MAX } from '@srpf/shared/libraries/libraries.rules';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/class-names';
import { Checkbox, controlClasses, Field, Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { TypedDateInput } from '../../../components/ui/typed-date-input';
import { ApiError } from '../../../lib/api-error';
import { apiErrorFields, setFormErrors } from '../../../lib/form-errors';
import { useCategories } from '../api/get-categories';
import { useSubcategories } from '../api/get-subcategories';
import { useSaveDocument } from '../api/save-document';
import {
  bodyMax,
  DOCUMENT_ERROR_FIELDS,
  documentFields,
  documentFormSchema,
  documentToFormValues,
  formatFileSize,
  hasPdfSignature,
  idOrNull,
  pdfProblem,
  type DocumentFormValues,
  type EditableDocument,
} from '../lib/document-form';
import { serverMessage, translatedFieldErrors } from '../lib/error-message';
import { AssigneePicker } from './assignee-picker';
import { useLibraryTexts } from './use-library';

/**
 * The upload and edit modal (section 2): Title, PDF Document, Date, Category, Subcategory (once a
 * category is chosen; a new category clears it), a description (orders) or content, and for
 * circulars and decisions Tags and Mandatory; editing an order also sets Priority, Due Date and
 * Assigned To. Title, date and (when creating) the PDF are required; the PDF is checked for type,
 * size and signature before anything is sent. A correction of a final order, or a replacement of a
 * circular or decision (the documents issue), is a new document that supersedes it: the form starts
 * from its fields and sends supersedes_id. An edit sends the content only when it was changed (a new
 * content is a new version, acknowledged afresh).
 */
export function DocumentFormModal({
  library,
  document,
  folder,
  correcting,
  onClose,
  onSaved,
}: {
  library: Library;
  /** null: a new document. */
  document: (EditableDocument & Pick<TLibraryDocument, 'id' | 'file_url' | 'file_name'>) | null;
  /** The folder being browsed, preselected for a new document. */
  folder?: { categoryId: number | null; subcategoryId: number | null };
  /** A new document correcting or replacing this one (which it supersedes), prefilled from it. */
  correcting?: EditableDocument & Pick<TLibraryDocument, 'id'>;
  onClose: () => void;
  /** After a successful save, before the modal closes. */
  onSaved?: (saved: TLibraryDocumentDetail) => void;
}) {
  const { t, lt, config, failed } = useLibraryTexts(library);
  const editing = document !== null;
  const correction = !editing && correcting !== undefined;
  const formId = useId();
  const fileInputId = useId();
  const fileHintId = useId();
  const fileErrorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // What the form opened with: an edit sends the content only when it differs from this.
  const [initialValues] = useState(() =>
    documentToFormValues(document ?? (correction ? correcting : null), config.acknowledged, folder),
  );
  const { register, handleSubmit, setError, setValue, control, formState } = useForm<DocumentFormValues>({
    resolver: zodResolver(documentFormSchema(config.acknowledged)) as unknown as Resolver<DocumentFormValues>,
    defaultValues: initialValues,
  });
  const categoryId = idOrNull(useWatch({ control, name: 'category_id' }));
  const categories = useCategories(library);
  const subcategories = useSubcategories(library, categoryId);
  const save = useSaveDocument(library);
  const sendingFile = save.isPending && file !== null;

  const message = (name: keyof DocumentFormValues) => {
    const error = formState.errors[name];
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message);
  };

  /** The spec's checks of the chosen file, with a message naming what is wrong. */
  const checkFile = async (candidate: File | null): Promise<boolean> => {
    const problem = pdfProblem(candidate, !editing);
    if (problem) {
      setFileError(t(`form.${problem}`));
      return false;
    }
    if (candidate && !hasPdfSignature(new Uint8Array(await candidate.slice(0, 5).arrayBuffer()))) {
      setFileError(t('form.badSignature'));
      return false;
    }
    setFileError(null);
    return true;
  };

  // When other fields are missing the file is reported too, so every problem shows at once.
  const reportFile = () => void checkFile(file);
  const send = async (values: DocumentFormValues) => {
    if (!(await checkFile(file))) {
      fileInput.current?.focus();
      return;
    }
    const fields = documentFields(values, {
      acknowledged: config.acknowledged,
      approved: config.approved,
      original: editing ? initialValues : null,
    });
    if (correction) fields.supersedes_id = correcting.id;
    save.mutate(
      { id: document?.id, fields, file },
      {
        onSuccess: (saved) => {
          toast.success(editing ? lt('updated') : lt('created'));
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          console.error(editing ? 'Updating the document failed' : 'Uploading the document failed', error);
          const reason = serverMessage(error);
          const { pdf_file: fileProblem, ...fields } = apiErrorFields(error, DOCUMENT_ERROR_FIELDS);
          const aboutFile =
            fileProblem !== undefined ||
            (error instanceof ApiError && (error.code === 'INVALID_FILE' || error.code === 'FILE_TOO_LARGE'));
          if (reason && aboutFile) {
            setFileError(fileProblem ?? reason);
            fileInput.current?.focus();
          } else {
            setFormErrors(setError, translatedFieldErrors(fields, error, t('errors.nameTaken')));
          }
          toast.error(failed(error, 'save'));
        },
      },
    );
  };
  // handleSubmit runs when the form is sent, not while rendering: the handler reads refs.
  const submit = (event: BaseSyntheticEvent) => handleSubmit(send, reportFile)(event);

  const submitLabel = sendingFile
    ? t('form.uploading')
    : save.isPending
      ? t('form.saving')
      : editing
        ? t('form.submitUpdate')
        : t('form.submitCreate');

  return (
    <Modal
      open
      onClose={onClose}
      busy={save.isPending}
      size="lg"
      title={editing ? lt('editTitle') : correction ? lt('fileCorrection') : lt('uploadTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending && <Spinner className="h-4 w-4 text-white" />}
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {correction && (
          <p className="flex items-start gap-2 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-slate-800 dark:text-slate-100">
            <FileText aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {lt('correctionNote', { title: correcting.title })}
          </p>
        )}
        <Field label={t('form.title')} required error={message('title')}>
          {({ id, describedBy, invalid, required }) => (
            <Input
              id={id}
              required={required}
              maxLength={DOCUMENT_TITLE_MAX}
              autoComplete="off"
              aria-describedby={describedBy}
              invalid={invalid}
              {...register('title')}
            />
          )}
        </Field>

        <div>
          <div className="mb-1 flex items-baseline gap-0.5">
            <label htmlFor={fileInputId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('form.pdf')}
            </label>
            {!editing && (
              <span aria-hidden="true" className="text-sm text-red-600 dark:text-red-400">
                *
              </span>
            )}
          </div>
          {editing && (
            <p className="mb-2 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <FileText aria-hidden="true" className="h-4 w-4 shrink-0" />
              {document.file_url
                ? t('form.currentFile', { name: document.file_name ?? document.title })
                : t('form.noCurrentFile')}
            </p>
          )}
          <input
            ref={fileInput}
            id={fileInputId}
            type="file"
            accept=".pdf,application/pdf"
            aria-required={!editing || undefined}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={[fileHintId, fileError ? fileErrorId : ''].filter(Boolean).join(' ')}
            disabled={save.isPending}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              if (chosen) void checkFile(chosen);
              else setFileError(null);
            }}
            className={cx(
              'block w-full rounded-md border bg-white text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-200',
              'file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-slate-300 file:bg-slate-50 file:px-4 file:text-sm file:font-medium file:text-slate-800',
              'dark:file:border-slate-700 dark:file:bg-slate-800 dark:file:text-slate-100',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              fileError ? 'border-red-500' : 'border-slate-300 dark:border-slate-700',
            )}
          />
          <p id={fileHintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            <span className="block">{t('form.pdfNote')}</span>
            {editing && document.file_url && <span className="block">{t('form.replaceNote')}</span>}
            {file && (
              <span className="block font-medium text-slate-700 dark:text-slate-300">
                {t('form.chosenFile', { name: file.name, size: formatFileSize(file.size) })}
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

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('form.date')} required error={message('effective_date')}>
            {({ id, describedBy, invalid, required }) => (
              <Controller
                control={control}
                name="effective_date"
                render={({ field }) => (
                  <TypedDateInput
                    id={id}
                    required={required}
                    aria-describedby={describedBy}
                    invalid={invalid}
                    {...field}
                  />
                )}
              />
            )}
          </Field>
          {config.approved && editing && (
            <Field label={t('form.priority')} error={message('priority')}>
              {({ id, describedBy, invalid }) => (
                <Select id={id} aria-describedby={describedBy} invalid={invalid} {...register('priority')}>
                  {DOCUMENT_PRIORITIES.map((priority) => (
                    <option key={priority} value={priority}>
                      {t(`priorities.${priority}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('form.category')} error={message('category_id')}>
            {({ id, describedBy, invalid }) => (
              <Controller
                control={control}
                name="category_id"
                render={({ field }) => (
                  // Controlled, so a preselected folder shows once the options arrive.
                  <Select
                    id={id}
                    aria-describedby={describedBy}
                    invalid={invalid}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      field.onChange(event.target.value);
                      setValue('subcategory_id', '');
                    }}
                  >
                    <option value="">{t('form.selectCategory')}</option>
                    {(categories.data ?? []).map((category) => (
                      <option key={category.id} value={String(category.id)}>
                        {category.name}
                      </option>
                    ))}
                  </Select>
                )}
              />
            )}
          </Field>
          {categoryId !== null && (
            <Field label={t('form.subcategory')} error={message('subcategory_id')}>
              {({ id, describedBy, invalid }) => (
                <Controller
                  control={control}
                  name="subcategory_id"
                  render={({ field }) => (
                    <Select
                      id={id}
                      aria-describedby={describedBy}
                      invalid={invalid}
                      name={field.name}
                      ref={field.ref}
                      value={field.value}
                      onBlur={field.onBlur}
                      onChange={(event) => field.onChange(event.target.value)}
                    >
                      <option value="">{t('form.selectSubcategory')}</option>
                      {(subcategories.data ?? []).map((subcategory) => (
                        <option key={subcategory.id} value={String(subcategory.id)}>
                          {subcategory.name}
                        </option>
                      ))}
                    </Select>
                  )}
                />
              )}
            </Field>
          )}
        </div>

        <Field label={lt('bodyLabel')} error={message('body')}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={4}
              maxLength={bodyMax(config.acknowledged)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={cx(controlClasses(invalid), 'py-2')}
              {...register('body')}
            />
          )}
        </Field>

        {config.acknowledged && (
          <>
            <Field label={t('form.tags')} hint={t('form.tagsHint')} error={message('tags')}>
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  autoComplete="off"
                  aria-describedby={describedBy}
                  invalid={invalid}
                  {...register('tags')}
                />
              )}
            </Field>
            <Checkbox label={t('form.mandatory')} {...register('is_mandatory')} />
          </>
        )}

        {config.approved && editing && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('form.dueDate')} error={message('dueDate')}>
              {({ id, describedBy, invalid }) => (
                <Controller
                  control={control}
                  name="dueDate"
                  render={({ field }) => (
                    <TypedDateInput id={id} aria-describedby={describedBy} invalid={invalid} {...field} />
                  )}
                />
              )}
            </Field>
            <Field label={t('form.assignee')} error={message('assignee')}>
              {({ id, describedBy, invalid }) => (
                <Controller
                  control={control}
                  name="assignee"
                  render={({ field }) => (
                    <AssigneePicker
                      id={id}
                      value={field.value}
                      onChange={field.onChange}
                      describedBy={describedBy}
                      invalid={invalid}
                    />
                  )}
                />
              )}
            </Field>
          </div>
        )}

        {sendingFile && (
          <p
            role="status"
            className="flex items-center gap-2 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-slate-800 dark:text-slate-100"
          >
            <Spinner className="h-4 w-4" />
            {t('form.uploadingNote', { name: file.name, size: formatFileSize(file.size) })}
          </p>
        )}
      </form>
    </Modal>
  );
}
