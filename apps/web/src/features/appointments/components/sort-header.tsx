import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Th } from '../../../components/ui/table';
import { nextListOrder, sortColumnOf, type ListOrder, type SortColumn } from '../lib/list-filters';

/**
 * A column header that sorts the list: a button, with aria-sort on the column that sorts it. Its
 * name says the order and what a click does (the date column's orders have words of their own).
 */
export function SortHeader({
  column,
  label,
  order,
  onOrderChange,
}: {
  column: SortColumn;
  label: string;
  order: ListOrder;
  onOrderChange: (order: ListOrder) => void;
}) {
  const { t } = useTranslation('appointments');
  const sorted = sortColumnOf(order);
  const active = sorted.column === column;
  const state = !active
    ? t('table.sortNone')
    : column === 'date'
      ? t(sorted.ascending ? 'table.sortedTodayFirst' : 'table.sortedLatestFirst')
      : t(sorted.ascending ? 'table.sortAscending' : 'table.sortDescending');
  const Icon = !active ? ArrowUpDown : sorted.ascending ? ArrowUp : ArrowDown;
  return (
    <Th aria-sort={!active ? 'none' : sorted.ascending ? 'ascending' : 'descending'}>
      <button
        type="button"
        onClick={() => onOrderChange(nextListOrder(order, column))}
        className="inline-flex items-center gap-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:text-white"
      >
        {label}
        <Icon aria-hidden="true" className={active ? 'h-3.5 w-3.5' : 'h-3.5 w-3.5 opacity-50'} />
        <span className="sr-only">{state}</span>
      </button>
    </Th>
  );
}
