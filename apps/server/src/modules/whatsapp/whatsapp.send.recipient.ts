import { eq } from 'drizzle-orm';
import { VERIFICATION_CODE_MINUTES, whatsappNumber } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { DeliveryRow } from './whatsapp.deliveries.repository.js';

/**
 * The person's consent and number, read again when the delivery is sent: a message may wait in the
 * queue while WhatsApp is switched off, the number changes or the person leaves. Answers why the
 * delivery must not go, or null when it may.
 */

export const RECIPIENT_REASONS = {
  gone: 'The person is no longer active',
  numberChanged: 'The person’s number changed',
  numberUnverified: 'The person’s number is not verified',
  whatsappOff: 'WhatsApp was switched off',
  noticesOff: 'Notices were switched off',
  codeExpired: 'The code expired before it could be sent',
} as const;

export async function recipientRefusal(tx: Executor, delivery: DeliveryRow, now: Date): Promise<string | null> {
  if (delivery.origin === 'verification') {
    const ageMs = now.getTime() - delivery.created_at.getTime();
    if (ageMs > VERIFICATION_CODE_MINUTES * 60_000) return RECIPIENT_REASONS.codeExpired;
  }
  // A reply to a number of nobody has no person to ask; a STOP switches WhatsApp off and is still confirmed.
  if (delivery.user_id === null || delivery.origin === 'stop') return null;
  const [person] = await tx
    .select({
      phone_number: users.phone_number,
      phone_verified_at: users.phone_verified_at,
      whatsapp_enabled: users.whatsapp_enabled,
      whatsapp_notices_enabled: users.whatsapp_notices_enabled,
      is_active: users.is_active,
      deleted_at: users.deleted_at,
    })
    .from(users)
    .where(eq(users.id, delivery.user_id));
  if (!person || !person.is_active || person.deleted_at !== null) return RECIPIENT_REASONS.gone;
  if (whatsappNumber(person.phone_number) !== delivery.to_number) return RECIPIENT_REASONS.numberChanged;
  // A code is what verifies the number: it needs neither a verified number nor consent.
  if (delivery.origin === 'verification') return null;
  if (person.phone_verified_at === null) return RECIPIENT_REASONS.numberUnverified;
  if (delivery.origin === 'campaign') return person.whatsapp_notices_enabled ? null : RECIPIENT_REASONS.noticesOff;
  return person.whatsapp_enabled ? null : RECIPIENT_REASONS.whatsappOff;
}
