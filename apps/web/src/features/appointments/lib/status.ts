import type { BadgeTone } from '../../../components/ui/badge';
import { dateFormat } from '../../../lib/date-format';

/** Badge colours of the list (document 2, section 2.2); the other statuses follow their group. */
export function appointmentStatusTone(status: string): BadgeTone {
  switch (status) {
    case 'scheduled':
    case 'pending':
    case 'pending_clerk':
    case 'pending_officer':
    case 'pending_final':
      return 'warning';
    case 'completed':
    case 'approved':
      return 'success';
    case 'cancelled':
    case 'rejected':
    case 'no_show':
      return 'danger';
    case 'rescheduled':
    case 'deferred':
      return 'info';
    default:
      return 'neutral';
  }
}

/** 'HH:MM:SS' shown as 'HH:MM'. */
export function shortTime(time: string | null | undefined): string {
  return (time ?? '').slice(0, 5);
}

/** A stored date (YYYY-MM-DD) day first, as the force writes dates (23/04/2026). */
export function dayFirstDate(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** Today in the force's time zone, YYYY-MM-DD (the date inputs' minimum). */
export function todayInKolkata(now: Date = new Date()): string {
  return dateFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}
