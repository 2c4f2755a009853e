/**
 * What a refused or failed restore or purge tells the user: the server's message, or null for a
 * network failure or time-out (status 0), which the caller words itself.
 */
export function failureMessage(error: unknown): string | null {
  const { message, status } = (error ?? {}) as { message?: unknown; status?: unknown };
  if (status === 0) return null;
  return typeof message === 'string' && message.trim() ? message.trim() : null;
}
