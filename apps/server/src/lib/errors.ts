import { ERROR_STATUS, type ErrorCode } from '@srpf/shared';

export interface FieldError {
  field: string;
  message: string;
}

/** An expected failure with a stable code; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { field?: string; details?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Authentication required. Please sign in.') => new AppError('UNAUTHENTICATED', message);
