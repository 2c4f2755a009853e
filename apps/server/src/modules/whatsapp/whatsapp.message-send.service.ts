import { and, eq, isNull } from 'drizzle-orm';
import {
  companyRecordScope,
  maySendWhatsappMessage,
  whatsappNumber,
  type Actor,
  type TWhatsappMessageSendRequest,
  type TWhatsappMessageSendResponse,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { usersInScope } from '../../db/record-scope.js';
import { users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { wroteWithinWindow } from './whatsapp.inbound.window.js';
import { queueWhatsappMessage } from './whatsapp.messages.queue.js';

/**
 * New Message (POST /api/whatsapp/send, issue 31): a free-form text to one person, only inside the
 * 24-hour window their own message opened (WhatsApp refuses it otherwise: an approved template is
 * needed). The person is read in the actor's company scope (SQL) and checked by maySendWhatsappMessage
 * inside the transaction that queues the delivery and its job and writes the audit row.
 */

const LANGUAGES = new Set(['en', 'mr', 'hi']);

export function createMessageSendService(context: AppContext) {
  const { db, clock, jobs, config } = context;

  async function send(
    actor: Actor,
    request: TWhatsappMessageSendRequest,
    ip: string | null,
  ): Promise<TWhatsappMessageSendResponse> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const [person] = await tx
        .select({
          id: users.id,
          company_id: users.company_id,
          is_active: users.is_active,
          phone_number: users.phone_number,
          whatsapp_enabled: users.whatsapp_enabled,
          whatsapp_language: users.whatsapp_language,
          phone_verified_at: users.phone_verified_at,
        })
        .from(users)
        .where(and(eq(users.id, request.user_id), isNull(users.deleted_at), usersInScope(companyRecordScope(actor))))
        .for('update');
      if (!person || !maySendWhatsappMessage(actor, { companyId: person.company_id }))
        throw notFound('whatsapp.person_not_found', 'Person');
      const number = whatsappNumber(person.phone_number);
      if (!person.is_active) throw new AppError('whatsapp.person_inactive', {}, 'This person’s account is not active');
      if (!person.whatsapp_enabled)
        throw new AppError('whatsapp.not_enabled', {}, 'This person has not switched WhatsApp on');
      if (!number || person.phone_verified_at === null)
        throw new AppError('whatsapp.number_unverified', {}, 'This person’s WhatsApp number is not verified');
      if (!(await wroteWithinWindow(tx, { number, userId: person.id }, now)))
        throw new AppError(
          'whatsapp.window_closed',
          {},
          'This person has not written in the last 24 hours: WhatsApp allows only an approved template now',
        );
      const language = LANGUAGES.has(person.whatsapp_language)
        ? (person.whatsapp_language as 'en' | 'mr' | 'hi')
        : 'en';
      const { deliveryId } = await queueWhatsappMessage(
        tx,
        jobs,
        {
          kind: 'text',
          origin: 'message',
          userId: person.id,
          toNumber: number,
          language,
          body: request.body,
          requestedBy: actor.userId,
        },
        now,
      );
      // The text itself is the person's correspondence: its length is audited, not its words.
      await audit(tx, {
        actorId: actor.userId,
        action: 'whatsapp.message_send',
        entityType: 'whatsapp_delivery',
        entityId: deliveryId,
        outcome: 'success',
        ip,
        details: { user_id: person.id, length: request.body.length },
      });
      const outbox = config.whatsapp.provider === 'outbox';
      return {
        success: true as const,
        data: { delivery: { id: deliveryId, state: 'queued' as const, to_number: number } },
        message: outbox
          ? 'Message queued for WhatsApp. WhatsApp is not connected (outbox): nothing is delivered to anyone, the message is only stored.'
          : 'Message queued for WhatsApp.',
        ...(outbox ? { outbox: true as const } : {}),
      };
    });
  }

  return { send };
}
export type MessageSendService = ReturnType<typeof createMessageSendService>;
