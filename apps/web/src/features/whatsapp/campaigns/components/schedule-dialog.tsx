import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TCampaign } from '@srpf/shared';
import { Button } from '../../../../components/ui/button';
import { Field, Input } from '../../../../components/ui/field';
import { Modal } from '../../../../components/ui/modal';
import { TypedDateInput, useTypedDateProblemText } from '../../../../components/ui/typed-date-input';
import { typedDateProblem } from '../../../../lib/typed-date';
import { useScheduleCampaign } from '../api/campaigns-api';
import { scheduledMomentOf } from '../lib/campaign-form';
import { campaignErrorText } from '../lib/campaign-error';
import { formatMoment } from './campaign-card';

/** Schedule Message: a date (dd/mm/yyyy) and a time, in the force's time zone; the server sends it then. */
export function ScheduleDialog({ campaign, onClose }: { campaign: TCampaign; onClose: () => void }) {
  const { t, i18n } = useTranslation('campaigns');
  const problemText = useTypedDateProblemText();
  const schedule = useScheduleCampaign();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();

  const moment = scheduledMomentOf(date, time);
  const dateError = tried
    ? date.trim() === ''
      ? t('schedule.dateRequired')
      : problemText(typedDateProblem(date))
    : undefined;
  const timeError = tried && !/^\d{2}:\d{2}$/.test(time) ? t('schedule.timeRequired') : undefined;

  const submit = async () => {
    setTried(true);
    setServerError(undefined);
    if (!moment) return;
    try {
      const saved = await schedule.mutateAsync({ id: campaign.id, scheduledAt: moment });
      toast.success(t('schedule.done', { name: saved.name, when: formatMoment(saved.scheduled_at, i18n.language) }));
      onClose();
    } catch (error) {
      const text = campaignErrorText(error);
      setServerError(text);
      toast.error(text);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={schedule.isPending}
      size="sm"
      title={t('schedule.title')}
      description={t('schedule.description', { name: campaign.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={schedule.isPending}>
            {t('form.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={schedule.isPending} aria-busy={schedule.isPending}>
            {schedule.isPending ? t('schedule.saving') : t('schedule.confirm')}
          </Button>
        </>
      }
    >
      <form
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={t('schedule.date')} required error={dateError ?? serverError}>
          {({ id, describedBy, invalid, required }) => (
            <TypedDateInput
              id={id}
              aria-describedby={describedBy}
              invalid={invalid}
              required={required}
              value={date}
              onChange={setDate}
            />
          )}
        </Field>
        <Field label={t('schedule.time')} required error={timeError} hint={t('schedule.timeHint')}>
          {({ id, describedBy, invalid, required }) => (
            <Input
              id={id}
              type="time"
              aria-describedby={describedBy}
              invalid={invalid}
              required={required}
              value={time}
              onChange={(event) => setTime(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
