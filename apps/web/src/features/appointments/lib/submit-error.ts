import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';

/** What to tell the user after a failed call: a locale key with values, or the server's own words. */
export type SubmitMessage = { key: string; values?: Record<string, string> };

/**
 * The leave form's failure texts (document 2, section 8): the validation details line by line, a
 * single field's message, the server's message, or the generic text when there is no answer body.
 */
export function leaveSubmitError(error: unknown): SubmitMessage {
  if (error instanceof ApiError && !error.isNetwork && error.code !== 'HTTP_ERROR') {
    if (error.details && error.details.length > 0) {
      return {
        key: 'errors.validationErrors',
        values: { lines: error.details.map((detail) => `${detail.field}: ${errorText(detail)}`).join('\n') },
      };
    }
    if (error.field && error.message) return { key: 'errors.validationError', values: { message: errorText(error) } };
    if (error.message) return { key: 'errors.error', values: { message: errorText(error) } };
  }
  return { key: 'errors.leaveSubmitFailed' };
}
