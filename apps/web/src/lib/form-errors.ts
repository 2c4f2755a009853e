import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorText } from './error-text';

/** What is read of a failed call: an ApiError has these (tests pass plain objects). */
interface ErrorLike {
  status?: unknown;
  code?: unknown;
  message?: unknown;
  field?: unknown;
  details?: unknown;
  reason?: unknown;
  params?: unknown;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The messages a refused save puts on a form's fields (document 2, section 8), one mapper for every
 * form: each validation detail's message on its field, then the error's own message on the field it
 * names; the first message of a field wins. Each is worded in the reader's language from its reason
 * (lib/error-text.ts). `names` maps the server's field names to the form's
 * (several may map to one field); a name it does not list is not on this form. A call that never
 * reached the server (status 0) names no field.
 */
export function apiErrorFields<F extends string>(
  error: unknown,
  names: Readonly<Record<string, F>>,
): Partial<Record<F, string>> {
  const { status, code, message, field, details, reason, params } = (error ?? {}) as ErrorLike;
  const found: Partial<Record<F, string>> = {};
  if (status === 0) return found;
  const named = [...(Array.isArray(details) ? (details as ErrorLike[]) : []), { field, message, reason, params, code }];
  for (const item of named) {
    const name = textOf(item?.field);
    const target = Object.hasOwn(names, name) ? names[name] : undefined;
    const text = textOf(item?.message) === '' ? '' : textOf(errorText(item ?? {}));
    if (target !== undefined && text !== '' && found[target] === undefined) found[target] = text;
  }
  return found;
}

/** Shows messages on a react-hook-form form as server errors (their text as it is) and focuses the first. */
export function setFormErrors<V extends FieldValues>(
  setError: UseFormSetError<V>,
  messages: Partial<Record<Path<V>, string>>,
): void {
  const entries = Object.entries(messages) as [Path<V>, string][];
  entries.forEach(([field, message], index) =>
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
}
