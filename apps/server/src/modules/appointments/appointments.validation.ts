import { missingRequiredFields } from '@srpf/shared';
import { today } from '../../lib/clock.js';
import { invalidField, invalidFields } from '../../lib/validation.js';

/**
 * The form's required fields (spec document 2, section 5): the answer's message is the form's own
 * alert text, and the details name each empty field.
 */
export function assertRequired<K extends string>(
  required: Partial<Record<K, string>>,
  message: string,
  input: object,
): void {
  const missing = missingRequiredFields(required, input);
  if (missing.length > 0)
    throw invalidFields(
      message,
      missing.map((detail) => ({ ...detail, reason: 'validation.required', params: {} })),
      'appointments.required_fields_missing',
    );
}

/** Dates a person books (appointment, preferred) are today or later in the force's time zone. */
export function assertNotPast(field: string, label: string, date: string | null | undefined): void {
  if (date && date < today())
    throw invalidField(field, 'validation.date_in_past', {}, `${label} must be today or later`);
}

export function assertLeaveDatesInOrder(start: string | null | undefined, end: string | null | undefined): void {
  if (start && end && end < start)
    throw invalidField(
      'leave_end_date',
      'validation.end_before_start',
      {},
      'End date must be on or after the start date',
    );
}
