import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTypedDate, typedDateText, type TypedDateProblem } from '../../lib/typed-date';
import { Input } from './field';

/**
 * A date typed day first (dd/mm/yyyy) in a text field, whatever the browser's locale (see
 * lib/typed-date.ts for why not a native date input). `value` is an ISO date once the text is a
 * whole date, else the text as typed (which the form then refuses: see `typedDateProblem`).
 */
export function TypedDateInput({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('typedDate.placeholder')}
      maxLength={10}
      value={typedDateText(value)}
      onChange={(event) => onChange(parseTypedDate(event.target.value) ?? event.target.value)}
      {...props}
    />
  );
}

/** A typed date's problem in the reader's language (limits shown day first, as typed). */
export function useTypedDateProblemText(): (problem: TypedDateProblem | null) => string | undefined {
  const { t } = useTranslation();
  return (problem) => {
    if (problem === null) return undefined;
    if (problem.kind === 'format') return t('typedDate.format');
    return t(`typedDate.${problem.kind}`, { date: typedDateText(problem.date) });
  };
}
