import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { dateFormat } from '../../../lib/date-format';
import { getStoredUser, onSessionChange } from '../../../lib/session';
import { FORCE_TIME_ZONE, formatDayFirst, greetingPeriod, kolkataDate, kolkataHour } from '../lib/kolkata-time';
import { useNow } from '../lib/use-now';

const storedFirstName = () => getStoredUser()?.first_name?.trim() ?? '';

function useFirstName(): string {
  const [name, setName] = useState(storedFirstName);
  useEffect(() => onSessionChange(() => setName(storedFirstName())), []);
  return name;
}

/** The welcome strip: greeting by the hour in Kolkata, and today's date written day-first. */
export function DashboardBanner() {
  const { t, i18n } = useTranslation('dashboard');
  const now = useNow();
  const name = useFirstName();
  const greeting = t(`banner.greeting.${greetingPeriod(kolkataHour(now))}`);
  const weekday = dateFormat(`${i18n.language}-IN`, { weekday: 'long', timeZone: FORCE_TIME_ZONE }).format(now);
  const today = kolkataDate(now);

  return (
    <DashboardBannerView
      heading={`${t('banner.force')} · ${t('banner.motto')}`}
      greeting={name ? t('banner.greetingWithName', { greeting, name }) : greeting}
      today={today}
      todayText={t('banner.today', { weekday, date: formatDayFirst(today) })}
      intro={t('banner.intro')}
    />
  );
}

/**
 * The strip's markup, also pre-rendered at build time into the signed-in shell (app/signed-in-shell.tsx),
 * whose first-paint script writes the greeting and the date into the marked elements.
 */
export function DashboardBannerView({
  heading,
  greeting,
  today,
  todayText,
  intro,
}: {
  heading: string;
  greeting: string;
  today: string;
  todayText: string;
  intro: string;
}) {
  return (
    <div className="relative overflow-hidden rounded-xl bg-gradient-to-r from-brand-900 via-brand-700 to-brand-600 px-5 py-5 text-white shadow-sm sm:px-6">
      <div
        aria-hidden="true"
        className="absolute inset-y-0 right-0 w-2 bg-gradient-to-b from-orange-400 via-white to-green-600 opacity-80"
      />
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/30 sm:flex">
          <ShieldCheck className="size-7" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wider text-brand-100">{heading}</p>
          <p data-banner="greeting" className="mt-1 text-xl font-semibold sm:text-2xl">
            {greeting}
          </p>
          <p className="mt-1 text-sm text-brand-50">
            <time data-banner="today" dateTime={today}>
              {todayText}
            </time>
          </p>
          <p className="mt-1 text-sm text-brand-100">{intro}</p>
        </div>
      </div>
    </div>
  );
}
