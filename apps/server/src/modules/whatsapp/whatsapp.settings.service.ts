import {
  mayChangeMessagingSettings,
  mayUseMessaging,
  MESSAGING_BILLABLE_MONTHS,
  type Actor,
  type TMessagingSettings,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { forceDate } from '../../lib/clock.js';
import { forbidden } from '../../lib/errors.js';
import { billableCounts, lastWebhookAt } from './whatsapp.messaging.repository.js';
import { readQueueRow } from './whatsapp.queue.state.js';
import { isSelfServiceOn, setSelfService } from './whatsapp.self-service-flag.js';

/**
 * The messaging overview's Settings (issue 31): where messages go (never a token or secret), the last
 * webhook, the queue's pause, the self-service switch and the account's billable messages of the last
 * months. Read by send_whatsapp; the switch is the administrators'. Resume is POST /whatsapp/queue/resume.
 */
export function createMessagingSettingsService(context: AppContext) {
  const { db, clock, config } = context;

  /** The first moment (India time) of the month MESSAGING_BILLABLE_MONTHS - 1 months before this one. */
  const billableSince = (now: Date): Date => {
    const [year, month] = forceDate(now).split('-').map(Number) as [number, number];
    const first = new Date(Date.UTC(year, month - MESSAGING_BILLABLE_MONTHS, 1));
    return new Date(`${first.toISOString().slice(0, 10)}T00:00:00+05:30`);
  };

  async function read(): Promise<TMessagingSettings> {
    const [queue, selfService, lastWebhook, billable] = await Promise.all([
      readQueueRow(db),
      isSelfServiceOn(db),
      lastWebhookAt(db),
      billableCounts(db, billableSince(clock.now())),
    ]);
    return {
      provider: config.whatsapp.provider,
      phone_number_id: config.whatsapp.provider === 'cloud' ? config.whatsapp.phoneNumberId : null,
      last_webhook_at: lastWebhook,
      queue: {
        paused: queue?.paused_at != null,
        pause_code: queue?.paused_at ? (queue.pause_code ?? null) : null,
        pause_reason: queue?.paused_at ? (queue.pause_reason ?? null) : null,
        paused_at: queue?.paused_at ? queue.paused_at.toISOString() : null,
      },
      self_service: selfService,
      billable,
    };
  }

  return {
    async read(actor: Actor): Promise<TMessagingSettings> {
      if (!mayUseMessaging(actor)) throw forbidden();
      return read();
    },

    /** Switches self-service on or off (administrators), audited with the value before and after. */
    async update(actor: Actor, change: { self_service: boolean }, ip: string | null): Promise<TMessagingSettings> {
      if (!mayChangeMessagingSettings(actor)) throw forbidden();
      await db.transaction(async (tx) => {
        const before = await isSelfServiceOn(tx);
        await setSelfService(tx, change.self_service, clock.now());
        await audit(tx, {
          actorId: actor.userId,
          action: 'whatsapp.self_service_switch',
          entityType: 'app_setting',
          entityId: 'whatsapp.self_service',
          outcome: 'success',
          ip,
          details: { from: before, to: change.self_service },
        });
      });
      return read();
    },
  };
}
export type MessagingSettingsService = ReturnType<typeof createMessagingSettingsService>;
