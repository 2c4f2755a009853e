import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import {
  APPROVAL_ROLES,
  defaultApprovalRoleFor,
  type ApprovalRole,
} from '@srpf/shared/designations/designations.rules';
import { apiErrorFields, setFormErrors } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { Checkbox, Field, Input, Select } from '../ui/field';
import { Modal } from '../ui/modal';
import {
  failureReason,
  REFERENCE_ERROR_FIELDS,
  referenceFormSchema,
  referenceToFormValues,
  type ReferenceFormValues,
} from './reference-form';
import type { ReferenceKind, ReferenceRow } from './reference-kind';
import { useSaveReference } from './save-reference';

/**
 * Create (no row) or edit: name, code, active ('New Company' with Company Name and Company Code,
 * 'Add Designation' with Name and Code, and for designations the approval role). Closes on success;
 * the list refreshes.
 */
export function ReferenceFormModal({
  kind,
  row,
  onClose,
}: {
  kind: ReferenceKind;
  row: ReferenceRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(kind.namespace);
  const editing = row !== null;
  const schema = useMemo(() => referenceFormSchema(kind), [kind]);
  const { register, handleSubmit, setError, setValue, formState } = useForm<ReferenceFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<ReferenceFormValues>,
    defaultValues: referenceToFormValues(row),
  });
  const save = useSaveReference(kind);
  // A new designation's approval role follows its name (the server's default) until someone picks one.
  const [approvalRoleChosen, setApprovalRoleChosen] = useState(editing);
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
          toast.error(
            editing
              ? t('messages.updateFailed', { message: reason ?? t('messages.updateFallback') })
              : t('messages.createFailed', { message: reason ?? t('messages.createFallback') }),
          );
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
          {({ id, describedBy, invalid, required }) => (
            <Input
              id={id}
              required={required}
              maxLength={kind.nameMax}
              autoComplete="off"
              aria-describedby={describedBy}
              invalid={invalid}
              {...register('name', {
                onChange: (event: { target: { value: string } }) => {
                  if (kind.approvalRole && !approvalRoleChosen)
                    setValue('approval_role', defaultApprovalRoleFor(event.target.value));
                },
              })}
            />
          )}
        </Field>
        <Field label={t('form.code')} required error={message('code')}>
          {({ id, describedBy, invalid, required }) => (
            <Input
              id={id}
              required={required}
              maxLength={kind.codeMax}
              autoComplete="off"
              aria-describedby={describedBy}
              invalid={invalid}
              {...register('code')}
            />
          )}
        </Field>
        {kind.approvalRole && (
          <Field label={t('form.approvalRole')} hint={t('form.approvalRoleHint')} error={message('approval_role')}>
            {({ id, describedBy, invalid }) => (
              <Select
                id={id}
                aria-describedby={describedBy}
                invalid={invalid}
                {...register('approval_role', { onChange: () => setApprovalRoleChosen(true) })}
              >
                {APPROVAL_ROLES.map((role: ApprovalRole) => (
                  <option key={role} value={role}>
                    {t(`approvalRoles.${role}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Checkbox label={t('form.active')} {...register('active')} />
      </form>
    </Modal>
  );
}
