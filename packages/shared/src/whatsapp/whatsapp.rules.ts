/**
 * Salary slips delivered over WhatsApp (issue 30): the delivery states, how a slip's status may move,
 * why a slip is not queued, and what each WhatsApp Cloud API error code means for the queue. Shared by
 * the server (which enforces them) and the web (which words them).
 */

/**
 * A slip's status as the list shows it: `generated` (never sent), `queued` (waiting for the worker,
 * or for a rate or daily limit), `sent` (the Cloud API accepted it), `delivered`, `read`, `failed`
 * (given up, with its reason; can be sent again by hand), `needs_check` (a worker stopped after
 * handing the message over and no callback told what became of it: someone decides, nothing is resent blindly).
 */
export const PAYSLIP_DELIVERY_STATUSES = [
  'generated',
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'needs_check',
] as const;
export type PayslipDeliveryStatus = (typeof PAYSLIP_DELIVERY_STATUSES)[number];

/** The statuses a slip is not queued again from ("already sent"). */
export const PAYSLIP_STATUSES_NOT_RESENT: readonly PayslipDeliveryStatus[] = ['queued', 'sent', 'delivered', 'read'];

/** What moves a slip: a person queues it, the worker's attempt or a status callback reports, or a person settles a `needs_check`. */
export type PayslipDeliveryEvent =
  'queue' | 'accepted' | 'delivered' | 'read' | 'failed' | 'outcome_unknown' | 'marked_sent';

/** Forward order: a later callback never moves a slip back (read after delivered stays read). */
const RANK: Record<PayslipDeliveryStatus, number> = {
  generated: 0,
  failed: 0,
  needs_check: 1,
  queued: 1,
  sent: 2,
  delivered: 3,
  read: 4,
};

/**
 * The status a slip takes after an event, or null when the event changes nothing (it is stale, or
 * not allowed from here). Forward only: generated → queued → sent → delivered → read; failed from
 * queued, sent or needs_check (delivered and read win over a later failed); `queue` from generated, failed or
 * needs_check only; `outcome_unknown` only from queued; `marked_sent` only from needs_check.
 */
export function nextPayslipStatus(
  current: PayslipDeliveryStatus,
  event: PayslipDeliveryEvent,
): PayslipDeliveryStatus | null {
  switch (event) {
    case 'queue':
      return current === 'generated' || current === 'failed' || current === 'needs_check' ? 'queued' : null;
    case 'outcome_unknown':
      return current === 'queued' ? 'needs_check' : null;
    case 'marked_sent':
      return current === 'needs_check' ? 'sent' : null;
    case 'failed':
      return current === 'queued' || current === 'sent' || current === 'needs_check' ? 'failed' : null;
    case 'accepted':
    case 'delivered':
    case 'read': {
      const target: PayslipDeliveryStatus = event === 'accepted' ? 'sent' : event;
      // A callback may arrive for a slip marked needs_check or failed meanwhile: what WhatsApp says wins,
      // except that a later failed never undoes delivered or read (handled above).
      return RANK[target] > RANK[current] || current === 'failed' || current === 'needs_check' ? target : null;
    }
  }
}

/** Why a slip of a send was not queued (`skipped[].reason`); the web words each. */
export const WHATSAPP_SKIP_REASONS = [
  /** The person has no mobile number that WhatsApp can address. */
  'no_phone',
  /** The number is not confirmed as the person's (no code confirmed, not set by an administrator; issue 31). */
  'number_not_verified',
  /** The person has not opted in to WhatsApp (whatsapp_enabled false). */
  'whatsapp_disabled',
  /** The slip's PDF is still being made, or making it failed. */
  'pdf_not_ready',
  /** Already queued, sent, delivered or read. */
  'already_sent',
  /** The person's account is deactivated. */
  'inactive',
] as const;
export type WhatsappSkipReason = (typeof WHATSAPP_SKIP_REASONS)[number];

/** At most this many slips in one bulk send (a month of a large company fits; larger selections send in parts). */
export const WHATSAPP_BULK_SEND_MAX = 5_000;

/**
 * What the queue does with an error of the Cloud API (in a request's answer or in a status callback):
 * - `retry`: try again later with back-off and jitter, up to a cap;
 * - `retry_after_day`: 131049 (per-user marketing limit): try again after 24 hours;
 * - `resend_as_template`: 131047 (the 24-hour window closed): send again as the template at once;
 * - `give_up`: record the reason, the slip becomes failed (can be sent again by hand);
 * - `pause`: the account, token, number or template needs fixing: pause the whole queue, raise a
 *   warning, an administrator resumes once fixed (the slip waits, not failed).
 */
export type WhatsappErrorOutcome = 'retry' | 'retry_after_day' | 'resend_as_template' | 'give_up' | 'pause';

const RETRY_CODES = new Set([130429, 131056, 131016, 131057, 1, 2, 4, 80007, 131000]);
const GIVE_UP_CODES = new Set([131026, 131050, 131051, 131053]);
const PAUSE_CODES = new Set([0, 10, 190, 131005, 131031, 131042, 131048, 133010, 368, 132015, 132016]);

/**
 * The outcome of an error by its code; `httpStatus` is the HTTP status of the answer, when there was
 * one (a 5xx is retried). `code` undefined: a network error or an answer without a Graph error (retried).
 * The 132000 series (template problems) is given up, except 132015 and 132016 (template paused or
 * disabled), which pause the queue. Unknown codes are given up, so nothing is retried forever.
 */
export function whatsappErrorOutcome(code: number | undefined, httpStatus?: number): WhatsappErrorOutcome {
  if (code === undefined) return 'retry';
  if (code === 131047) return 'resend_as_template';
  if (code === 131049) return 'retry_after_day';
  if (PAUSE_CODES.has(code)) return 'pause';
  if (RETRY_CODES.has(code)) return 'retry';
  if (GIVE_UP_CODES.has(code) || (code >= 132000 && code < 133000)) return 'give_up';
  if (httpStatus !== undefined && httpStatus >= 500) return 'retry';
  return 'give_up';
}

/** The Cloud API's throughput per phone number (messages in any sliding 1,000 ms window): WHATSAPP_MESSAGES_PER_SECOND's default. */
export const WHATSAPP_MESSAGES_PER_SECOND_DEFAULT = 80;
/** Messages to the same person at least this far apart (the pair rate limit, 131056). */
export const WHATSAPP_PAIR_GAP_MS = 6_000;
/** Meta's messaging-limit tiers: unique people sent a template in any moving 24 hours. */
export const WHATSAPP_DAILY_RECIPIENT_TIERS = [250, 2_000, 10_000, 100_000] as const;
/** A media id is reused for this long, then the PDF is uploaded again (Meta keeps media 30 days). */
export const WHATSAPP_MEDIA_REUSE_MS = 29 * 24 * 3600 * 1000;
/** The customer-service window an inbound message opens (free-form messages allowed inside it). */
export const WHATSAPP_SERVICE_WINDOW_MS = 24 * 3600 * 1000;
