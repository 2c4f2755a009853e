import type { TTrashItem } from '@srpf/shared';
import { parentFirstKey } from './trash-item';

interface ErrorLike {
  message?: unknown;
  status?: unknown;
  code?: unknown;
}

/**
 * What a refused or failed restore or purge tells the user: the server's message, or null for a
 * network failure or time-out (status 0), which the caller words itself.
 */
export function failureMessage(error: unknown): string | null {
  const { message, status } = (error ?? {}) as ErrorLike;
  if (status === 0) return null;
  return typeof message === 'string' && message.trim() ? message.trim() : null;
}

/** Why a restore or purge failed: a key of the trash namespace (with the item's location), the server's own words, or null for a network failure. */
export type TrashFailure = { key: string; location?: string } | { message: string } | null;

/**
 * The server words its 409s in English, so those are told in the reader's language: a subcategory
 * whose category went back to the trash meanwhile ('restore its category first'), something of the
 * same name in its place now, and a change that crossed another ('try again'). Anything else is the
 * server's message.
 */
export function trashFailure(
  error: unknown,
  action: 'restore' | 'purge',
  item: Pick<TTrashItem, 'kind' | 'location'>,
): TrashFailure {
  const { status, code } = (error ?? {}) as ErrorLike;
  if (status === 409 && code === 'ALREADY_EXISTS') return { key: 'restore.nameTaken' };
  if (status === 409 && code === 'CONFLICT') {
    const waitsForParent = item.kind === 'subcategory' || item.kind === 'sub_subcategory';
    return action === 'restore' && waitsForParent
      ? { key: parentFirstKey(item.kind), location: item.location ?? '' }
      : { key: 'errors.conflict' };
  }
  const message = failureMessage(error);
  return message === null ? null : { message };
}
