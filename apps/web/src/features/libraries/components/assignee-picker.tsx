import type { TUserLookup } from '@srpf/shared';
import { USER_SEARCH_MIN_LENGTH } from '@srpf/shared/users/users.lookup.schemas';
import { useUserSearch } from '../../../api/lookups/search-users';
import { SearchablePicker, usePickerSearch } from '../../../components/ui/searchable-picker';

export interface Assignee {
  id: number;
  name: string;
}

/** Assigned To: the chosen person with a remove button, or a search over GET /appointments/users/search. */
export function AssigneePicker({
  id,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  id: string;
  value: Assignee | null;
  onChange: (value: Assignee | null) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const search = usePickerSearch();
  const found = useUserSearch(search.query);

  return (
    <SearchablePicker
      id={id}
      search={search}
      results={
        search.query.length < USER_SEARCH_MIN_LENGTH
          ? { kind: 'tooShort' }
          : { kind: 'searched', options: found.data ?? [], fetching: found.isFetching, failed: found.isError }
      }
      chosen={value?.name ?? null}
      onChoose={(user: TUserLookup) => onChange({ id: user.id, name: user.full_name })}
      onClear={() => onChange(null)}
      renderOption={(user) => (
        <>
          <span className="block font-medium">{user.full_name}</span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {[user.designation_name, user.company_name, user.phone_number].filter(Boolean).join(' · ')}
          </span>
        </>
      )}
      texts={{ ns: 'libraries', keyPrefix: 'assignee' }}
      describedBy={describedBy}
      invalid={invalid}
    />
  );
}
