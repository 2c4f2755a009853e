import { useId } from 'react';
import { Select } from '../../../components/ui/field';
import { isStatusFilter, STATUS_FILTERS, type StatusFilter } from '../lib/health-filter';
import { useHealthWords } from './use-health-words';

/** The spec's status filter (All Systems, Healthy, Warning, Critical) over the service and instance cards. */
export function StatusFilterSelect({
  value,
  onChange,
}: {
  value: StatusFilter;
  onChange: (next: StatusFilter) => void;
}) {
  const { t } = useHealthWords();
  const id = useId();
  return (
    <div className="sm:w-56">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {t('filter.label')}
      </label>
      <Select
        id={id}
        value={value}
        onChange={(event) => {
          if (isStatusFilter(event.target.value)) onChange(event.target.value);
        }}
      >
        {STATUS_FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {t(`filter.${filter}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
