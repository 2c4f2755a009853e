import {
  ERROR_REASONS,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorParams,
  type ErrorReason,
  type ErrorReasonOf,
  type ErrorReasonParams,
  type ErrorReasonWithoutParams,
} from '@srpf/shared';

/** One item of a validation failure's `details`; `reason`/`params` word it in the reader's language. */
export interface FieldError {
  field: string;
  message: string;
  reason?: ErrorReasonOf<'VALIDATION_FAILED'>;
  params?: ErrorParams;
}

/**
 * An expected failure. It is raised with a registered reason (common/error-reasons.ts) and exactly
 * the params that reason's text needs, plus the English message API clients read; the reason gives
 * the coarse `code` and so the status. The error handler turns it into the envelope.
 */
export class AppError<R extends ErrorReason = ErrorReason> extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;

  constructor(
    readonly reason: R,
    readonly params: ErrorReasonParams<R>,
    message: string,
    readonly extra: { field?: string; details?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = ERROR_REASONS[reason].code;
    this.statusCode = ERROR_STATUS[this.code];
  }
}

/** A 404 with a not-found reason that needs no params, e.g. `notFound('users.not_found', 'User')`. */
export const notFound = (reason: ErrorReasonOf<'NOT_FOUND'> & ErrorReasonWithoutParams, what: string) =>
  new AppError(reason, {}, `${what} not found`);

export const forbidden = (
  reason: ErrorReasonOf<'FORBIDDEN'> & ErrorReasonWithoutParams = 'forbidden',
  message = 'You do not have permission to do this',
) => new AppError(reason, {}, message);

export const unauthenticated = (
  reason: ErrorReasonOf<'UNAUTHENTICATED'> & ErrorReasonWithoutParams = 'unauthenticated',
  message = 'Authentication required. Please sign in.',
) => new AppError(reason, {}, message);

/** `instanceof` narrows the generic reason to `any`; this keeps it typed. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
