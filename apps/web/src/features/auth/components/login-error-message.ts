import { throttleLimitOf } from '@srpf/shared/auth/auth.throttle-limits';
import { ApiError } from '../../../lib/api-error';
import type { Translate } from '../../../lib/texts';

/** Server codes that have a reader-language text in login.json under `errors.<code>`. */
const TRANSLATED_CODES = new Set(['UNAUTHENTICATED', 'RATE_LIMITED', 'PASSWORD_EXPIRED']);

/**
 * What the card says when sign-in fails (spec, document 1 section 8): the network text, else the
 * server's message, else the generic failure. The server writes English, so in Marathi and Hindi
 * the codes we know are shown in the reader's language instead; English keeps the server's exact
 * words (a 429 says when to retry). A sign-in throttle's 429 names its limit (this address, this
 * account from everywhere, or this network), each with its own text.
 */
export function loginErrorMessage(error: unknown, t: Translate, language: string): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return t('errors.network');
    if (language !== 'en' && TRANSLATED_CODES.has(error.code)) {
      const limit = error.code === 'RATE_LIMITED' ? throttleLimitOf(error.details) : null;
      return t(limit ? `errors.throttled.${limit}` : `errors.${error.code}`);
    }
    // HTTP_ERROR means the answer carried no error envelope (a proxy page, say): nothing worth showing.
    if (error.code !== 'HTTP_ERROR' && error.message.trim() !== '') return error.message;
  }
  return t('errors.failed');
}
