/**
 * The automatic reschedule (the appointments issue): the next working day (Monday to Saturday) at the
 * same time when that slot is free for the company, otherwise the next free 15-minute slot between
 * 10:00 and 17:00, moving on to the following working days. Dates are YYYY-MM-DD calendar dates of
 * the force (no time zone arithmetic happens here), times 'HH:MM:SS'.
 */

export const SLOT_MINUTES = 15;
export const SLOT_DAY_START = '10:00:00';
/** Slots start before this time, so the last one (16:45) ends by 17:00. */
export const SLOT_DAY_END = '17:00:00';
/** How far the finder looks before giving up (working days). */
export const AUTO_RESCHEDULE_HORIZON_DAYS = 60;

const SUNDAY = 0;

function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function plusDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/** Monday to Saturday: the force works Saturdays. */
export function isWorkingDay(date: string): boolean {
  return dayOfWeek(date) !== SUNDAY;
}

/** The first working day after `date`. */
export function nextWorkingDay(date: string): string {
  let day = plusDays(date, 1);
  while (!isWorkingDay(day)) day = plusDays(day, 1);
  return day;
}

/** The 15-minute slot starts of a day strictly after `after` (or all of them), within 10:00–17:00. */
function slotsAfter(after: string | null): string[] {
  const first = minutesOf(SLOT_DAY_START);
  const end = minutesOf(SLOT_DAY_END);
  const slots: string[] = [];
  for (let minutes = first; minutes + SLOT_MINUTES <= end; minutes += SLOT_MINUTES) {
    if (after === null || minutes > minutesOf(after)) slots.push(timeOf(minutes));
  }
  return slots;
}

export interface Slot {
  date: string;
  time: string;
}

/**
 * The slot an automatic reschedule chooses, starting from the working day after `after` (the later
 * of today and the current appointment date), or null when nothing is free within the horizon.
 * `isTaken` says whether the company already has an appointment at that date and time.
 */
export function findAutoRescheduleSlot(input: {
  after: string;
  time: string;
  isTaken: (slot: Slot) => boolean;
  horizonDays?: number;
}): Slot | null {
  const horizon = input.horizonDays ?? AUTO_RESCHEDULE_HORIZON_DAYS;
  let day = nextWorkingDay(input.after);
  const sameTime = { date: day, time: input.time };
  if (!input.isTaken(sameTime)) return sameTime;

  for (let index = 0; index < horizon; index += 1) {
    // On the first day, only slots after the wanted time ("the next free slot"); later days from 10:00.
    for (const time of slotsAfter(index === 0 ? input.time : null)) {
      const slot = { date: day, time };
      if (!input.isTaken(slot)) return slot;
    }
    day = nextWorkingDay(day);
  }
  return null;
}

/** The last calendar date the finder may look at, so a caller can load the taken slots in one query. */
export function autoRescheduleWindowEnd(after: string, horizonDays = AUTO_RESCHEDULE_HORIZON_DAYS): string {
  let day = nextWorkingDay(after);
  for (let index = 0; index < horizonDays; index += 1) day = nextWorkingDay(day);
  return day;
}
