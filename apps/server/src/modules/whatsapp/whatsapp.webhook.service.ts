import { and, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/client.js';
import { users, whatsappInboundMessages, whatsappWebhookEvents } from '../../db/schema/index.js';
import type { JobRunner } from '../../lib/jobs/job-runner.js';
import type { WhatsappDeliveryCallbacks } from './whatsapp.callbacks.js';
import { WHATSAPP_INBOUND_JOB, type WhatsappInboundJobData } from './whatsapp.jobs.js';
import type { WhatsappInboundMessage, WhatsappWebhookEvents } from './whatsapp.webhook.payload.js';

/** What one callback did: events applied now, events seen before (Meta retries), events that failed. */
export interface WebhookOutcome {
  applied: number;
  duplicates: number;
  failed: number;
}

/** The key under which an event is remembered as applied (whatsapp_webhook_events). */
export const statusEventKey = (wamid: string, status: string) => `status:${wamid}:${status}`;
export const messageEventKey = (wamid: string) => `message:${wamid}`;

/** Records the key; false when it was already there (the event was applied before). */
async function firstTime(tx: Executor, key: string): Promise<boolean> {
  const inserted = await tx
    .insert(whatsappWebhookEvents)
    .values({ event_key: key })
    .onConflictDoNothing()
    .returning({ key: whatsappWebhookEvents.event_key });
  return inserted.length > 0;
}

/**
 * The person whose phone sent it: the users' phone is 10 digits, WhatsApp's sender 91 and those 10.
 * Without a number (WhatsApp gave only the BSUID), the person known by that BSUID.
 */
async function senderOf(tx: Executor, message: WhatsappInboundMessage): Promise<number | null> {
  if (message.from === undefined) {
    if (message.fromBsuid === undefined) return null;
    const [known] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.whatsapp_bsuid, message.fromBsuid), isNull(users.deleted_at)))
      .limit(1);
    return known?.id ?? null;
  }
  const match = /^91(\d{10})$/.exec(message.from);
  if (!match) return null;
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone_number, match[1]!), isNull(users.deleted_at)))
    .limit(1);
  return user?.id ?? null;
}

/** Stores the message and, in the same transaction, enqueues what answers it (STOP, self-service). */
async function storeInbound(tx: Executor, message: WhatsappInboundMessage, jobs: JobRunner | undefined): Promise<void> {
  const [stored] = await tx
    .insert(whatsappInboundMessages)
    .values({
      wamid: message.wamid,
      from_number: message.from ?? null,
      from_bsuid: message.fromBsuid ?? null,
      contact_name: message.contactName ?? null,
      user_id: await senderOf(tx, message),
      type: message.type,
      body: message.body ?? null,
      sent_at: message.sentAt,
    })
    .onConflictDoNothing()
    .returning({ id: whatsappInboundMessages.id });
  if (stored && jobs) await jobs.enqueue<WhatsappInboundJobData>(tx, WHATSAPP_INBOUND_JOB, { inboundId: stored.id });
}

/**
 * Applies a signed callback's events. Each status and each inbound message is remembered by its key
 * in the same transaction as its effect, so an event Meta sends again (it retries for up to 7 days,
 * and two copies may arrive at once: the second waits on the key's row) is applied exactly once; the
 * delivery side applies statuses in any order. Template events carry no id: the delivery side's
 * handling (pausing the queue) is idempotent. One event failing leaves the others applied; the caller
 * answers an error then, so that Meta sends the callback again and the failed one is retried.
 */
export function createWebhookService(
  db: Database,
  callbacks: WhatsappDeliveryCallbacks,
  logger: Logger,
  /** Enqueues the inbound job of each new message (the module always passes it; webhook-only tests may not). */
  jobs?: JobRunner,
) {
  async function once(key: string, effect: (tx: Executor) => Promise<void>, outcome: WebhookOutcome) {
    try {
      const applied = await db.transaction(async (tx) => {
        if (!(await firstTime(tx, key))) return false;
        await effect(tx);
        return true;
      });
      if (applied) outcome.applied += 1;
      else outcome.duplicates += 1;
    } catch (error) {
      outcome.failed += 1;
      logger.error({ err: error, event: key }, 'a WhatsApp callback event could not be applied');
    }
  }

  return {
    async apply(events: WhatsappWebhookEvents): Promise<WebhookOutcome> {
      const outcome: WebhookOutcome = { applied: 0, duplicates: 0, failed: 0 };
      for (const message of events.messages)
        await once(messageEventKey(message.wamid), (tx) => storeInbound(tx, message, jobs), outcome);
      for (const status of events.statuses)
        await once(statusEventKey(status.wamid, status.status), (tx) => callbacks.onStatus(tx, status), outcome);
      for (const template of events.templates) {
        try {
          await db.transaction((tx) => callbacks.onTemplateStatus(tx, template));
          outcome.applied += 1;
        } catch (error) {
          outcome.failed += 1;
          logger.error(
            { err: error, template: template.templateName },
            'a WhatsApp template event could not be applied',
          );
        }
      }
      return outcome;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
