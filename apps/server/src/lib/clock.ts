/** The force's time zone: "today" is the date in Asia/Kolkata. */
export const FORCE_TIME_ZONE = 'Asia/Kolkata';

let fixedNow: Date | null = null;

/** All code asks this module for the time, so tests can set it. */
export const clock = {
  now(): Date {
    return fixedNow ? new Date(fixedNow) : new Date();
  },
  /** For tests only: freeze the clock at a moment, or pass null to follow real time again. */
  set(moment: Date | string | null): void {
    fixedNow = moment === null ? null : new Date(moment);
  },
};

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: FORCE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: FORCE_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });

/** The force's calendar date (YYYY-MM-DD) of a moment. */
export function forceDate(moment: Date = clock.now()): string {
  return dateFormat.format(moment);
}

export function forceHour(moment: Date = clock.now()): string {
  return hourFormat.format(moment).padStart(2, '0');
}

export function today(): string {
  return forceDate(clock.now());
}

/** The moment a force's day (YYYY-MM-DD) begins: Asia/Kolkata is UTC+05:30 all year, without daylight saving. */
export const startOfForceDay = (date: string) => new Date(`${date}T00:00:00+05:30`);

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}
