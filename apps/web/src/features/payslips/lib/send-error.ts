import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { i18n } from '../../../lib/i18n';

/**
 * A refused send, resend, mark-sent or resume in the reader's language: the house's error texts for the
 * server's answers (404 for a slip not seen, 400, 403, 409), the common network text when no answer came.
 */
export function sendErrorText(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return i18n.t('errors.network', { ns: 'common' });
  if (error instanceof ApiError) return errorText(error);
  return i18n.t('errors.generic', { ns: 'common' });
}
