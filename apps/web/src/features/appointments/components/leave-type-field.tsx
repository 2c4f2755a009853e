import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isKnownLeaveType } from '@srpf/shared/appointments/appointments.rules';
import { Field, Select } from '../../../components/ui/field';
import { leaveTypeChoices } from '../lib/leave-types';

const OTHER_LEAVE_TYPE = '__other';

/**
 * The leave type: a listed type (stored as its code), or "Other" and the type typed in the free-text
 * field that `otherField` renders beside it. `onChange` gives the value to store ('' for Other until typed).
 */
export function LeaveTypeField({
  stored,
  error,
  onChange,
  otherField,
}: {
  stored: string;
  error?: string;
  onChange: (value: string) => void;
  otherField: React.ReactNode;
}) {
  const { t } = useTranslation('appointments');
  const [choice, setChoice] = useState(stored === '' ? '' : isKnownLeaveType(stored) ? stored : OTHER_LEAVE_TYPE);
  return (
    <>
      <Field label={t('fields.leaveType')} required error={error} hint={t('fields.leaveTypeHint')}>
        {({ id, describedBy, invalid }) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            invalid={invalid}
            required
            value={choice}
            onChange={(event) => {
              const chosen = event.target.value;
              setChoice(chosen);
              onChange(chosen === OTHER_LEAVE_TYPE ? '' : chosen);
            }}
          >
            <option value="">—</option>
            {leaveTypeChoices(t).map(({ value, label, lang }) => (
              <option key={value} value={value} lang={lang}>
                {label}
              </option>
            ))}
            <option value={OTHER_LEAVE_TYPE}>{t('fields.leaveTypeOther')}</option>
          </Select>
        )}
      </Field>
      {choice === OTHER_LEAVE_TYPE ? otherField : <div aria-hidden="true" className="hidden sm:block" />}
    </>
  );
}
