import { count, eq, gt, max } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { whatsappQueueState, whatsappSends, whatsappWebhookEvents } from '../../../db/schema/index.js';
import { HEALTH_THRESHOLDS } from '../system-health.thresholds.js';
import { elapsedMs, figure, type ProbeResult } from './probe.js';

/**
 * The WhatsApp provider: its mode (outbox or cloud), a paused queue (warning) and the last webhook;
 * on the Cloud API, no webhook for 24 h while messages were sent in them is a warning (Meta's
 * callbacks are not arriving).
 */
export async function probeWhatsapp(db: Database, provider: 'cloud' | 'outbox', now: Date): Promise<ProbeResult> {
  const started = performance.now();
  const silence = HEALTH_THRESHOLDS.whatsapp.webhookSilenceWarningMs;
  const [queue] = await db
    .select({ paused_at: whatsappQueueState.paused_at })
    .from(whatsappQueueState)
    .where(eq(whatsappQueueState.id, 1));
  const [webhook] = await db.select({ last: max(whatsappWebhookEvents.received_at) }).from(whatsappWebhookEvents);
  const [sent] = await db
    .select({ value: count() })
    .from(whatsappSends)
    .where(gt(whatsappSends.sent_at, new Date(now.getTime() - silence)));
  const responseTimeMs = elapsedMs(started);
  const pausedAt = queue?.paused_at ? new Date(queue.paused_at) : null;
  const lastWebhook = webhook?.last ? new Date(webhook.last) : null;
  const sentRecently = sent?.value ?? 0;
  const figures = [
    figure('mode', provider, 'text'),
    figure('paused', pausedAt !== null, 'flag'),
    figure('last_webhook_at', lastWebhook?.toISOString() ?? null, 'time'),
    figure('sent_last_24h', sentRecently, 'count'),
  ];
  if (pausedAt)
    return {
      status: 'warning',
      reason: { code: 'whatsapp_paused', params: { since: pausedAt.toISOString() } },
      responseTimeMs,
      figures,
    };
  if (
    provider === 'cloud' &&
    sentRecently > 0 &&
    (lastWebhook === null || now.getTime() - lastWebhook.getTime() > silence)
  )
    return { status: 'warning', reason: { code: 'whatsapp_no_webhook' }, responseTimeMs, figures };
  return { status: 'healthy', reason: null, responseTimeMs, figures };
}
