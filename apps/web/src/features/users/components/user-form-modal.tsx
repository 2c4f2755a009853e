import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TUser } from '@srpf/shared';
import { isAdministrator } from '@srpf/shared/common/permissions';
import { DGP_ID_MAX, ICARD_NO_MAX } from '@srpf/shared/users/users.rules';
import { mayAssignOverseenCompanies, mayGrantPermissions } from '@srpf/shared/users/users.policy';
import { useCompanyOptions } from '../../../api/lookups/get-companies';
import { useDesignationOptions } from '../../../api/lookups/get-designations';
import { Button } from '../../../components/ui/button';
import { Checkbox, Field, Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { setFormErrors } from '../../../lib/form-errors';
import { useRoleNames } from '../api/get-roles';
import { useSaveUser } from '../api/save-user';
import { mayManage } from '../lib/manage';
import { assignableRoles, FALLBACK_ROLES } from '../lib/roles';
import { useMessage } from '../lib/use-message';
import {
  dgpIdInput,
  EMPTY_USER_FORM,
  PHONE_DIGITS,
  phoneInput,
  toUserPayload,
  userFormSchema,
  userToFormValues,
  type UserFormField,
  type UserFormMode,
  type UserFormValues,
} from '../lib/user-form';
import { userSaveFailure, type Message } from '../lib/user-save-error';
import { RoleOptions } from './role-options';
import { UserAccessFields } from './user-access-fields';
import { UserDetails } from './user-details';
import { UserWhatsappFields } from './user-whatsapp-fields';

export interface UserFormModalProps {
  mode: UserFormMode;
  /** The user to view or edit; absent when creating. */
  user?: TUser;
  onClose: () => void;
  /** From the read-only view, switch to editing the same user. */
  onEdit?: () => void;
}

const TITLES: Record<UserFormMode, string> = {
  create: 'form.titleCreate',
  edit: 'form.titleEdit',
  view: 'form.titleView',
};

/**
 * Add, edit or view a user (document 2, sections 2.6 and 5). Mounted per opening, so each opening
 * starts from the user's stored values. View mode shows the same fields, read only.
 */
export function UserFormModal({ mode, user, onClose, onEdit }: UserFormModalProps) {
  const { t } = useTranslation('users');
  const render = useMessage();
  const me = useCurrentUser();
  const readOnly = mode === 'view';
  // Grants are given by administrators, overseen companies by a superadmin (the server refuses anyone else).
  const grants = mayGrantPermissions(me.actor);
  const oversight = mayAssignOverseenCompanies(me.actor);
  const schema = useMemo(() => userFormSchema(mode === 'create' ? 'create' : 'edit'), [mode]);
  const form = useForm<UserFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<UserFormValues>,
    defaultValues: user ? userToFormValues(user) : EMPTY_USER_FORM,
  });
  const { register, handleSubmit, control, setError, formState } = form;
  const errors = formState.errors;
  const save = useSaveUser();

  const roles = assignableRoles(useRoleNames(FALLBACK_ROLES), me.role, user?.role);
  const companies = useCompanyOptions();
  const designations = useDesignationOptions();

  // The selects are uncontrolled: options that arrive after the form mounted leave the browser showing
  // the first option, so the stored choice is put back once each list is known.
  const roleList = roles.join();
  useEffect(() => {
    for (const field of ['role', 'company_id', 'designation_id'] as const) form.setValue(field, form.getValues(field));
    form.setValue('overseen_company_ids', form.getValues('overseen_company_ids'));
  }, [form, roleList, companies.data, designations.data]);

  const [phone, chosenRole, chosenCompany] = useWatch({ control, name: ['phone', 'role', 'company_id'] });
  // Administrators hold every permission and act across every company: grants and oversight add nothing.
  const chosenAdministrator = isAdministrator(chosenRole);
  const fieldError = (name: UserFormField): string | undefined => {
    const error = errors[name];
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message);
  };

  const submit = handleSubmit((values) => {
    if (readOnly) return;
    save.mutate(
      { id: user?.id, payload: toUserPayload(values, mode, { grants, oversight, original: user }) },
      {
        onSuccess: () => {
          toast.success(mode === 'create' ? t('form.created') : t('form.updated'));
          onClose();
        },
        onError: (error) => {
          console.error('Saving the user failed', error);
          if (!(error instanceof ApiError)) {
            toast.error(t('errors.server'));
            return;
          }
          const failure = userSaveFailure(error);
          const fields = Object.entries(failure.fields) as [UserFormField, Message][];
          setFormErrors(setError, Object.fromEntries(fields.map(([field, message]) => [field, render(message)])));
          toast.error(render(failure.toast));
        },
      },
    );
  });

  const phoneField = register('phone');
  const dgpField = register('dgp_id');
  // The live count of document 2, section 5; once the digits rule has failed it replaces that error.
  const digits = phone.length;
  const phoneCount =
    !readOnly && digits > 0 && digits !== PHONE_DIGITS ? t('form.phoneCount', { count: digits }) : undefined;
  const phoneRuleFailed = errors.phone?.type !== 'server' && errors.phone?.message === 'validation.phoneDigits';
  const phoneError = phoneRuleFailed ? (phoneCount ?? t('validation.phoneDigits')) : fieldError('phone');
  const phoneHint = phoneError ? undefined : phoneCount;

  return (
    <Modal
      open
      onClose={onClose}
      busy={save.isPending}
      size="lg"
      title={t(TITLES[mode])}
      description={readOnly ? undefined : t('form.requiredNote')}
      footer={
        readOnly ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('close', { ns: 'common' })}
            </Button>
            {onEdit && user && mayManage(me.actor, user) && !user.deleted_at && (
              <Button onClick={onEdit}>{t('form.edit')}</Button>
            )}
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
              {t('cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" form="user-form" disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending ? t('form.saving') : mode === 'create' ? t('form.submitCreate') : t('form.submitUpdate')}
            </Button>
          </>
        )
      }
    >
      <form id="user-form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset disabled={readOnly || save.isPending} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t(TITLES[mode])}</legend>
          <Field label={t('fields.firstName')} required={!readOnly} error={fieldError('first_name')}>
            {({ id, describedBy, invalid, required }) => (
              <Input
                id={id}
                required={required}
                aria-describedby={describedBy}
                invalid={invalid}
                autoComplete="off"
                {...register('first_name')}
              />
            )}
          </Field>
          <Field label={t('fields.middleName')} required={!readOnly} error={fieldError('middle_name')}>
            {({ id, describedBy, invalid, required }) => (
              <Input
                id={id}
                required={required}
                aria-describedby={describedBy}
                invalid={invalid}
                autoComplete="off"
                {...register('middle_name')}
              />
            )}
          </Field>
          <Field label={t('fields.lastName')} required={!readOnly} error={fieldError('last_name')}>
            {({ id, describedBy, invalid, required }) => (
              <Input
                id={id}
                required={required}
                aria-describedby={describedBy}
                invalid={invalid}
                autoComplete="off"
                {...register('last_name')}
              />
            )}
          </Field>
          <Field label={t('fields.email')} required={!readOnly} error={fieldError('email')}>
            {({ id, describedBy, invalid, required }) => (
              <Input
                id={id}
                required={required}
                type="email"
                inputMode="email"
                autoComplete="off"
                aria-describedby={describedBy}
                invalid={invalid}
                {...register('email')}
              />
            )}
          </Field>
          <Field label={t('fields.phone')} error={phoneError} hint={phoneHint} hintLive>
            {({ id, describedBy, invalid, required }) => (
              <Input
                id={id}
                required={required}
                type="tel"
                inputMode="numeric"
                autoComplete="off"
                placeholder={t('form.phonePlaceholder')}
                aria-describedby={describedBy}
                invalid={invalid}
                {...phoneField}
                onChange={(event) => {
                  event.target.value = phoneInput(event.target.value);
                  void phoneField.onChange(event);
                }}
              />
            )}
          </Field>
          {!readOnly && (
            <Field
              label={mode === 'create' ? t('fields.password') : t('fields.newPassword')}
              required={mode === 'create'}
              error={fieldError('password')}
              hint={mode === 'create' ? t('form.passwordHintCreate') : t('form.passwordHintEdit')}
            >
              {({ id, describedBy, invalid, required }) => (
                <Input
                  id={id}
                  required={required}
                  type="password"
                  autoComplete="new-password"
                  aria-describedby={describedBy}
                  invalid={invalid}
                  {...register('password')}
                />
              )}
            </Field>
          )}
          <Field label={t('fields.role')} required={!readOnly} error={fieldError('role')}>
            {({ id, describedBy, invalid, required }) => (
              <Select
                id={id}
                required={required}
                aria-describedby={describedBy}
                invalid={invalid}
                {...register('role')}
              >
                <option value="">{t('form.selectRole')}</option>
                <RoleOptions roles={roles} />
              </Select>
            )}
          </Field>
          <Field label={t('fields.company')} required={!readOnly} error={fieldError('company_id')}>
            {({ id, describedBy, invalid, required }) => (
              <Select
                id={id}
                required={required}
                aria-describedby={describedBy}
                invalid={invalid}
                {...register('company_id')}
              >
                <option value="">
                  {companies.isLoading ? t('loading', { ns: 'common' }) : t('form.selectCompany')}
                </option>
                {user?.company_id && !companies.data?.some((company) => company.id === user.company_id) && (
                  <option value={String(user.company_id)}>{user.company_name ?? `#${user.company_id}`}</option>
                )}
                {companies.data?.map((company) => (
                  <option key={company.id} value={String(company.id)}>
                    {company.active ? company.name : t('form.inactiveOption', { name: company.name })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('fields.designation')} error={fieldError('designation_id')}>
            {({ id, describedBy, invalid, required }) => (
              <Select
                id={id}
                required={required}
                aria-describedby={describedBy}
                invalid={invalid}
                {...register('designation_id')}
              >
                <option value="">
                  {designations.isLoading ? t('loading', { ns: 'common' }) : t('form.noDesignation')}
                </option>
                {user?.designation_id &&
                  !designations.data?.some((designation) => designation.id === user.designation_id) && (
                    <option value={String(user.designation_id)}>
                      {user.designation_name ?? user.designation ?? `#${user.designation_id}`}
                    </option>
                  )}
                {designations.data?.map((designation) => (
                  <option key={designation.id} value={String(designation.id)}>
                    {designation.active ? designation.name : t('form.inactiveOption', { name: designation.name })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('fields.dgpId')}
            error={fieldError('dgp_id')}
            hint={readOnly ? undefined : t('form.dgpIdHint')}
          >
            {({ id, describedBy, invalid, required }) => (
              <Input
                id={id}
                required={required}
                autoComplete="off"
                maxLength={DGP_ID_MAX}
                placeholder="SRPFPUN1011"
                className="uppercase"
                aria-describedby={describedBy}
                invalid={invalid}
                {...dgpField}
                onChange={(event) => {
                  event.target.value = dgpIdInput(event.target.value);
                  void dgpField.onChange(event);
                }}
              />
            )}
          </Field>
          <Field label={t('fields.badgeNo')} error={fieldError('badge_no')}>
            {({ id, describedBy, invalid, required }) => (
              <Input
                id={id}
                required={required}
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                aria-describedby={describedBy}
                invalid={invalid}
                {...register('badge_no')}
              />
            )}
          </Field>
          <Field label={t('fields.icardNo')} error={fieldError('icard_no')}>
            {({ id, describedBy, invalid, required }) => (
              <Input
                id={id}
                required={required}
                autoComplete="off"
                maxLength={ICARD_NO_MAX}
                aria-describedby={describedBy}
                invalid={invalid}
                {...register('icard_no')}
              />
            )}
          </Field>
          <div className="flex items-end pb-2">
            <Checkbox label={t('fields.active')} {...register('is_active')} />
          </div>
          <UserWhatsappFields register={register} />
          {!readOnly && (
            <UserAccessFields
              register={register}
              grants={grants}
              oversight={oversight}
              administrator={chosenAdministrator}
              companies={companies.data?.filter((company) => String(company.id) !== chosenCompany)}
            />
          )}
        </fieldset>
        {readOnly && user && <UserDetails user={user} companies={companies.data} />}
      </form>
    </Modal>
  );
}
