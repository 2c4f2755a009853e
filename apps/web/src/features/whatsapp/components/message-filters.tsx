import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_DIRECTIONS, MESSAGE_STATUSES } from '@srpf/shared/whatsapp/messaging.schemas';
import { Input, Select } from '../../../components/ui/field';
import type { MessageFilters } from '../api/query-keys';

/** The search box and the status filter (and, in the panel, the direction). */
export function MessageFiltersBar({
  value,
  onChange,
  withDirection = false,
}: {
  value: MessageFilters;
  onChange: (next: MessageFilters) => void;
  withDirection?: boolean;
}) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('filters.search')}
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          value={value.search}
          placeholder={t('filters.searchPlaceholder')}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
        />
      </div>
      <div className="sm:w-44">
        <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('filters.status')}
        </label>
        <Select
          id={`${id}-status`}
          value={value.status}
          onChange={(event) => onChange({ ...value, status: event.target.value as MessageFilters['status'] })}
        >
          <option value="">{t('filters.all')}</option>
          {MESSAGE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </Select>
      </div>
      {withDirection && (
        <div className="sm:w-40">
          <label
            htmlFor={`${id}-direction`}
            className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            {t('filters.direction')}
          </label>
          <Select
            id={`${id}-direction`}
            value={value.direction}
            onChange={(event) => onChange({ ...value, direction: event.target.value as MessageFilters['direction'] })}
          >
            <option value="">{t('filters.allDirections')}</option>
            {MESSAGE_DIRECTIONS.map((direction) => (
              <option key={direction} value={direction}>
                {t(`direction.${direction}`)}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}
