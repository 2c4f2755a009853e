import { WHATSAPP_SKIP_REASONS, type WhatsappSkipReason } from '@srpf/shared/whatsapp/whatsapp.rules';
import type { TWhatsappSendResult } from '@srpf/shared';

/** Up to this many skipped slips of one reason are named; more are only counted (a month's send may skip hundreds). */
export const SKIPPED_NAMES_MAX = 5;

export interface SkippedGroup {
  reason: WhatsappSkipReason;
  count: number;
  /** The people's names when the group is small (SKIPPED_NAMES_MAX), else null; an id whose name is not known shows as #id. */
  names: string[] | null;
}

export interface SendSummary {
  queued: number;
  skipped: number;
  /** One group per reason, in the order of WHATSAPP_SKIP_REASONS, reasons without slips left out. */
  groups: SkippedGroup[];
  /** `outbox`: nothing reaches anyone. */
  outbox: boolean;
}

/**
 * What the result notice after a send says: how many were queued and, grouped by reason, the slips
 * skipped (`nameOf` gives a slip's person's name, from the rows the person chose them on).
 */
export function summarizeSend(result: TWhatsappSendResult, nameOf: (id: number) => string | undefined): SendSummary {
  const byReason = new Map<WhatsappSkipReason, number[]>();
  for (const { payslip_id: id, reason } of result.skipped) byReason.set(reason, [...(byReason.get(reason) ?? []), id]);
  const groups = WHATSAPP_SKIP_REASONS.flatMap((reason): SkippedGroup[] => {
    const ids = byReason.get(reason);
    if (!ids) return [];
    return [
      {
        reason,
        count: ids.length,
        names: ids.length <= SKIPPED_NAMES_MAX ? ids.map((id) => nameOf(id) ?? `#${id}`) : null,
      },
    ];
  });
  return { queued: result.queued.length, skipped: result.skipped.length, groups, outbox: result.provider === 'outbox' };
}
