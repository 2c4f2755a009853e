import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TUser } from '@srpf/shared';
import { GRANTABLE_PERMISSIONS, isAdministrator } from '@srpf/shared/common/permissions';
import { DGP_ID_MAX, ICARD_NO_MAX } from '@srpf/shared/users/users.rules';
import { mayAssignOverseenCompanies, mayGrantPermissions } from '@srpf/shared/users/users.policy';
import { WHATSAPP_LANGUAGES } from '@srpf/shared/appointments/appointments.rules';
import { useCompanyOptions } from '../../../api/lookups/get-companies';
import { useDesignationOptions } from '../../../api/lookups/get-designations';
import { Button } from '../../../components/ui/button';
import { DateText } from '../../../components/ui/date-text';
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
import { UserStatusBadge } from './user-status-badge';

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
  const formIds = useId();
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
          <fieldset
            aria-describedby={`${formIds}-whatsapp-hint`}
            className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2 sm:items-end dark:border-slate-700"
          >
            <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">
              {t('whatsapp.title')}
            </legend>
            <p id={`${formIds}-whatsapp-hint`} className="text-xs text-slate-500 sm:col-span-2 dark:text-slate-400">
              {t('whatsapp.hint')} {t('whatsapp.numberVerifiedHint')}
            </p>
            <div className="flex flex-col gap-3 pb-2">
              <Checkbox label={t('whatsapp.enabled')} {...register('whatsapp_enabled')} />
              <Checkbox label={t('whatsapp.notices')} {...register('whatsapp_notices_enabled')} />
            </div>
            <Field label={t('whatsapp.language')}>
              {({ id }) => (
                <Select id={id} {...register('whatsapp_language')}>
                  {WHATSAPP_LANGUAGES.map((language) => (
                    <option key={language} value={language}>
                      {t(`whatsapp.languages.${language}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </fieldset>
          {!readOnly && grants && (
            <fieldset
              disabled={chosenAdministrator}
              aria-describedby={`${formIds}-grants-hint`}
              className="rounded-lg border border-slate-200 p-4 sm:col-span-2 dark:border-slate-700"
            >
              <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">
                {t('grants.title')}
              </legend>
              <p id={`${formIds}-grants-hint`} className="mb-3 text-xs text-slate-500 dark:text-slate-400">
                {chosenAdministrator ? t('grants.administrator') : t('grants.hint')}
              </p>
              <div className="grid gap-2 sm:grid-cols-2">
                {GRANTABLE_PERMISSIONS.map((permission) => (
                  <Checkbox
                    key={permission}
                    value={permission}
                    label={t(`permissions.${permission}`)}
                    {...register('granted_permissions')}
                  />
                ))}
              </div>
            </fieldset>
          )}
          {!readOnly && oversight && (
            <Field
              label={t('oversight.title')}
              hint={chosenAdministrator ? t('oversight.administrator') : t('oversight.hint')}
              className="sm:col-span-2"
            >
              {({ id, describedBy }) => (
                <Select
                  id={id}
                  multiple
                  disabled={chosenAdministrator}
                  aria-describedby={describedBy}
                  className="h-40 py-1"
                  {...register('overseen_company_ids')}
                >
                  {companies.data
                    ?.filter((company) => String(company.id) !== chosenCompany)
                    .map((company) => (
                      <option key={company.id} value={String(company.id)}>
                        {company.active ? company.name : t('form.inactiveOption', { name: company.name })}
                      </option>
                    ))}
                </Select>
              )}
            </Field>
          )}
        </fieldset>
        {readOnly && user && (
          <dl className="mt-5 grid gap-3 border-t border-slate-200 pt-4 text-sm sm:grid-cols-3 dark:border-slate-700">
            <div>
              <dt className="text-slate-500 dark:text-slate-400">{t('fields.status')}</dt>
              <dd className="mt-1">
                <UserStatusBadge user={user} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">{t('fields.created')}</dt>
              <dd className="mt-1 text-slate-900 dark:text-slate-100">
                <DateText iso={user.created_at} />
              </dd>
            </div>
            <div className="sm:col-span-3">
              <dt className="text-slate-500 dark:text-slate-400">{t('grants.title')}</dt>
              <dd className="mt-1 text-slate-900 dark:text-slate-100">
                {isAdministrator(user.role)
                  ? t('grants.administrator')
                  : user.granted_permissions?.length
                    ? user.granted_permissions.map((permission) => t(`permissions.${permission}`)).join(', ')
                    : t('grants.none')}
              </dd>
            </div>
            <div className="sm:col-span-3">
              <dt className="text-slate-500 dark:text-slate-400">{t('oversight.title')}</dt>
              <dd className="mt-1 text-slate-900 dark:text-slate-100">
                {user.overseen_company_ids?.length
                  ? user.overseen_company_ids
                      .map((id) => companies.data?.find((company) => company.id === id)?.name ?? `#${id}`)
                      .join(', ')
                  : t('oversight.none')}
              </dd>
            </div>
            <div className="sm:col-span-3">
              <dt className="text-slate-500 dark:text-slate-400">{t('whatsapp.consent')}</dt>
              <dd className="mt-1 text-slate-900 dark:text-slate-100">
                {user.whatsapp_consent_at && user.whatsapp_consent_source ? (
                  <>
                    {t(`whatsapp.sources.${user.whatsapp_consent_source}`)} ·{' '}
                    <DateText iso={user.whatsapp_consent_at} />
                  </>
                ) : (
                  t('whatsapp.noConsent')
                )}
                {' · '}
                {t(user.whatsapp_notices_enabled ? 'whatsapp.noticesOn' : 'whatsapp.noticesOff')}
              </dd>
            </div>
            <div className="sm:col-span-3">
              <dt className="text-slate-500 dark:text-slate-400">{t('whatsapp.numberStatus')}</dt>
              <dd className="mt-1 text-slate-900 dark:text-slate-100">
                {user.phone_verified_at && user.phone_verified_source ? (
                  <>
                    {t(`whatsapp.verifiedSources.${user.phone_verified_source}`)} ·{' '}
                    <DateText iso={user.phone_verified_at} />
                  </>
                ) : (
                  t('whatsapp.numberUnverified')
                )}
              </dd>
            </div>
            {user.must_change_password && (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">{t('fields.password')}</dt>
                <dd className="mt-1 text-slate-900 dark:text-slate-100">{t('form.mustChangePassword')}</dd>
              </div>
            )}
          </dl>
        )}
      </form>
    </Modal>
  );
}
