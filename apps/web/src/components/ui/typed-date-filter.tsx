import { useState } from 'react';
import { typedDateProblem } from '../../lib/typed-date';
import { useStateResetOn } from '../../lib/use-state-reset-on';
import { Field } from './field';
import { TypedDateInput, useTypedDateProblemText } from './typed-date-input';

/**
 * A list filter's date, typed day first: a whole date within min/max (ISO) applies at once, a cleared
 * field removes the filter, and anything else stays in the field, named under it once the reader leaves it.
 */
export function TypedDateFilter({
  label,
  value,
  min,
  max,
  onApply,
  className,
}: {
  label: string;
  /** The applied filter: an ISO date or ''. */
  value: string;
  min?: string;
  max?: string;
  onApply: (value: string) => void;
  className?: string;
}) {
  // What is typed; an applied date from outside (Clear, Back) replaces it.
  const [text, setText] = useStateResetOn(value, value);
  const [left, setLeft] = useState(false);
  const problemText = useTypedDateProblemText();
  const problem = typedDateProblem(text, { min, max });

  const change = (next: string) => {
    setText(next);
    setLeft(false);
    if (next.trim() === '') {
      if (value !== '') onApply('');
    } else if (typedDateProblem(next, { min, max }) === null && next !== value) onApply(next);
  };

  return (
    <Field label={label} error={left ? problemText(problem) : undefined} className={className}>
      {({ id, describedBy, invalid }) => (
        <TypedDateInput
          id={id}
          value={text}
          onChange={change}
          onBlur={() => setLeft(true)}
          aria-describedby={describedBy}
          invalid={invalid}
        />
      )}
    </Field>
  );
}
