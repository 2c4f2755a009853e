import {
  maySendPayslip,
  nextPayslipStatus,
  payslipRecordScope,
  PAYSLIP_STATUSES_NOT_RESENT,
  WHATSAPP_LANGUAGES,
  whatsappNumber,
  type Actor,
  type PayslipDeliveryStatus,
  type TWhatsappSendResult,
  type WhatsappSkipReason,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { createLimitedAudit } from '../../lib/audit-limiter.js';
import { notFound } from '../../lib/errors.js';
import { WHATSAPP_SEND_JOB, whatsappSendSingletonKey, type WhatsappSendJobData } from './whatsapp.jobs.js';
import * as repository from './whatsapp.send.repository.js';

/**
 * Sending slips over WhatsApp (issue 30): each slip the actor may send (maySendPayslip, the company
 * scope in SQL, inside the transaction) is queued once: one delivery, its slip `queued`, and its job,
 * all in one transaction with one `payslip.send` audit row. A slip already queued, sent, delivered or
 * read is skipped (as are those nobody can reach); one id the actor may not see fails the whole
 * request as not found, and nothing is queued.
 */

/** At most this many ids are named in one audit row (the counts cover them all). */
const AUDITED_IDS = 100;

class SlipsNotVisible extends Error {
  constructor(readonly refused: number[]) {
    super('not visible');
  }
}

/** Why a slip cannot be queued now, or null when it can. */
export function skipReasonOf(slip: repository.SlipToSend): WhatsappSkipReason | null {
  if ((PAYSLIP_STATUSES_NOT_RESENT as readonly string[]).includes(slip.status)) return 'already_sent';
  if (!slip.is_active || slip.deleted_at !== null) return 'inactive';
  if (!slip.whatsapp_enabled) return 'whatsapp_disabled';
  if (whatsappNumber(slip.phone_number) === null) return 'no_phone';
  if (slip.phone_verified_at === null) return 'number_not_verified';
  if (slip.pdf_state !== 'ready') return 'pdf_not_ready';
  if (nextPayslipStatus(slip.status as PayslipDeliveryStatus, 'queue') === null) return 'already_sent';
  return null;
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;

/** The sentence for the person who sent; with the outbox it says plainly that nobody receives anything. */
export function sendMessage(provider: 'cloud' | 'outbox', queued: number, skipped: number): string {
  const parts = [`${plural(queued, 'payslip', 'payslips')} queued for WhatsApp`];
  if (skipped > 0) parts.push(`${plural(skipped, 'payslip', 'payslips')} skipped`);
  const sentence = `${parts.join(', ')}.`;
  return provider === 'outbox'
    ? `${sentence} WhatsApp is not connected (outbox): nothing is delivered to anyone, the messages are only stored.`
    : sentence;
}

export function createWhatsappSendService(context: AppContext) {
  const { db, clock, jobs, config } = context;
  const provider = config.whatsapp.provider;
  // A refused send is answered at once, so a loop could write rows at will: one a minute per person.
  const refusedSends = createLimitedAudit(() => clock.now());

  async function send(actor: Actor, requested: readonly number[], ip: string | null): Promise<TWhatsappSendResult> {
    const ids = [...new Set(requested)];
    const now = clock.now();
    try {
      return await db.transaction(async (tx) => {
        const rows = await repository.lockSlipsToSend(tx, ids, payslipRecordScope(actor));
        const found = new Map(rows.map((row) => [row.id, row]));
        const refused = ids.filter((id) => {
          const row = found.get(id);
          return !row || !maySendPayslip(actor, { userId: row.user_id, companyId: row.company_id });
        });
        if (refused.length > 0) throw new SlipsNotVisible(refused);

        const skipped: TWhatsappSendResult['skipped'] = [];
        const toQueue: repository.SlipToSend[] = [];
        for (const id of ids) {
          const row = found.get(id)!;
          const reason = skipReasonOf(row);
          if (reason) skipped.push({ payslip_id: id, reason });
          else toQueue.push(row);
        }
        const deliveries = await repository.insertDeliveries(
          tx,
          toQueue.map((row) => ({
            payslip_id: row.id,
            user_id: row.user_id,
            to_number: whatsappNumber(row.phone_number)!,
            language: (WHATSAPP_LANGUAGES as readonly string[]).includes(row.whatsapp_language)
              ? row.whatsapp_language
              : 'en',
            requested_by: actor.userId,
          })),
          now,
        );
        const queued = toQueue.map((row) => row.id);
        await repository.setSlipStatus(tx, queued, 'queued', now);
        // Nothing to enqueue when every slip was skipped (a web server may have no job runner started then).
        if (queued.length > 0)
          await jobs.enqueueMany<WhatsappSendJobData>(
            tx,
            WHATSAPP_SEND_JOB,
            queued.map((id) => {
              const deliveryId = deliveries.get(id)!;
              return { data: { deliveryId }, singletonKey: whatsappSendSingletonKey(deliveryId) };
            }),
          );
        await audit(tx, {
          actorId: actor.userId,
          action: 'payslip.send',
          entityType: 'payslip',
          entityId: ids.length === 1 ? ids[0] : null,
          outcome: 'success',
          ip,
          details: {
            provider,
            queued: queued.length,
            skipped: skipped.length,
            queued_ids: queued.slice(0, AUDITED_IDS),
            skipped_ids: skipped.slice(0, AUDITED_IDS),
          },
        });
        return { queued, skipped, provider, message: sendMessage(provider, queued.length, skipped.length) };
      });
    } catch (error) {
      if (!(error instanceof SlipsNotVisible)) throw error;
      await refusedSends.write(db, `user:${actor.userId}|payslip.send`, {
        actorId: actor.userId,
        action: 'payslip.send',
        entityType: 'payslip',
        entityId: error.refused.length === 1 ? error.refused[0] : null,
        outcome: 'failure',
        ip,
        details: { reason: 'not found or not permitted', payslip_ids: error.refused.slice(0, AUDITED_IDS) },
      });
      throw notFound('payslips.not_found', 'Payslip');
    }
  }

  return { send };
}
export type WhatsappSendService = ReturnType<typeof createWhatsappSendService>;
