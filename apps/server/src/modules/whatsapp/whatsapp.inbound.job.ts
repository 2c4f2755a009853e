import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { whatsappInboundMessages } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { JobOptions } from '../../lib/jobs/job-runner.js';
import { identifySender, selfServiceNumber } from './whatsapp.inbound.identify.js';
import type { WhatsappInboundJobData } from './whatsapp.jobs.js';
import { queueWhatsappMessage } from './whatsapp.messages.queue.js';
import { isSelfServiceOn } from './whatsapp.self-service-flag.js';
import { readSelfServiceRequest } from './whatsapp.self-service.intent.js';
import { answerSelfService } from './whatsapp.self-service.js';
import { UNKNOWN_NUMBER_REPLY } from './whatsapp.self-service.texts.js';
import { stopWhatsapp } from './whatsapp.stop.js';

/**
 * The inbound job (`whatsapp.inbound` { inboundId }, issue 31): what a message people sent us gets
 * back, decided once under the message's row lock (`handled_at`: a second run does nothing). In order:
 * STOP (always, even with self-service off); self-service off → `off`, nothing sent; more than
 * SELF_SERVICE_PER_HOUR requests from the number in the last hour → `limited`, nothing sent; a number
 * of nobody, of several people, or of a person who may not use it → the one fixed reply
 * (`unknown_number`); else the person's own slip, leave status or the help text. Every request and
 * the reply it queued are audited (`whatsapp.self_service`, `whatsapp.stop`).
 */

export const WHATSAPP_INBOUND_OPTIONS: JobOptions = {
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 60,
  keepSeconds: 24 * 3600,
};

/** Requests answered per number in any hour; more are recorded `limited` and get nothing. */
export const SELF_SERVICE_PER_HOUR = 10;
const ANSWERED_INTENTS = ['payslip', 'leave', 'help', 'unknown_number'];
/** Message types that are no request (Meta's names): never answered, not even with help. */
const NOT_REQUESTS = new Set(['reaction', 'system', 'unsupported', 'ephemeral']);

export type InboundIntent = 'payslip' | 'leave' | 'help' | 'stop' | 'unknown_number' | 'limited' | 'off';
export interface InboundOutcome {
  inboundId: number;
  intent: InboundIntent | null;
  deliveryId?: number;
}

/** Who wrote, for the hourly limit: the number, else (a message with only a BSUID) the BSUID. */
type SenderKey = { number: string } | { bsuid: string };

async function answeredInLastHour(tx: Executor, sender: SenderKey, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(whatsappInboundMessages)
    .where(
      and(
        'number' in sender
          ? eq(whatsappInboundMessages.from_number, sender.number)
          : and(isNull(whatsappInboundMessages.from_number), eq(whatsappInboundMessages.from_bsuid, sender.bsuid)),
        inArray(whatsappInboundMessages.intent, ANSWERED_INTENTS),
        gt(whatsappInboundMessages.handled_at, new Date(now.getTime() - 3600_000)),
      ),
    );
  return row?.n ?? 0;
}

export function createInboundHandling(context: Pick<AppContext, 'db' | 'clock' | 'jobs'>) {
  const { db, clock, jobs } = context;

  async function run({ inboundId }: WhatsappInboundJobData): Promise<InboundOutcome> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const [inbound] = await tx
        .select()
        .from(whatsappInboundMessages)
        .where(eq(whatsappInboundMessages.id, inboundId))
        .for('update');
      if (!inbound) return { inboundId, intent: null };
      if (inbound.handled_at) return { inboundId, intent: inbound.intent as InboundIntent | null };
      // A reaction to one of our messages asks for nothing: handled, unanswered, no intent.
      if (NOT_REQUESTS.has(inbound.type)) {
        await tx
          .update(whatsappInboundMessages)
          .set({ handled_at: now })
          .where(eq(whatsappInboundMessages.id, inboundId));
        return { inboundId, intent: null };
      }
      // null: WhatsApp gave only the sender's BSUID (the payload keeps only messages with one or the other).
      const from = inbound.from_number;
      const senderKey: SenderKey = from !== null ? { number: from } : { bsuid: inbound.from_bsuid ?? '' };
      const request = readSelfServiceRequest(inbound.body);
      const sender = await identifySender(tx, from, inbound.from_bsuid);
      const person = sender.kind === 'person' ? sender.person : null;

      const finish = async (intent: InboundIntent, deliveryId?: number, details: Record<string, unknown> = {}) => {
        await tx
          .update(whatsappInboundMessages)
          .set({ intent, handled_at: now, ...(person ? { user_id: person.id } : {}) })
          .where(eq(whatsappInboundMessages.id, inboundId));
        if (intent !== 'stop' || !person)
          await audit(tx, {
            actorId: person?.id ?? null,
            action: intent === 'stop' ? 'whatsapp.stop' : 'whatsapp.self_service',
            entityType: 'whatsapp_inbound_message',
            entityId: inboundId,
            outcome: deliveryId === undefined ? 'failure' : 'success',
            details: { intent, sender: sender.kind, delivery_id: deliveryId ?? null, ...details },
          });
        return { inboundId, intent, ...(deliveryId === undefined ? {} : { deliveryId }) };
      };

      if (request.intent === 'stop') {
        // A STOP from a number of nobody switches nobody off and gets nothing back.
        if (!person) return finish('stop');
        const { deliveryId } = await stopWhatsapp(tx, jobs, { person, inboundId, replyTo: from ?? person.number }, now);
        return finish('stop', deliveryId);
      }
      if (!(await isSelfServiceOn(tx))) return finish('off');
      // The number's requests are counted one at a time (a number of nobody has no person row to lock):
      // parallel messages from one number cannot each see room under the hour's limit.
      const lockKey = 'number' in senderKey ? senderKey.number : `bsuid:${senderKey.bsuid}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp_inbound:${lockKey}`}))`);
      if ((await answeredInLastHour(tx, senderKey, now)) >= SELF_SERVICE_PER_HOUR) return finish('limited');
      const answerOn = person ? selfServiceNumber(person, from) : null;
      if (!person || answerOn === null) {
        // The provider sends to phone numbers only (the Cloud API's `to`; deliveries, the limits and the
        // windows are kept by number): a BSUID nobody is known by is recorded handled, unanswered.
        if (from === null) return finish('unknown_number', undefined, { reply: 'no_number' });
        const reply = await queueWhatsappMessage(
          tx,
          jobs,
          {
            kind: 'text',
            origin: 'self_service',
            userId: null,
            toNumber: from,
            language: 'en',
            body: UNKNOWN_NUMBER_REPLY,
            replyToInboundId: inboundId,
            requestedBy: null,
          },
          now,
        );
        return finish('unknown_number', reply.deliveryId);
      }
      const answered = await answerSelfService(tx, jobs, { person, request, inboundId, from: answerOn }, now);
      return finish(request.intent, answered.deliveryId, {
        ...(answered.payslipId === undefined ? {} : { payslip_id: answered.payslipId }),
        ...(answered.alreadyQueued ? { already_queued: true } : {}),
        ...(request.intent === 'payslip' ? { month: request.month, year: request.year } : {}),
      });
    });
  }

  return { run };
}
export type InboundHandling = ReturnType<typeof createInboundHandling>;
