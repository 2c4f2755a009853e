import { dateFormat } from '../../../lib/date-format';

/** A message's moment as the force reads it: day first, 24-hour clock, India time. */
export function formatMoment(iso: string | null): string {
  if (!iso) return '';
  return dateFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** 919876543210 → +91 98765 43210; anything else as it is. */
export function formatNumber(number: string): string {
  return /^91\d{10}$/.test(number) ? `+91 ${number.slice(2, 7)} ${number.slice(7)}` : number;
}
