import { errorWording, ERRORS_NAMESPACE, type ReasonedError } from './error-words';
import { i18n } from './i18n';

/**
 * A server error in the reader's language, for every page after sign-in (i18next loads the `errors`
 * namespace with the first of them: lib/i18n.ts). The sign-in page words its errors with lib/texts.ts
 * instead (features/auth/components/login-error-message.ts), to stay within its JavaScript budget.
 */
export function errorText(error: ReasonedError): string {
  const wording = errorWording(error, i18n.language, (key) => i18n.exists(key, { ns: ERRORS_NAMESPACE }));
  return 'key' in wording ? i18n.t(wording.key, { ...wording.values, ns: ERRORS_NAMESPACE }) : wording.text;
}
