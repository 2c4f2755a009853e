import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { apiErrorFields, setFormErrors } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { Checkbox, Field, Input } from '../ui/field';
import { Modal } from '../ui/modal';
import { failureReason, REFERENCE_ERROR_FIELDS, referenceFormSchema, referenceToFormValues, type ReferenceFormValues } from './reference-form';
import type { ReferenceKind, ReferenceRow } from './reference-kind';
import { useSaveReference } from './save-reference';

/**
 * Create (no row) or edit: name, code, active ('New Company' with Company Name and Company Code,
 * 'Add Designation' with Name and Code). Closes on success; the list refreshes.
 */
export function ReferenceFormModal({ kind, row, onClose }: { kind: ReferenceKind; row: ReferenceRow | null; onClose: () => void }) {
  const { t } = useTranslation(kind.namespace);
  const editing = row !== null;
  const schema = useMemo(() => referenceFormSchema(kind), [kind]);
  const { register, handleSubmit, setError, formState } = useForm<ReferenceFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<ReferenceFormValues>,
    defaultValues: referenceToFormValues(row),
  });
  const save = useSaveReference(kind);
  const formId = `${kind.item}-form`;
  const message = (name: keyof ReferenceFormValues) => {
    const error = formState.errors[name];
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message);
  };

  const submit = handleSubmit((values) =>
    save.mutate(
      { id: row?.id, values },
      {
        onSuccess: () => {
          toast.success(editing ? t('messages.updated') : t('messages.created'));
          onClose();
        },
        onError: (error) => {
          console.error(`Saving the ${kind.item} failed`, error);
          const reason = failureReason(error);
          setFormErrors(setError, apiErrorFields(error, REFERENCE_ERROR_FIELDS));
          toast.error(editing ? t('messages.updateFailed', { message: reason ?? t('messages.updateFallback') }) : t('messages.createFailed', { message: reason ?? t('messages.createFallback') }));
        },
      },
    ),
  );

  return (
    <Modal
      open
      onClose={onClose}
      busy={save.isPending}
      title={editing ? t('form.titleEdit') : t('form.titleCreate')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? t('form.saving') : editing ? t('form.submitUpdate') : t('form.submitCreate')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <Field label={t('form.name')} required error={message('name')}>
          {({ id, describedBy, invalid, required }) => <Input id={id} required={required} maxLength={kind.nameMax} autoComplete="off" aria-describedby={describedBy} invalid={invalid} {...register('name')} />}
        </Field>
        <Field label={t('form.code')} required error={message('code')}>
          {({ id, describedBy, invalid, required }) => <Input id={id} required={required} maxLength={kind.codeMax} autoComplete="off" aria-describedby={describedBy} invalid={invalid} {...register('code')} />}
        </Field>
        <Checkbox label={t('form.active')} {...register('active')} />
      </form>
    </Modal>
  );
}
