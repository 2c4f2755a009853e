import type { TWhatsappQueueState } from '@srpf/shared';
import { dateFormat } from '../../../lib/date-format';

/** The notices above the list, from the queue's state (GET /whatsapp/queue). */
export type QueueBanner =
  | { kind: 'outbox' }
  | { kind: 'paused'; reason: string; code: number | null; since: string; canResume: boolean }
  | { kind: 'dailyLimit'; count: number; until: string | null }
  | { kind: 'needsCheck'; count: number };

/**
 * Which notices show, most serious first: a pause (nothing moves until an administrator resumes),
 * the outbox (nothing reaches anyone), the slips waiting for the daily messaging limit, and the slips
 * that need a check. No state (not loaded, or refused) shows none.
 */
export function queueBanners(state: TWhatsappQueueState | undefined, canResume: boolean): QueueBanner[] {
  if (!state) return [];
  const banners: QueueBanner[] = [];
  if (state.paused) banners.push({ kind: 'paused', ...state.paused, canResume });
  if (state.provider === 'outbox') banners.push({ kind: 'outbox' });
  if (state.waiting_for_daily_limit.count > 0) banners.push({ kind: 'dailyLimit', ...state.waiting_for_daily_limit });
  if (state.needs_check > 0) banners.push({ kind: 'needsCheck', count: state.needs_check });
  return banners;
}

const LOCALES: Record<string, string> = { en: 'en-IN', mr: 'mr-IN', hi: 'hi-IN' };

/** A moment (ISO) as the reader reads it, in Asia/Kolkata: '29 Nov 2026, 3:05 pm'; '' when it is not a moment. */
export function formatIndiaMoment(iso: string | null | undefined, language = 'en'): string {
  const moment = new Date(iso ?? '');
  if (!iso || Number.isNaN(moment.getTime())) return '';
  return dateFormat(LOCALES[language] ?? 'en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    numberingSystem: 'latn',
  }).format(moment);
}
