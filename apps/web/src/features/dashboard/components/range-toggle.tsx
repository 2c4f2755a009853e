import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TypedDateInput } from '../../../components/ui/typed-date-input';
import {
  initialCustomDates,
  PRESETS,
  validateCustomRange,
  type CustomRangeError,
  type DashboardRange,
  type Preset,
} from '../lib/dashboard-range';

const segment =
  'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
const segmentOn = 'bg-white text-brand-700 shadow-sm dark:bg-slate-700 dark:text-white';
const segmentOff = 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white';

/** Today, 7 Days, 30 Days, Custom; Custom applies its From/To only when the dates make a valid period. */
export function RangeToggle({ range, onChange }: { range: DashboardRange; onChange: (range: DashboardRange) => void }) {
  const { t } = useTranslation('dashboard');
  const [customOpen, setCustomOpen] = useState(range.kind === 'custom');
  const [dates, setDates] = useState(() => initialCustomDates(range));
  const [error, setError] = useState<CustomRangeError | null>(null);
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const showCustom = customOpen || range.kind === 'custom';

  // The range can also change from outside (back button, a shared link): follow it.
  const rangeKey = JSON.stringify(range);
  const [seenRangeKey, setSeenRangeKey] = useState(rangeKey);
  if (seenRangeKey !== rangeKey) {
    setSeenRangeKey(rangeKey);
    setCustomOpen(range.kind === 'custom');
    if (range.kind === 'custom') setDates({ from: range.from, to: range.to });
    setError(null);
  }

  const choosePreset = (preset: Preset) => {
    setCustomOpen(false);
    setError(null);
    onChange({ kind: 'preset', preset });
  };

  const openCustom = () => {
    if (!showCustom) setDates(initialCustomDates(range));
    setCustomOpen(true);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateCustomRange(dates.from, dates.to);
    setError(problem);
    if (!problem) onChange({ kind: 'custom', from: dates.from, to: dates.to });
  };

  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <div
        role="group"
        aria-label={t('range.label')}
        className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
      >
        {PRESETS.map((preset) => {
          const on = !showCustom && range.kind === 'preset' && range.preset === preset;
          return (
            <button
              key={preset}
              type="button"
              aria-pressed={on}
              onClick={() => choosePreset(preset)}
              className={`${segment} ${on ? segmentOn : segmentOff}`}
            >
              {t(`range.${preset}`)}
            </button>
          );
        })}
        <button
          type="button"
          aria-pressed={showCustom}
          onClick={openCustom}
          className={`${segment} ${showCustom ? segmentOn : segmentOff}`}
        >
          {t('range.custom')}
        </button>
      </div>

      {showCustom && (
        <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={fromId} className="text-xs font-medium text-slate-600 dark:text-slate-400">
              {t('range.from')}
            </label>
            <TypedDateInput
              id={fromId}
              value={dates.from}
              onChange={(value) => {
                setDates((current) => ({ ...current, from: value }));
                setError(null);
              }}
              invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              className="w-36"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={toId} className="text-xs font-medium text-slate-600 dark:text-slate-400">
              {t('range.to')}
            </label>
            <TypedDateInput
              id={toId}
              value={dates.to}
              onChange={(value) => {
                setDates((current) => ({ ...current, to: value }));
                setError(null);
              }}
              invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              className="w-36"
            />
          </div>
          <Button type="submit">{t('range.apply')}</Button>
          {error && (
            <p id={errorId} role="alert" className="basis-full text-sm text-red-700 dark:text-red-400">
              {/* A date that is not one says how to type it. */}
              {error === 'invalid' ? t('typedDate.format', { ns: 'common' }) : t(`range.errors.${error}`)}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
