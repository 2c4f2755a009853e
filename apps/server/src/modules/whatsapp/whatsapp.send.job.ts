import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { whatsappAttempts } from '../../db/schema/index.js';
import { wroteWithinWindow } from './whatsapp.inbound.window.js';
import { contentOf, WINDOW_CLOSED_REASON, type DeliveryContent } from './whatsapp.send.content.js';
import type { JobContext, JobOptions } from '../../lib/jobs/job-runner.js';
import { countAttempt, holdDelivery, lockDelivery, moveDelivery } from './whatsapp.deliveries.repository.js';
import { WHATSAPP_SEND_JOB, whatsappSendSingletonKey, type WhatsappSendJobData } from './whatsapp.jobs.js';
import { reserveSend } from './whatsapp.limits.js';
import { WhatsappApiError, type WhatsappProvider } from './whatsapp.provider.js';
import { phoneNumberIdOf } from './whatsapp.providers.js';
import { isQueuePaused } from './whatsapp.queue.state.js';
import { mediaIdFor, reusableMediaId } from './whatsapp.send.media.js';
import { slipMessage } from './whatsapp.send.message.js';
import type { DocumentMessage } from './whatsapp.provider.js';
import { recordAccepted, recordRefused, type AttemptOutcome } from './whatsapp.send.outcome.js';

/**
 * The send job (`whatsapp.send` { deliveryId }): one delivery's next attempt. Idempotent: a delivery
 * no longer `queued` is done; one with an attempt whose outcome is not known is never sent again by
 * it (the callback or the sweep settles it). The attempt is committed `pending` before WhatsApp is
 * called, so a worker killed mid-send leaves the evidence; retries are this job's own (not_before and
 * a re-enqueue with startAfter), pg-boss's only for a crash.
 */

export const WHATSAPP_SEND_OPTIONS: JobOptions = {
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  retryDelayMaxSeconds: 60,
  // A killed worker's job is picked up within the minute.
  expireInSeconds: 60,
  heartbeatSeconds: 10,
  // Several at once in each worker, the limits shared in PostgreSQL. On a 2-core machine the sends are
  // bound by the processor, not the network: 16 at once sent 3,000 slips no faster than 8 (28 vs 31 a second).
  concurrency: 8,
  keepSeconds: 24 * 3600,
};

type Language = DocumentMessage['language'];

/** A wait for the per-second window shorter than this is waited out in the job rather than re-enqueued. */
const INLINE_WAIT_MS = 2_000;

export type SendJobOutcome = {
  deliveryId: number;
  outcome: 'done' | 'paused' | 'unknown' | 'not_yet' | 'held' | AttemptOutcome;
  reason?: string;
};

type Prepared =
  | { kind: 'stop'; outcome: SendJobOutcome['outcome']; reason?: string }
  | { kind: 'wait'; ms: number }
  /** A slip whose PDF has no reusable upload: uploaded before a slot of the limits is taken. */
  | { kind: 'upload'; key: string; fileName: string }
  | {
      kind: 'go';
      attempt: { id: number; deliveryId: number; kind: 'template' | 'document'; key: string };
      to: string;
      language: string;
      content: DeliveryContent;
      /** A slip's uploaded PDF (reused, or uploaded just before); null: upload it in the attempt. */
      mediaId: string | null;
    };

/** The person wrote within 24 hours, and WhatsApp has not refused this delivery's free-form message for the closed window. */
async function windowOpen(
  tx: Executor,
  deliveryId: number,
  recipient: { number: string; userId: number | null },
  now: Date,
): Promise<boolean> {
  if (!(await wroteWithinWindow(tx, recipient, now))) return false;
  const [refused] = await tx
    .select({ id: whatsappAttempts.id })
    .from(whatsappAttempts)
    .where(and(eq(whatsappAttempts.delivery_id, deliveryId), eq(whatsappAttempts.error_code, 131047)))
    .limit(1);
  return refused === undefined;
}

export function createWhatsappSending(context: AppContext, provider: WhatsappProvider) {
  const { db, clock, jobs, storage, config } = context;
  const settings = config.whatsapp;
  const phoneNumberId = phoneNumberIdOf(settings);

  /** In one transaction: the checks, a slot of the limits, and the attempt recorded `pending`. */
  async function prepare(deliveryId: number, resend: boolean, uploadTried: boolean): Promise<Prepared> {
    return db.transaction(async (tx): Promise<Prepared> => {
      const now = clock.now();
      const delivery = await lockDelivery(tx, deliveryId);
      if (!delivery || delivery.state !== 'queued') return { kind: 'stop', outcome: 'done' };
      if (await isQueuePaused(tx)) {
        // A resume enqueues every queued delivery again.
        await holdDelivery(tx, deliveryId, { notBefore: null, waitingFor: 'paused' }, now);
        return { kind: 'stop', outcome: 'paused' };
      }
      const unsettled = await tx
        .select({ id: whatsappAttempts.id, outcome: whatsappAttempts.outcome })
        .from(whatsappAttempts)
        .where(
          and(eq(whatsappAttempts.delivery_id, deliveryId), inArray(whatsappAttempts.outcome, ['pending', 'unknown'])),
        );
      if (unsettled.length > 0) {
        // A worker stopped between handing the message over and recording the answer: it may have gone.
        // Never sent again blindly; a callback or the sweep (needs_check) settles it.
        await tx
          .update(whatsappAttempts)
          .set({ outcome: 'unknown' })
          .where(and(eq(whatsappAttempts.delivery_id, deliveryId), eq(whatsappAttempts.outcome, 'pending')));
        return { kind: 'stop', outcome: 'unknown' };
      }
      // Woken early: back in the queue for the moment it waits for (a duplicate job of the delivery is
      // harmless: the row lock and the attempt check above make it send once).
      if (delivery.not_before && delivery.not_before.getTime() > now.getTime() + 1_000) {
        await jobs.enqueue(
          tx,
          WHATSAPP_SEND_JOB,
          { deliveryId },
          { startAfter: delivery.not_before, singletonKey: whatsappSendSingletonKey(deliveryId) },
        );
        return { kind: 'stop', outcome: 'not_yet' };
      }
      const read = await contentOf(tx, delivery, now);
      if (!read.ok) {
        await moveDelivery(tx, delivery, 'failed', { reason: read.reason, source: 'worker' }, now);
        return { kind: 'stop', outcome: 'failed', reason: read.reason };
      }
      const content = read.content;
      // A slip goes as the template outside the window; a text only inside it; a named template always.
      const open =
        content.kind === 'template' || (content.kind === 'slip' && resend)
          ? false
          : await windowOpen(tx, deliveryId, { number: delivery.to_number, userId: delivery.user_id }, now);
      if (content.kind === 'text' && !open) {
        await moveDelivery(
          tx,
          delivery,
          'failed',
          { reason: WINDOW_CLOSED_REASON, errorCode: 131047, source: 'worker' },
          now,
        );
        return { kind: 'stop', outcome: 'failed', reason: WINDOW_CLOSED_REASON };
      }
      const template = !open;
      // The PDF is uploaded (or found uploaded) before a slot of the limits is taken: the slot's moment
      // is then the message's own, not the upload's. A failed upload is met again, and recorded, in the attempt.
      let mediaId: string | null = null;
      if (content.kind === 'slip') {
        const fileName = slipMessage(content.slip, delivery.to_number, delivery.language, '').fileName;
        mediaId = await reusableMediaId(tx, { key: content.slip.pdf_key, phoneNumberId, now });
        if (mediaId === null && !uploadTried) return { kind: 'upload', key: content.slip.pdf_key, fileName };
      }
      // The attempt is written before the limits' lock is taken: every worker queues behind that lock,
      // so it is held only for the reservation and the commit. A slot not to be had rolls the attempt
      // back to the savepoint (which also lets the lock go), and the delivery waits.
      const key = randomUUID();
      // An attempt is a template or free-form (a document or a text: both only inside the window).
      const kind = template ? 'template' : 'document';
      await tx.execute(sql`savepoint before_slot`);
      const [attempt] = await tx
        .insert(whatsappAttempts)
        .values({ delivery_id: deliveryId, key, kind, outcome: 'pending', started_at: now })
        .returning({ id: whatsappAttempts.id });
      await countAttempt(tx, deliveryId, now);
      const slot = await reserveSend(tx, settings, {
        phoneNumberId,
        to: delivery.to_number,
        template,
        now: () => clock.now(),
        // The free-form message refused a moment ago was never delivered: its template goes at once.
        pairGap: !resend,
        share: delivery.origin === 'verification' ? 'code' : delivery.origin === 'campaign' ? 'campaign' : 'slip',
      });
      if (!slot.ok) {
        await tx.execute(sql`rollback to savepoint before_slot`);
        await holdDelivery(tx, deliveryId, { notBefore: slot.retryAt, waitingFor: slot.reason }, now);
        const ms = slot.retryAt.getTime() - now.getTime();
        if (slot.reason === 'rate' && ms <= INLINE_WAIT_MS) return { kind: 'wait', ms };
        await jobs.enqueue(
          tx,
          WHATSAPP_SEND_JOB,
          { deliveryId },
          { startAfter: slot.retryAt, singletonKey: whatsappSendSingletonKey(deliveryId) },
        );
        return { kind: 'stop', outcome: 'held', reason: slot.reason };
      }
      return {
        kind: 'go',
        attempt: { id: attempt!.id, deliveryId, kind, key },
        to: delivery.to_number,
        language: delivery.language,
        content,
        mediaId,
      };
    });
  }

  /** Uploads (or reuses) a slip's PDF and hands the message to WhatsApp; records the answer. */
  async function attemptOnce(
    go: Extract<Prepared, { kind: 'go' }>,
    signal?: AbortSignal,
  ): Promise<AttemptOutcome | 'unknown'> {
    let handOver: () => Promise<{ wamid: string }>;
    try {
      handOver = await messageOf(go, signal);
    } catch (error) {
      // Nothing was sent yet: a failed upload (or PDF read) is retried like a network error.
      const refusal =
        error instanceof WhatsappApiError
          ? error
          : new WhatsappApiError(String((error as Error)?.message ?? error), undefined, undefined);
      return db.transaction((tx) => recordRefused(tx, jobs, go.attempt, refusal, clock.now()));
    }
    let wamid: string;
    try {
      ({ wamid } = await handOver());
    } catch (error) {
      if (error instanceof WhatsappApiError)
        return db.transaction((tx) => recordRefused(tx, jobs, go.attempt, error, clock.now()));
      // Not an answer of WhatsApp's: whether the message went is unknown. It waits for its callback.
      context.logger.error(
        { err: error, deliveryId: go.attempt.deliveryId },
        'a WhatsApp send ended without an answer',
      );
      // Only a pending attempt: a callback may have settled it meanwhile.
      await db
        .update(whatsappAttempts)
        .set({ outcome: 'unknown' })
        .where(and(eq(whatsappAttempts.id, go.attempt.id), eq(whatsappAttempts.outcome, 'pending')));
      return 'unknown';
    }
    return db.transaction((tx) => recordAccepted(tx, go.attempt, wamid, clock.now()));
  }

  /** The provider call of one attempt, by the delivery's kind (a slip's PDF uploaded first, when not already). */
  async function messageOf(
    go: Extract<Prepared, { kind: 'go' }>,
    signal?: AbortSignal,
  ): Promise<() => Promise<{ wamid: string }>> {
    const { content, to, attempt } = go;
    const language: Language = go.language === 'mr' || go.language === 'hi' ? go.language : 'en';
    if (content.kind === 'text')
      return () => provider.sendText({ to, body: content.body, callbackData: attempt.key }, signal);
    if (content.kind === 'template')
      return () =>
        provider.sendNamedTemplate(
          {
            to,
            language: content.language ?? language,
            name: content.name,
            bodyParameters: content.params,
            copyCode: content.copyCode,
            callbackData: attempt.key,
          },
          signal,
        );
    const message = slipMessage(content.slip, to, language, attempt.key);
    const mediaId =
      go.mediaId ??
      (await mediaIdFor(
        { db, storage, provider },
        { key: content.slip.pdf_key, fileName: message.fileName, phoneNumberId, now: clock.now() },
        signal,
      ));
    const full = { ...message, mediaId };
    return () =>
      attempt.kind === 'template' ? provider.sendTemplate(full, signal) : provider.sendDocument(full, signal);
  }

  /** The job's handler. */
  async function run(data: WhatsappSendJobData, job?: Pick<JobContext, 'signal'>): Promise<SendJobOutcome> {
    const { deliveryId } = data;
    let resend = false;
    let uploadTried = false;
    for (let round = 0; round < 50; round += 1) {
      // An expired job (pg-boss ends it after its expiry) sends nothing more: its retry carries on.
      if (job?.signal.aborted) return { deliveryId, outcome: 'held', reason: 'expired' };
      const prepared = await prepare(deliveryId, resend, uploadTried);
      if (prepared.kind === 'stop') return { deliveryId, outcome: prepared.outcome, reason: prepared.reason };
      if (prepared.kind === 'upload') {
        uploadTried = true;
        // Best effort: a failure here is met again, and recorded, in the attempt.
        await mediaIdFor(
          { db, storage, provider },
          { key: prepared.key, fileName: prepared.fileName, phoneNumberId, now: clock.now() },
          job?.signal,
        ).catch(() => undefined);
        continue;
      }
      if (prepared.kind === 'wait') {
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, prepared.ms)));
        continue;
      }
      const outcome = await attemptOnce(prepared, job?.signal);
      if (outcome !== 'resend' || resend) return { deliveryId, outcome };
      resend = true;
    }
    // The window stayed full for long: back in the queue shortly.
    await jobs.enqueue(db, WHATSAPP_SEND_JOB, { deliveryId }, { startAfter: new Date(clock.now().getTime() + 1_000) });
    return { deliveryId, outcome: 'held', reason: 'rate' };
  }

  return { run };
}
export type WhatsappSending = ReturnType<typeof createWhatsappSending>;
