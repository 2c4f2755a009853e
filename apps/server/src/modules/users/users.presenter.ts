import type { TSessionUser } from '@srpf/shared';
import type { SessionUserRow } from './users.repository.js';

export function fullName(user: { first_name: string; middle_name: string | null; last_name: string }): string {
  return [user.first_name, user.middle_name, user.last_name].filter((part) => part && part.trim() !== '').join(' ');
}

/** The fields the shell may see of a user; nothing else leaves the server. */
export function toSessionUser(row: SessionUserRow): TSessionUser {
  return {
    id: row.id,
    first_name: row.first_name,
    full_name: fullName(row),
    role: row.role,
    role_name: row.role,
    email: row.email,
    phone_number: row.phone_number,
    must_change_password: row.must_change_password,
  };
}
