interface ErrorLike {
  message?: unknown;
  status?: unknown;
  code?: unknown;
}

/**
 * What a failed change tells the user (the issue: the old client hid these; users need to know):
 * the server's message, or null for a network failure or time-out (status 0), which the caller
 * words itself.
 */
export function serverMessage(error: unknown): string | null {
  const { message, status } = (error ?? {}) as ErrorLike;
  if (status === 0) return null;
  return typeof message === 'string' && message.trim() ? message.trim() : null;
}

/** A 404 (or a malformed id, 400) on a detail page means the record is not there. */
export function isMissing(error: unknown): boolean {
  const { status } = (error ?? {}) as ErrorLike;
  return status === 404 || status === 400;
}

/** 409 CONFLICT: the document changed meanwhile (a new version, a decision, a move, or a change at the same moment). */
export function isConflict(error: unknown): boolean {
  const { status, code } = (error ?? {}) as ErrorLike;
  return status === 409 && code === 'CONFLICT';
}

/** 409 ALREADY_EXISTS: another document or folder there has the same slug (made from the title or name). */
export function isDuplicate(error: unknown): boolean {
  const { status, code } = (error ?? {}) as ErrorLike;
  return status === 409 && code === 'ALREADY_EXISTS';
}

/** What failed: an approval, rejection or acknowledgment; a save; a delete. */
export type FailedAction = 'review' | 'save' | 'delete';

const FAILED: Record<FailedAction, string> = {
  review: 'errors.actionFailed',
  save: 'errors.saveFailed',
  delete: 'errors.deleteFailed',
};

/**
 * The toast of a failed change, as keys of the libraries namespace: `library` keys under the
 * library's own texts (`orders.…`), the others at the top, with the `message` they carry.
 */
export type FailureText =
  | { scope: 'library'; key: string }
  | { scope: 'shared'; key: string; reason: { key: string } | { message: string } | { network: true } };

/**
 * The server words its 409s in English, so those are told in the reader's language here: a review of
 * a document that changed since it was opened (the library's own sentence: "This order has changed
 * since you opened it…"), a change that crossed another, a title or name already taken. Anything
 * else shows the server's message after "Could not …", and a network failure says so.
 */
export function failureText(error: unknown, action: FailedAction): FailureText {
  if (isConflict(error))
    return action === 'review'
      ? { scope: 'library', key: 'changedMeanwhile' }
      : { scope: 'shared', key: FAILED[action], reason: { key: 'errors.conflict' } };
  if (isDuplicate(error)) return { scope: 'shared', key: FAILED[action], reason: { key: 'errors.nameTaken' } };
  const message = serverMessage(error);
  return { scope: 'shared', key: FAILED[action], reason: message === null ? { network: true } : { message } };
}

/** Field messages of a refused save: a taken slug is told in the reader's language on the field it belongs to. */
export function translatedFieldErrors<F extends string>(
  fields: Partial<Record<F, string>>,
  error: unknown,
  nameTaken: string,
): Partial<Record<F, string>> {
  if (!isDuplicate(error)) return fields;
  return Object.fromEntries(Object.keys(fields).map((field) => [field, nameTaken])) as Partial<Record<F, string>>;
}
