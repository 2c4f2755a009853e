import type { ErrorReasonOf, ErrorReasonWithoutParams } from '@srpf/shared';
import { uniqueViolationOf } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';

/**
 * The database enforces uniqueness among users not deleted (partial unique indexes); each index maps
 * to the form field and the text the web form matches (document 2, section 8).
 */
export const USER_UNIQUE_FIELDS: Record<
  string,
  { field: string; message: string; reason: ErrorReasonOf<'ALREADY_EXISTS'> & ErrorReasonWithoutParams }
> = {
  users_email_unique: { field: 'email', message: 'Email already exists', reason: 'users.email_taken' },
  users_phone_unique: { field: 'phone', message: 'Phone already exists', reason: 'users.phone_taken' },
  users_badge_no_unique: { field: 'badge_no', message: 'Badge number already exists', reason: 'users.badge_no_taken' },
  users_dgp_id_unique: { field: 'dgp_id', message: 'DGP ID already exists', reason: 'users.dgp_id_taken' },
  users_icard_no_unique: { field: 'icard_no', message: 'Icard number already exists', reason: 'users.icard_no_taken' },
};

/** Rethrows a unique violation on a user column as 409 ALREADY_EXISTS naming the field; anything else as is. */
export function rethrowDuplicateUser(error: unknown): never {
  const constraint = uniqueViolationOf(error);
  const known = constraint !== undefined ? USER_UNIQUE_FIELDS[constraint] : undefined;
  if (known) throw new AppError(known.reason, {}, known.message, { field: known.field });
  throw error;
}
