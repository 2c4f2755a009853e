import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LayoutGrid, List, Search, X } from 'lucide-react';
import { FORMS_SEARCH_MAX } from '@srpf/shared/forms/forms.rules';
import { cx } from '../../../components/ui/class-names';
import { Input } from '../../../components/ui/field';
import { IconButton } from '../../../components/ui/icon-button';
import { useStateResetOn } from '../../../lib/use-state-reset-on';
import type { FormsView } from '../lib/forms-browse';

const SEARCH_DELAY_MS = 300;

/**
 * The search box and the Folders/List toggle. The box follows the address (Back, Clear Filters, a
 * shared link); what is typed reaches the address after a pause, or at once with Enter.
 */
export function FormsToolbar({
  search,
  view,
  onSearch,
  onView,
}: {
  search: string;
  view: FormsView;
  onSearch: (text: string) => void;
  onView: (view: FormsView) => void;
}) {
  const { t } = useTranslation('forms');
  const [typed, setTyped] = useStateResetOn(search, search);
  const { pathname } = useLocation();

  const searchTyped = useEffectEvent((text: string) => {
    // A click through to a form's page keeps this screen mounted while it loads; a late search must not pull the user back.
    if (window.location.pathname !== pathname) return;
    onSearch(text);
  });
  useEffect(() => {
    if (typed.trim() === search.trim()) return;
    const timer = setTimeout(() => searchTyped(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  const viewButton = (value: FormsView, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onView(value)}
      className={cx(
        'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        view === value
          ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white'
          : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
      )}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <div role="search" className="relative w-full md:max-w-md">
        <label htmlFor="forms-search" className="sr-only">
          {t('toolbar.search')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
        />
        <Input
          id="forms-search"
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch(typed.trim());
          }}
          placeholder={t('toolbar.searchPlaceholder')}
          className="pr-10 pl-9"
          maxLength={FORMS_SEARCH_MAX}
        />
        {typed && (
          <IconButton
            label={t('toolbar.clearSearch')}
            onClick={() => {
              setTyped('');
              onSearch('');
            }}
            className="absolute top-1/2 right-1 h-8 w-8 -translate-y-1/2"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </IconButton>
        )}
      </div>
      <div
        role="group"
        aria-label={t('toolbar.viewLabel')}
        className="inline-flex self-start rounded-lg bg-slate-100 p-1 md:self-auto dark:bg-slate-800"
      >
        {viewButton('folders', t('toolbar.foldersView'), LayoutGrid)}
        {viewButton('list', t('toolbar.listView'), List)}
      </div>
    </div>
  );
}
