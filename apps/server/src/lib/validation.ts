import type { z } from 'zod';
import {
  ZErrorResponse,
  type ErrorReasonOf,
  type ErrorReasonParams,
  type ErrorReasonWithoutParams,
} from '@srpf/shared';
import { AppError, type FieldError } from './errors.js';
import { zodIssueReason } from './validation-reasons.js';

/**
 * One way to report bad input, for every route: a 400 `VALIDATION_FAILED` whose `field` names the
 * first bad field and whose `details` list every one ({field, message}), the same shape a declared
 * schema's failure has (lib/error-handler.ts).
 */
export function invalidFields(
  message: string,
  details: FieldError[],
  reason?: ValidationReason & ErrorReasonWithoutParams,
): AppError {
  // Unless told, the whole failure takes the reason of its first detail: the field the form shows first.
  const first = details[0];
  if (reason) return new AppError(reason, {}, message, { field: first?.field, details });
  return new AppError(first?.reason ?? 'validation_failed', first?.params ?? {}, message, {
    field: first?.field,
    details,
  });
}

type ValidationReason = ErrorReasonOf<'VALIDATION_FAILED'>;

/** A 400 on one field, with the reason (and its params) that words it, e.g. `invalidField('role', 'users.unknown_role', { role }, 'Unknown role: …')`. */
export function invalidField<R extends ValidationReason>(
  field: string,
  reason: R,
  params: ErrorReasonParams<R>,
  message: string,
): AppError {
  return invalidFields(message, [{ field, message, reason, params }]);
}

/** Field errors of a zod failure; `container` names a failure of the whole value (e.g. 'body'). */
export function zodFieldErrors(issues: z.ZodError['issues'], container = 'body'): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || container,
    message: issue.message,
    ...zodIssueReason(issue.code, issue as object, issue.message),
  }));
}

/** The message of a schema failure: the first field and what is wrong with it. */
export const schemaFailureMessage = (first: FieldError | undefined) =>
  first ? `${first.field}: ${first.message}` : 'Invalid request';

/**
 * Validates what a route could not declare (multipart fields, a PUT that is JSON or multipart) and
 * fails exactly as a declared schema does.
 */
export function parseOrFail<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = zodFieldErrors(result.error.issues);
  throw invalidFields(schemaFailureMessage(details[0]), details);
}

/** The OpenAPI security of a route that needs a bearer token. */
export const BEARER = [{ bearer: [] }];

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** The error answers a route declares (fastify-type-provider-zod needs every status it sends). */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ZErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorResponse])) as Record<S, typeof ZErrorResponse>;
}

/**
 * An update must name at least one field it knows: `{}`, or only unknown fields (which the schema
 * drops), is a client's mistake, not a change of nothing.
 */
export function requireSomeChange(changes: object): void {
  if (!Object.values(changes).some((value) => value !== undefined))
    throw invalidField('body', 'validation.no_change', {}, 'Send at least one field to change');
}
