import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TAppointment } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { TypedDateInput, useTypedDateProblemText } from '../../../components/ui/typed-date-input';
import { ApiError } from '../../../lib/api-error';
import { typedDateProblem } from '../../../lib/typed-date';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { dayFirstDate, shortTime, todayInKolkata } from '../lib/status';

/**
 * Reschedule: a new date and time, or the next free slot chosen by the server. It needs only the
 * slot, so the dashboard's rows open it as well; `onRescheduled` lets a caller refresh its own data.
 */
export function RescheduleModal({
  appointment,
  onClose,
  onRescheduled,
}: {
  appointment: Pick<TAppointment, 'id' | 'appointment_date' | 'appointment_time'>;
  onClose: () => void;
  onRescheduled?: () => void;
}) {
  const { t } = useTranslation('appointments');
  const formId = useId();
  const today = todayInKolkata();
  const reschedule = useRescheduleAppointment();
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [date, setDate] = useState(appointment.appointment_date >= today ? appointment.appointment_date : today);
  const [time, setTime] = useState(shortTime(appointment.appointment_time) || '12:00');
  const [error, setError] = useState('');
  const dateProblemText = useTypedDateProblemText();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (mode === 'manual') {
      // A date before today is named as such; a date that is not one, in the typed-date words.
      const problem = typedDateProblem(date, { min: today });
      const message = !date.trim()
        ? t('reschedule.dateRequired')
        : problem?.kind === 'notBefore'
          ? t('form.dateInPast')
          : dateProblemText(problem);
      if (message) {
        setError(message);
        return;
      }
    }
    setError('');
    try {
      const body =
        mode === 'auto' ? { auto_reschedule: true } : { appointment_date: date, appointment_time: time || undefined };
      const result = await reschedule.mutateAsync({ id: appointment.id, body });
      toast.success(
        t('reschedule.newSlot', {
          date: dayFirstDate(result.rescheduled.appointment_date),
          time: shortTime(result.rescheduled.appointment_time),
        }),
      );
      onRescheduled?.();
      onClose();
    } catch (failure) {
      // A taken slot (409) says which; other failures get the spec's text.
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 400) && failure.message)
        setError(failure.message);
      toast.error(t('errors.rescheduleFailed'));
    }
  };

  const busy = reschedule.isPending;
  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      title={t('reschedule.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy}>
            {busy ? t('reschedule.saving') : t('reschedule.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('reschedule.mode')}
          </legend>
          <div className="space-y-2">
            {(['manual', 'auto'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="radio"
                  name="reschedule-mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="h-4 w-4 accent-brand-600"
                />
                {t(`reschedule.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {mode === 'manual' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('reschedule.date')} required error={error || undefined}>
              {({ id, describedBy, invalid }) => (
                <TypedDateInput
                  id={id}
                  value={date}
                  onChange={setDate}
                  aria-describedby={describedBy}
                  invalid={invalid}
                  required
                />
              )}
            </Field>
            <Field label={t('reschedule.time')}>
              {({ id }) => <Input id={id} type="time" value={time} onChange={(event) => setTime(event.target.value)} />}
            </Field>
          </div>
        )}
        {mode === 'auto' && error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
