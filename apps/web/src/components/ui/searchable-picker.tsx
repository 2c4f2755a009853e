import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserRound, X } from 'lucide-react';
import { useStateResetOn } from '../../lib/use-state-reset-on';
import { cx } from './class-names';
import { Input } from './field';
import { IconButton } from './icon-button';
import { Spinner } from './spinner';

const SEARCH_DELAY_MS = 300;

/**
 * Where the picker's texts are: the keys placeholder, hint, searching, failed, noResults, results
 * (count), resultsLabel, selected (name) and clear (name) under `keyPrefix` in the namespace `ns`.
 */
export interface PickerTexts {
  ns: string;
  keyPrefix: string;
}

/** What the person has typed, and the same text once they pause: the box shows the one, the search runs on the other. */
export function usePickerSearch() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const clear = () => {
    setTyped('');
    setQuery('');
  };
  return { typed, setTyped, query, clear };
}

export type PickerSearch = ReturnType<typeof usePickerSearch>;

/**
 * Where the matches stand: too little typed to search; matches among earlier answers, found without
 * asking the server; or the server's answer.
 */
export type PickerResults<T> =
  | { kind: 'tooShort' }
  | { kind: 'remembered'; options: readonly T[] }
  | { kind: 'searched'; options: readonly T[]; fetching: boolean; failed: boolean };

export interface SearchablePickerProps<T> {
  id: string;
  search: PickerSearch;
  results: PickerResults<T>;
  /** The chosen option's name: shown with a remove button instead of the search box. */
  chosen: string | null;
  onChoose: (option: T) => void;
  onClear: () => void;
  /** The content of one match in the list. */
  renderOption: (option: T) => ReactNode;
  texts: PickerTexts;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
}

/**
 * A search box (a combobox) over people, or the chosen person with a remove button. The caller runs
 * the search on `search.query` and says where it stands in `results`. Arrow keys move through the
 * matches, Enter picks, Escape closes.
 */
export function SearchablePicker<T extends { id: number }>({
  id,
  search,
  results,
  chosen,
  onChoose,
  onClear,
  renderOption,
  texts,
  describedBy,
  invalid,
  required,
}: SearchablePickerProps<T>) {
  const { t } = useTranslation(texts.ns, { keyPrefix: texts.keyPrefix });
  const listId = useId();
  const statusId = useId();
  const [open, setOpen] = useState(false);
  // The highlighted match: back to the first whenever the search changes.
  const [active, setActive] = useStateResetOn(search.query, 0);

  if (chosen !== null) {
    return (
      <div className="flex h-10 items-center justify-between gap-2 rounded-md border border-slate-300 bg-white pl-3 text-sm dark:border-slate-700 dark:bg-slate-900">
        <span
          id={id}
          tabIndex={-1}
          className="inline-flex min-w-0 items-center gap-2 text-slate-900 dark:text-slate-100"
          aria-describedby={describedBy}
        >
          <UserRound aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
          <span className="truncate">{t('selected', { name: chosen })}</span>
        </span>
        <IconButton label={t('clear', { name: chosen })} onClick={onClear} className="h-8 w-8">
          <X aria-hidden="true" className="h-4 w-4" />
        </IconButton>
      </div>
    );
  }

  const options = results.kind === 'tooShort' ? [] : results.options;
  const fetching = results.kind === 'searched' && results.fetching;
  const showList = open && results.kind !== 'tooShort';
  const found = options.length === 0 ? undefined : t('results', { count: options.length });
  const status =
    results.kind === 'tooShort'
      ? t('hint')
      : results.kind === 'remembered'
        ? (found ?? t('hint'))
        : results.fetching
          ? t('searching')
          : results.failed
            ? t('failed')
            : (found ?? t('noResults'));

  const choose = (option: T) => {
    onChoose(option);
    search.clear();
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (options.length ? (index + 1) % options.length : 0));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (options.length ? (index - 1 + options.length) % options.length : 0));
    } else if (event.key === 'Enter') {
      // Enter picks a match; it never submits the whole form from here.
      event.preventDefault();
      const option = showList ? options[active] : undefined;
      if (option) choose(option);
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
        aria-activedescendant={showList && options[active] ? `${listId}-${options[active].id}` : undefined}
        aria-describedby={[describedBy, statusId].filter(Boolean).join(' ')}
        invalid={invalid}
        required={required}
        placeholder={t('placeholder')}
        value={search.typed}
        onChange={(event) => {
          search.setTyped(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <p
        id={statusId}
        aria-live="polite"
        className="mt-1 flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400"
      >
        {fetching && <Spinner className="h-3 w-3" />}
        {status}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('resultsLabel')}
        hidden={!showList || options.length === 0}
        className="absolute z-10 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${option.id}`}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the input, so the click is not lost to its blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseEnter={() => setActive(index)}
            className={cx(
              'cursor-pointer px-3 py-2 text-sm',
              index === active
                ? 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-white'
                : 'text-slate-800 dark:text-slate-200',
            )}
          >
            {renderOption(option)}
          </li>
        ))}
      </ul>
    </div>
  );
}
