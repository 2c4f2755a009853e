import { isCalendarDate } from '@srpf/shared/appointments/appointments.rules';

/**
 * Dates are typed day first, as the force writes them (23/11/2026), in a text
 * field: a native date input shows mm/dd/yyyy in an en-US browser whatever the page's language, and
 * Chromium ignores a lang attribute on it. The form keeps ISO dates (YYYY-MM-DD) as the API does.
 */

/** A typed date as ISO: dd/mm/yyyy (also with - or . and one-digit day or month, or eight digits), or ISO itself; else null. */
export function parseTypedDate(text: string): string | null {
  const typed = text.trim();
  if (isCalendarDate(typed)) return typed;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** An ISO date as the field shows it (dd/mm/yyyy); anything else as it is (a date still being typed). */
export function typedDateText(value: string): string {
  if (!isCalendarDate(value)) return value;
  const [year, month, day] = value.split('-');
  return `${day}/${month}/${year}`;
}

/** What is wrong with a typed date (blank is for the form to judge): not a date, or outside min/max (ISO). */
export type TypedDateProblem = { kind: 'format' } | { kind: 'notBefore' | 'notAfter'; date: string };

export function typedDateProblem(value: string, limits: { min?: string; max?: string } = {}): TypedDateProblem | null {
  if (value.trim() === '') return null;
  const iso = parseTypedDate(value);
  if (iso === null) return { kind: 'format' };
  if (limits.min && isCalendarDate(limits.min) && iso < limits.min) return { kind: 'notBefore', date: limits.min };
  if (limits.max && isCalendarDate(limits.max) && iso > limits.max) return { kind: 'notAfter', date: limits.max };
  return null;
}
