import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { WHATSAPP_LANGUAGES } from '@srpf/shared/appointments/appointments.rules';
import { Checkbox, Field, Select } from '../../../components/ui/field';
import type { UserFormValues } from '../lib/user-form';

/** The user form's WhatsApp part: slips and notices consented to by the administrator, and the language. */
export function UserWhatsappFields({ register }: { register: UseFormRegister<UserFormValues> }) {
  const { t } = useTranslation('users');
  const formIds = useId();
  return (
    <fieldset
      aria-describedby={`${formIds}-whatsapp-hint`}
      className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2 sm:items-end dark:border-slate-700"
    >
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">{t('whatsapp.title')}</legend>
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
  );
}
