import { throttleLimitOf } from '@srpf/shared/auth/auth.throttle-limits';
import { ApiError } from '../../../lib/api-error';
import { errorWording, ERRORS_NAMESPACE } from '../../../lib/error-words';
import { isLanguage, translate, type Translate } from '../../../lib/texts';

/** Server codes that have a reader-language text in login.json under `errors.<code>`. */
const TRANSLATED_CODES = new Set(['UNAUTHENTICATED', 'RATE_LIMITED', 'PASSWORD_EXPIRED']);

/**
 * What the card says when sign-in fails (spec, document 1 section 8): the network text, else the
 * server's message, else the generic failure. The server writes English, so in Marathi and Hindi
 * the codes we know are shown in the reader's language instead; English keeps the server's exact
 * words (a 429 says when to retry). A sign-in throttle's 429 names its limit (this address, this
 * account from everywhere, or this network), each with its own text. An answer with a reason is
 * worded from the `errors` namespace (loaded with this page by the router for a Marathi or Hindi
 * reader only) through lib/texts.ts, not i18next, to keep this page's JavaScript small.
 */
export function loginErrorMessage(error: unknown, t: Translate, language: string): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return t('errors.network');
    // The sign-in page's own texts first (login.json: wrong password, each throttle, an expired
    // password), so the card keeps one wording; the errors namespace words any other reason.
    if (language !== 'en' && TRANSLATED_CODES.has(error.code)) {
      const limit = error.code === 'RATE_LIMITED' ? throttleLimitOf(error.details) : null;
      return t(limit ? `errors.throttled.${limit}` : `errors.${error.code}`);
    }
    const reasoned = reasonText(error, language);
    if (reasoned !== null) return reasoned;
    // HTTP_ERROR means the answer carried no error envelope (a proxy page, say): nothing worth showing.
    if (error.code !== 'HTTP_ERROR' && error.message.trim() !== '') return error.message;
  }
  return t('errors.failed');
}

/** A reader-language text from the answer's reason, or null (English, no known reason, texts not loaded). */
function reasonText(error: ApiError, language: string): string | null {
  if (language === 'en' || !isLanguage(language) || error.reason === undefined) return null;
  const hasText = (key: string) => translate(ERRORS_NAMESPACE, key, undefined, language) !== key;
  const wording = errorWording(error, language, hasText);
  return 'key' in wording ? translate(ERRORS_NAMESPACE, wording.key, wording.values, language) : null;
}
