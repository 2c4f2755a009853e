import type { ErrorParams } from '@srpf/shared/common/error-reasons';

/** What is read of a refused answer (an ApiError, one of its details, or a plain object in tests). */
export interface ReasonedError {
  code?: unknown;
  message?: unknown;
  reason?: unknown;
  params?: unknown;
}

/** A text of the `errors` namespace with its values, or words to show as they are. */
export type ErrorWording = { key: string; values: ErrorParams } | { text: string };

/** The reason of a schema's own check (a zod refinement) that names no reason of its own. */
const UNNAMED_CHECK_REASON = 'validation.invalid';

/** The namespace of the reasons' texts (locales/<language>/errors.json). */
export const ERRORS_NAMESPACE = 'errors';

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function paramsOf(value: unknown): ErrorParams {
  if (value === null || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

/**
 * The generic reason of a coarse code: the code in lower case (`NOT_FOUND` → `not_found`), as
 * GENERIC_REASON in common/error-reasons.ts has it (error-texts.test.ts holds them equal). Derived,
 * so the sign-in page need not bundle the registry.
 */
export const genericReasonOf = (code: string) => code.toLowerCase();

/**
 * How a server error is worded for a reader (issue 28), the same for the sign-in page (lib/texts.ts)
 * and the other pages (i18next); `hasText` says whether the `errors` namespace has a key:
 * - English readers see the server's own message when it has one: it is the English text of the
 *   same reason, with its specifics (the spec's clients and the end-to-end tests match those words);
 * - otherwise a reason with a text gives that text, filled with its params;
 * - a reason without a text here (a newer server), or a schema's own check that has no reason of its
 *   own (`validation.invalid`), shows the server's English message;
 * - no reason at all (an older answer) gives the generic text of the coarse code, else the message.
 * Keys are the reasons themselves (`users.email_taken` is `{ "users": { "email_taken": … } }`).
 */
export function errorWording(error: ReasonedError, language: string, hasText: (key: string) => boolean): ErrorWording {
  const message = textOf(error.message);
  if (language === 'en' && message !== '') return { text: message };
  const reason = textOf(error.reason);
  // A schema's own check (a valid email, the password rules) says its rule only in its English
  // message: shown as it is rather than the generic "not valid", which would lose the rule.
  if (reason === UNNAMED_CHECK_REASON && message !== '') return { text: message };
  if (reason !== '' && hasText(reason)) return { key: reason, values: paramsOf(error.params) };
  if (reason !== '' && message !== '') return { text: message };
  const generic = genericReasonOf(textOf(error.code));
  if (generic !== '' && hasText(generic)) return { key: generic, values: {} };
  return { text: message };
}
