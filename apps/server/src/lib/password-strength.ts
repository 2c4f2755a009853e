import { COMMON_PASSWORD_MESSAGE } from '@srpf/shared';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { invalidField } from './validation.js';

/** zxcvbn's "safely unguessable" (about 10^8 guesses and more); 0–2 are common or guessable in an online attack. */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/**
 * The estimator with the common passwords and keyboard patterns, offline; built at first use (about
 * 50 ms). Levenshtein matching stays off: it costs about 80 ms of blocked event loop per check, and
 * the dictionary with l33t and pattern matching already finds the common ones.
 */
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

/** How guessable a password is, 0 (top of the lists) to 4; the person's own names and email count against it. */
export function passwordScore(password: string, personal: readonly (string | null | undefined)[] = []): number {
  const inputs = personal.flatMap((value) =>
    value ? [value, ...value.split(/[@.\s_-]+/).filter((part) => part.length >= 3)] : [],
  );
  return strength().check(password, inputs).score;
}

/**
 * Refuses a password a person is to choose or is given by an administrator when it is among the
 * common ones (400 on `field`); random one-time passwords are not checked. The spec's rules (length,
 * confirmation) run before this, in the request schema.
 */
export function assertStrongPassword(
  field: string,
  password: string,
  personal: readonly (string | null | undefined)[] = [],
): void {
  if (passwordScore(password, personal) < MIN_PASSWORD_SCORE)
    throw invalidField(field, 'users.password_too_common', {}, COMMON_PASSWORD_MESSAGE);
}
