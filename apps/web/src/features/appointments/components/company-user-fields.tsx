import { useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAppointment, TUserLookup } from '@srpf/shared';
import { useCompanyOptions } from '../../../api/lookups/get-companies';
import { Field, Select } from '../../../components/ui/field';
import { UserPicker, type ChosenUser } from './user-picker';

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
}: {
  appointment: TAppointment | null;
  companyId: string;
  setValue: SetCompanyUserValue;
  setErrors: Dispatch<SetStateAction<E>>;
  onChoose?: (user: TUserLookup) => void;
}) {
  const [chosen, setChosen] = useState<ChosenUser | null>(appointment?.user_id ? { id: appointment.user_id, name: appointment.full_name } : null);
  return {
    companyId,
    chosen,
    chooseCompany: (id: string) => {
      setValue('company_id', id, { shouldDirty: true });
      setErrors((current) => ({ ...current, company_id: undefined }));
    },
    chooseUser: (user: TUserLookup) => {
      setChosen({ id: user.id, name: user.full_name });
      setValue('user_id', user.id, { shouldDirty: true });
      if (!companyId && user.company_id) setValue('company_id', String(user.company_id), { shouldDirty: true });
      setErrors((current) => ({ ...current, user_id: undefined }));
      onChoose?.(user);
    },
    clearUser: () => {
      setChosen(null);
      setValue('user_id', null, { shouldDirty: true });
    },
  };
}

/** Company and User, the first fields of both forms. */
export function CompanyUserFields({ appointment, state, errors }: { appointment: TAppointment | null; state: ReturnType<typeof useCompanyUser>; errors: CompanyUserErrors }) {
  const { t } = useTranslation('appointments');
  const companies = useCompanyOptions();
  return (
    <>
      <Field label={t('fields.company')} required error={errors.company_id}>
        {({ id, describedBy, invalid }) => (
          <Select id={id} aria-describedby={describedBy} invalid={invalid} required value={state.companyId} onChange={(event) => state.chooseCompany(event.target.value)}>
            <option value="">{t('fields.selectCompany')}</option>
            {/* Until the list arrives, the stored company still shows by name. */}
            {companies.data === undefined && appointment?.company_id && <option value={appointment.company_id}>{appointment.company_name ?? appointment.company_id}</option>}
            {(companies.data ?? []).map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('fields.user')} required error={errors.user_id}>
        {({ id, describedBy, invalid }) => <UserPicker id={id} value={state.chosen} describedBy={describedBy} invalid={invalid} onChoose={state.chooseUser} onClear={state.clearUser} />}
      </Field>
    </>
  );
}
