import { useState } from 'react';
import type { TUserLookup } from '@srpf/shared';
import { USER_SEARCH_MAX_RESULTS, USER_SEARCH_MIN_LENGTH } from '@srpf/shared/users/users.lookup.schemas';
import { useUserSearch } from '../../../api/lookups/search-users';
import { SearchablePicker, usePickerSearch, type PickerResults } from '../../../components/ui/searchable-picker';
import { filterKnownUsers, rememberUsers } from '../lib/local-user-filter';

export interface ChosenUser {
  id: number;
  name: string;
}

/**
 * The searchable user dropdown (document 2, section 2.5): server search from 2 characters after a
 * short pause, at most 8 matches; a single character filters the people already fetched.
 */
export function UserPicker({
  id,
  value,
  companyId,
  onChoose,
  onClear,
  describedBy,
  invalid,
}: {
  id: string;
  value: ChosenUser | null;
  companyId?: string;
  onChoose: (user: TUserLookup) => void;
  onClear: () => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const search = usePickerSearch();
  const found = useUserSearch(search.query, companyId);
  const [known, setKnown] = useState<TUserLookup[]>([]);
  // Each new answer adds its people to those known, while rendering (no effect, no stale render).
  const [rememberedAnswer, setRememberedAnswer] = useState<TUserLookup[] | undefined>(undefined);
  if (found.data !== rememberedAnswer) {
    setRememberedAnswer(found.data);
    if (found.data) setKnown(rememberUsers(known, found.data));
  }

  const typed = search.typed.trim();
  const results: PickerResults<TUserLookup> =
    typed.length > 0 && typed.length < USER_SEARCH_MIN_LENGTH
      ? { kind: 'remembered', options: filterKnownUsers(known, typed) }
      : search.query.length < USER_SEARCH_MIN_LENGTH
        ? { kind: 'tooShort' }
        : {
            kind: 'searched',
            options: (found.data ?? []).slice(0, USER_SEARCH_MAX_RESULTS),
            fetching: found.isFetching,
            failed: found.isError,
          };

  return (
    <SearchablePicker
      id={id}
      search={search}
      results={results}
      chosen={value?.name ?? null}
      onChoose={onChoose}
      onClear={onClear}
      renderOption={(user) => (
        <>
          <span className="block font-medium">{user.full_name}</span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {[user.badge_no, user.designation_name, user.company_name, user.phone_number]
              .filter((part) => part !== null && part !== '')
              .join(' · ')}
          </span>
        </>
      )}
      texts={{ ns: 'appointments', keyPrefix: 'userPicker' }}
      describedBy={describedBy}
      invalid={invalid}
      required
    />
  );
}
