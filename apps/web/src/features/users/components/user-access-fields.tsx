import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GRANTABLE_PERMISSIONS } from '@srpf/shared/common/permissions';
import { Checkbox, Field, Select } from '../../../components/ui/field';
import type { UserFormValues } from '../lib/user-form';

/**
 * The grants (for an administrator to give) and the overseen companies (for a superadmin to assign);
 * both disabled while the chosen role is an administrator's, who holds everything already.
 */
export function UserAccessFields({
  register,
  grants,
  oversight,
  administrator,
  companies,
}: {
  register: UseFormRegister<UserFormValues>;
  grants: boolean;
  oversight: boolean;
  administrator: boolean;
  /** The companies that may be overseen (all but the person's own). */
  companies: { id: number; name: string; active: boolean }[] | undefined;
}) {
  const { t } = useTranslation('users');
  const formIds = useId();
  return (
    <>
      {grants && (
        <fieldset
          disabled={administrator}
          aria-describedby={`${formIds}-grants-hint`}
          className="rounded-lg border border-slate-200 p-4 sm:col-span-2 dark:border-slate-700"
        >
          <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">{t('grants.title')}</legend>
          <p id={`${formIds}-grants-hint`} className="mb-3 text-xs text-slate-500 dark:text-slate-400">
            {administrator ? t('grants.administrator') : t('grants.hint')}
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
      {oversight && (
        <Field
          label={t('oversight.title')}
          hint={administrator ? t('oversight.administrator') : t('oversight.hint')}
          className="sm:col-span-2"
        >
          {({ id, describedBy }) => (
            <Select
              id={id}
              multiple
              disabled={administrator}
              aria-describedby={describedBy}
              className="h-40 py-1"
              {...register('overseen_company_ids')}
            >
              {companies?.map((company) => (
                <option key={company.id} value={String(company.id)}>
                  {company.active ? company.name : t('form.inactiveOption', { name: company.name })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
    </>
  );
}
