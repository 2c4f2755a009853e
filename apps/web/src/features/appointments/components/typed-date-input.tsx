import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/field';
import { parseTypedDate, typedDateText } from '../lib/typed-date';

/**
 * A date typed day first (dd/mm/yyyy) in a text field, whatever the browser's locale (see
 * lib/typed-date.ts for why not a native date input). `value` is an ISO date once the text is a
 * whole date, else the text as typed (which the form then refuses).
 */
export function TypedDateInput({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('appointments');
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('form.datePlaceholder')}
      maxLength={10}
      value={typedDateText(value)}
      onChange={(event) => onChange(parseTypedDate(event.target.value) ?? event.target.value)}
      {...props}
    />
  );
}
