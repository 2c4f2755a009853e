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
