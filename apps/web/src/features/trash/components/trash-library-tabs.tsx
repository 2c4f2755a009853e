import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRASH_LIBRARIES, type TrashLibrary } from '@srpf/shared/trash/trash.rules';
import { cx } from '../../../components/ui/class-names';
import { trashParams } from '../lib/trash-params';

/** Orders, Circulars, Government decisions, Forms: each library keeps its own trash, one at a time on screen. */
export function TrashLibraryTabs({ library }: { library: TrashLibrary }) {
  const { t } = useTranslation('trash');
  return (
    <nav aria-label={t('libraries.label')}>
      <ul className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        {TRASH_LIBRARIES.map((choice) => {
          const current = choice === library;
          return (
            <li key={choice}>
              <Link
                to={`/trash?${trashParams({ library: choice, page: 1 }).toString()}`}
                aria-current={current ? 'page' : undefined}
                className={cx(
                  'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                  current
                    ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white'
                    : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                )}
              >
                {t(`libraries.${choice}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
