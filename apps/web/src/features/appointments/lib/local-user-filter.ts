import type { TUserLookup } from '@srpf/shared';
import { USER_SEARCH_MAX_RESULTS } from '@srpf/shared/users/users.lookup.schemas';

/**
 * Under two characters the user search filters the people already fetched instead of asking the
 * server (document 2, section 5): name, phone or badge contains the text; at most 8.
 */
export function filterKnownUsers(users: readonly TUserLookup[], text: string): TUserLookup[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return users
    .filter((user) =>
      [user.full_name, user.phone_number ?? '', user.badge_no === null ? '' : String(user.badge_no)].some((value) =>
        value.toLowerCase().includes(needle),
      ),
    )
    .slice(0, USER_SEARCH_MAX_RESULTS);
}

/** Adds newly fetched people to those already known, once each. */
export function rememberUsers(known: readonly TUserLookup[], fetched: readonly TUserLookup[]): TUserLookup[] {
  const ids = new Set(known.map((user) => user.id));
  const added = fetched.filter((user) => !ids.has(user.id));
  return added.length === 0 ? (known as TUserLookup[]) : [...known, ...added];
}
