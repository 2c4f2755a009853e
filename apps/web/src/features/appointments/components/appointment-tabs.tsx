import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/class-names';
import type { AppointmentTab } from '../lib/list-filters';

/** (Waiting for me,) All, Leave Related, Orderly Room: a tab list (arrow keys move between the tabs). */
export function AppointmentTabs({
  tabs,
  value,
  waitingCount,
  onChange,
}: {
  tabs: readonly AppointmentTab[];
  value: AppointmentTab;
  waitingCount: number | undefined;
  onChange: (tab: AppointmentTab) => void;
}) {
  const { t } = useTranslation('appointments');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
    refs.current[next]?.focus();
    onChange(tabs[next]!);
  };

  return (
    <div
      role="tablist"
      aria-label={t('tabs.label')}
      className="flex flex-wrap gap-x-1 border-b border-slate-200 px-4 pt-3 dark:border-slate-800"
    >
      {tabs.map((tab, index) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls="appointments-panel"
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-500',
              selected
                ? 'border-brand-600 text-brand-700 dark:border-brand-500 dark:text-brand-100'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
            )}
          >
            {tab !== 'waiting'
              ? t(`tabs.${tab}`)
              : waitingCount === undefined
                ? t('tabs.waitingLoading')
                : t('tabs.waiting', { count: waitingCount })}
          </button>
        );
      })}
    </div>
  );
}
