import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserRound, X } from 'lucide-react';
import type { TUserLookup } from '@srpf/shared';
import { USER_SEARCH_MAX_RESULTS } from '@srpf/shared/users/users-lookup.schemas';
import { cx } from '../../../components/ui/class-names';
import { IconButton } from '../../../components/ui/icon-button';
import { Input } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { USER_SEARCH_MIN_LENGTH, useUserSearch } from '../api/lookup-users';
import { filterKnownUsers, rememberUsers } from '../lib/local-user-filter';

const SEARCH_DELAY_MS = 300;

export interface ChosenUser {
  id: number;
  name: string;
}

/**
 * The searchable user dropdown (document 2, section 2.5): server search from 2 characters after a
 * short pause, at most 8 matches; arrow keys move, Enter picks, Escape closes.
 */
export function UserPicker({ id, value, companyId, onChoose, onClear, describedBy, invalid }: { id: string; value: ChosenUser | null; companyId?: string; onChoose: (user: TUserLookup) => void; onClear: () => void; describedBy?: string; invalid?: boolean }) {
  const { t } = useTranslation('appointments');
  const listId = useId();
  const statusId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useUserSearch(query, companyId);
  const [known, setKnown] = useState<TUserLookup[]>([]);
  const typedText = typed.trim();
  const local = typedText.length > 0 && typedText.length < USER_SEARCH_MIN_LENGTH;
  const users = local ? filterKnownUsers(known, typedText) : (search.data ?? []).slice(0, USER_SEARCH_MAX_RESULTS);

  useEffect(() => {
    if (search.data) setKnown((current) => rememberUsers(current, search.data));
  }, [search.data]);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => setActive(0), [query]);

  const choose = (user: TUserLookup) => {
    onChoose(user);
    setTyped('');
    setQuery('');
    setOpen(false);
  };

  if (value) {
    return (
      <div className="flex h-10 items-center justify-between gap-2 rounded-md border border-slate-300 bg-white pl-3 text-sm dark:border-slate-700 dark:bg-slate-900">
        <span id={id} tabIndex={-1} className="inline-flex min-w-0 items-center gap-2 text-slate-900 dark:text-slate-100" aria-describedby={describedBy}>
          <UserRound aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
          <span className="truncate">{t('userPicker.selected', { name: value.name })}</span>
        </span>
        <IconButton label={t('userPicker.clear', { name: value.name })} onClick={onClear} className="h-8 w-8">
          <X aria-hidden="true" className="h-4 w-4" />
        </IconButton>
      </div>
    );
  }

  const tooShort = !local && query.length < USER_SEARCH_MIN_LENGTH;
  const showList = open && !tooShort;
  const serverStatus = search.isFetching ? t('userPicker.searching') : search.isError ? t('userPicker.failed') : users.length === 0 ? t('userPicker.noResults') : t('userPicker.results', { count: users.length });
  const status = local ? (users.length === 0 ? t('userPicker.hint') : t('userPicker.results', { count: users.length })) : tooShort ? t('userPicker.hint') : serverStatus;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (users.length ? (index + 1) % users.length : 0));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (users.length ? (index - 1 + users.length) % users.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const user = showList ? users[active] : undefined;
      if (user) choose(user);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <Input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && users[active] ? `${listId}-${users[active].id}` : undefined}
        aria-describedby={[describedBy, statusId].filter(Boolean).join(' ')}
        invalid={invalid}
        required
        placeholder={t('userPicker.placeholder')}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <p id={statusId} aria-live="polite" className="mt-1 flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
        {!local && search.isFetching && <Spinner className="h-3 w-3" />}
        {status}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('userPicker.resultsLabel')}
        hidden={!showList || users.length === 0}
        className="absolute z-10 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {users.map((user, index) => (
          <li
            key={user.id}
            id={`${listId}-${user.id}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(user)}
            onMouseEnter={() => setActive(index)}
            className={cx('cursor-pointer px-3 py-2 text-sm', index === active ? 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-white' : 'text-slate-800 dark:text-slate-200')}
          >
            <span className="block font-medium">{user.full_name}</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">{[user.badge_no, user.designation_name, user.company_name, user.phone_number].filter((part) => part !== null && part !== '').join(' · ')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
