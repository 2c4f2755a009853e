import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAppointment, TUserLookup } from '@srpf/shared';
import { useCompanyOptions } from '../../../api/lookups/get-companies';
import { Field, Input, Select } from '../../../components/ui/field';
import { useCurrentUser } from '../../../lib/current-user';
import { getStoredUser } from '../../../lib/session';
import { fileableCompanies, mayFileForOthers } from '../lib/abilities';
import { UserPicker, type ChosenUser } from './user-picker';

/** The signed-in person as a new request's requester: who they are, and what the forms fill in for them. */
export interface Filer extends ChosenUser {
  companyId: number | null;
  phone: string;
  badge: string;
}

/**
 * Who a new request may be for. Administrators and clerks choose the person; anybody else files
 * for themselves only (the server refuses the rest), so the forms fix the person to them.
 */
export function useFiling(): { selfOnly: boolean; self: Filer | null } {
  const me = useCurrentUser();
  const stored = getStoredUser();
  const self: Filer | null =
    me.id === undefined
      ? null
      : {
          id: me.id,
          name: stored?.full_name ?? '',
          companyId: me.companyId,
          phone: stored?.phone_number ?? '',
          badge: stored?.badge_no === null || stored?.badge_no === undefined ? '' : String(stored.badge_no),
        };
  return { selfOnly: !mayFileForOthers(me.actor) && self !== null, self };
}

/** The two fields of the form's values that Company and User write (react-hook-form's `setValue`). */
interface SetCompanyUserValue {
  (name: 'company_id', value: string, options: { shouldDirty: boolean }): void;
  (name: 'user_id', value: number | null, options: { shouldDirty: boolean }): void;
}

interface CompanyUserErrors {
  company_id?: string;
  user_id?: string;
}

/**
 * The state behind Company and User in both forms: the chosen person's name beside the form's
 * user_id. Choosing a person (in the picker, or found by phone) also fills an empty company and calls
 * `onChoose` for the form's own fields; each choice clears its field's error.
 */
export function useCompanyUser<E extends CompanyUserErrors>({
  appointment,
  companyId,
  setValue,
  setErrors,
  onChoose,
  filer,
}: {
  appointment: TAppointment | null;
  companyId: string;
  setValue: SetCompanyUserValue;
  setErrors: Dispatch<SetStateAction<E>>;
  onChoose?: (user: TUserLookup) => void;
  /** A new request of someone who files only for themselves: the person is fixed to them. */
  filer?: Filer | null;
}) {
  const [chosen, setChosen] = useState<ChosenUser | null>(
    appointment?.user_id
      ? { id: appointment.user_id, name: appointment.full_name }
      : filer && !appointment
        ? { id: filer.id, name: filer.name }
        : null,
  );
  const chooseCompany = useCallback(
    (id: string) => {
      setValue('company_id', id, { shouldDirty: true });
      setErrors((current) => ({ ...current, company_id: undefined }));
    },
    [setValue, setErrors],
  );
  return {
    companyId,
    chosen,
    /** The person cannot be changed: a new request of someone who files only for themselves. */
    fixed: Boolean(filer) && !appointment,
    chooseCompany,
    chooseUser: (user: TUserLookup) => {
      setChosen({ id: user.id, name: user.full_name });
      setValue('user_id', user.id, { shouldDirty: true });
      // The company is the person's: a request names the company of the one it is about.
      if (user.company_id) setValue('company_id', String(user.company_id), { shouldDirty: true });
      setErrors((current) => ({
        ...current,
        user_id: undefined,
        ...(user.company_id ? { company_id: undefined } : {}),
      }));
      onChoose?.(user);
    },
    clearUser: () => {
      setChosen(null);
      setValue('user_id', null, { shouldDirty: true });
    },
  };
}

/**
 * User, then Company: the first fields of both forms. The person comes first and brings their
 * company; a new request with a single company in reach has it chosen already.
 */
export function CompanyUserFields({
  appointment,
  state,
  errors,
}: {
  appointment: TAppointment | null;
  state: ReturnType<typeof useCompanyUser>;
  errors: CompanyUserErrors;
}) {
  const { t } = useTranslation('appointments');
  const { actor } = useCurrentUser();
  const companies = useCompanyOptions();
  // A new request names a company of the person's own scope; an existing one keeps showing its own.
  const offered =
    companies.data === undefined ? undefined : appointment ? companies.data : fileableCompanies(actor, companies.data);
  const onlyCompany = !appointment && offered?.length === 1 ? offered[0]!.id : null;
  const { companyId, chooseCompany } = state;
  useEffect(() => {
    if (onlyCompany !== null && companyId === '') chooseCompany(String(onlyCompany));
  }, [onlyCompany, companyId, chooseCompany]);
  return (
    <>
      <Field
        label={t('fields.user')}
        required
        error={errors.user_id}
        hint={state.fixed ? t('fields.userSelfOnly') : undefined}
      >
        {({ id, describedBy, invalid }) =>
          state.fixed ? (
            <Input
              id={id}
              readOnly
              value={state.chosen?.name ?? ''}
              aria-describedby={describedBy}
              invalid={invalid}
              required
            />
          ) : (
            <UserPicker
              id={id}
              value={state.chosen}
              describedBy={describedBy}
              invalid={invalid}
              onChoose={state.chooseUser}
              onClear={state.clearUser}
            />
          )
        }
      </Field>
      <Field label={t('fields.company')} required error={errors.company_id}>
        {({ id, describedBy, invalid }) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            invalid={invalid}
            required
            value={state.companyId}
            onChange={(event) => state.chooseCompany(event.target.value)}
          >
            <option value="">{t('fields.selectCompany')}</option>
            {/* Until the list arrives, the stored company still shows by name. */}
            {offered === undefined && appointment?.company_id && (
              <option value={appointment.company_id}>{appointment.company_name ?? appointment.company_id}</option>
            )}
            {(offered ?? []).map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </>
  );
}
