import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users, whatsappDeliveries } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { JobRunner } from '../../lib/jobs/job-runner.js';
import { lockDelivery, moveDelivery } from './whatsapp.deliveries.repository.js';
import type { SenderPerson } from './whatsapp.inbound.identify.js';
import { queueWhatsappMessage } from './whatsapp.messages.queue.js';
import { stopReply } from './whatsapp.self-service.texts.js';

/**
 * A reply of STOP, बंद or रोको (issue 31): the person's WhatsApp switched off, slips and notices both
 * (the consent recorded as theirs, now), audited as `whatsapp.stop` with the person as the actor, and
 * confirmed in their language to the number they wrote from, inside the window that message opened.
 * What was still queued for them (slips, messages, notices, codes) is failed, not sent. Honoured even
 * with self-service off.
 */

export const STOPPED_REASON = 'The person replied STOP: WhatsApp is switched off for them';

/** Fails every delivery still queued for the person; answers how many. */
async function failQueued(tx: Executor, person: SenderPerson, now: Date): Promise<number> {
  const queued = await tx
    .select({ id: whatsappDeliveries.id })
    .from(whatsappDeliveries)
    .where(and(eq(whatsappDeliveries.user_id, person.id), eq(whatsappDeliveries.state, 'queued')));
  let failed = 0;
  for (const { id } of queued) {
    const delivery = await lockDelivery(tx, id);
    if (!delivery || delivery.state !== 'queued') continue;
    const state = await moveDelivery(
      tx,
      delivery,
      'failed',
      { reason: STOPPED_REASON, source: 'person', actorId: person.id },
      now,
    );
    if (state === 'failed') failed += 1;
  }
  return failed;
}
export async function stopWhatsapp(
  tx: Executor,
  jobs: JobRunner,
  /** `replyTo`: the number the confirmation goes to; null (a person without a usable number) confirms nothing. */
  stop: { person: SenderPerson; inboundId: number; replyTo: string | null },
  now: Date,
): Promise<{ deliveryId?: number }> {
  const { person } = stop;
  await tx
    .update(users)
    .set({
      whatsapp_enabled: false,
      whatsapp_consent_at: now,
      whatsapp_consent_source: 'self',
      whatsapp_notices_enabled: false,
      whatsapp_notices_consent_at: now,
      updated_at: now,
    })
    .where(eq(users.id, person.id));
  const cancelled = await failQueued(tx, person, now);
  const reply: { deliveryId?: number } =
    stop.replyTo === null
      ? {}
      : await queueWhatsappMessage(
          tx,
          jobs,
          {
            kind: 'text',
            origin: 'stop',
            userId: person.id,
            toNumber: stop.replyTo,
            language: person.language,
            body: stopReply(person.language),
            replyToInboundId: stop.inboundId,
            requestedBy: null,
          },
          now,
        );
  await audit(tx, {
    actorId: person.id,
    action: 'whatsapp.stop',
    entityType: 'user',
    entityId: person.id,
    outcome: 'success',
    details: {
      inbound_id: stop.inboundId,
      delivery_id: reply.deliveryId ?? null,
      was_enabled: person.whatsappEnabled,
      whatsapp_enabled: false,
      whatsapp_notices_enabled: false,
      cancelled_deliveries: cancelled,
    },
  });
  return reply;
}
