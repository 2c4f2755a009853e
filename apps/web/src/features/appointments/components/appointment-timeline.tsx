import { useTranslation } from 'react-i18next';
import type { TAppointmentEvent } from '@srpf/shared';
import { remarkAsText } from '../lib/print-document';
import { dayFirstDate, shortTime } from '../lib/status';

const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The approval timeline: each event with who, when and the remark, oldest first. */
export function AppointmentTimeline({ events }: { events: TAppointmentEvent[] }) {
  const { t } = useTranslation('appointments');
  if (events.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t('detail.noEvents')}</p>;
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5 dark:border-slate-700">
      {events.map((event) => {
        const when = new Date(event.at);
        return (
          <li key={event.id} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.60rem] h-2.5 w-2.5 rounded-full bg-brand-600 ring-4 ring-white dark:ring-slate-900"
            />
            <p className="text-sm font-medium text-slate-900 dark:text-slate-100">
              {t(`events.${event.event}`)}
              {event.from_status && event.to_status && event.from_status !== event.to_status && (
                <span className="font-normal text-slate-600 dark:text-slate-400">
                  {' '}
                  (
                  {t('events.statusChange', {
                    from: t(`status.${event.from_status}`, { defaultValue: event.from_status }),
                    to: t(`status.${event.to_status}`, { defaultValue: event.to_status }),
                  })}
                  )
                </span>
              )}
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t('events.by', { name: event.actor?.name ?? t('events.unknownActor') })}
              {event.role && ` · ${t('events.asRole', { role: t(`roles.${event.role}`) })}`}
              {' · '}
              <time dateTime={event.at}>{Number.isNaN(when.getTime()) ? event.at : WHEN.format(when)}</time>
            </p>
            {event.reschedule && (
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {t('events.rescheduleChange', {
                  from: `${dayFirstDate(event.reschedule.from_date)} ${shortTime(event.reschedule.from_time)}`,
                  to: `${dayFirstDate(event.reschedule.to_date)} ${shortTime(event.reschedule.to_time)}`,
                })}
                {event.reschedule.auto && ` (${t('events.automatic')})`}
              </p>
            )}
            {event.remark && (
              <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-800 dark:bg-slate-800/60 dark:text-slate-200">
                {remarkAsText(event.remark)}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
