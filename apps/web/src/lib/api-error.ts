import type { TErrorResponse } from '@srpf/shared';

type ErrorBody = TErrorResponse['error'];

/**
 * An answer that was not a success: the server's envelope, or a network/timeout failure (status 0).
 * `reason` and `params` say precisely why (lib/error-text.ts words them in the reader's language).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly details?: ErrorBody['details'],
    readonly reason?: string,
    readonly params?: ErrorBody['params'],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}
