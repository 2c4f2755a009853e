import { and, eq, isNull } from 'drizzle-orm';
import { whatsappNumber } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/**
 * Who wrote (issue 31). The business-scoped user id (BSUID) is matched first, then the number among
 * live people (users hold 10 digits, WhatsApp sends 91 and those 10). Two different people (the BSUID
 * one person's, the number another's: a number that changed hands) is `several`: nobody is answered
 * as either. A person matched by their verified number gets the BSUID stored the first time it is seen
 * beside it, so it finds them even when WhatsApp later leaves the number out or it changes.
 */

export interface SenderPerson {
  id: number;
  isActive: boolean;
  whatsappEnabled: boolean;
  verified: boolean;
  language: 'en' | 'mr' | 'hi';
  /** The person's own WhatsApp number (91XXXXXXXXXX), or null without a usable phone. */
  number: string | null;
}

export type Sender = { kind: 'person'; person: SenderPerson } | { kind: 'nobody' } | { kind: 'several' };

const columns = {
  id: users.id,
  is_active: users.is_active,
  whatsapp_enabled: users.whatsapp_enabled,
  phone_verified_at: users.phone_verified_at,
  whatsapp_language: users.whatsapp_language,
  phone_number: users.phone_number,
  whatsapp_bsuid: users.whatsapp_bsuid,
};

/** `from`: the number WhatsApp gave, null when it gave only the BSUID. */
export async function identifySender(tx: Executor, from: string | null, bsuid: string | null): Promise<Sender> {
  const byBsuid = bsuid
    ? await tx
        .select(columns)
        .from(users)
        .where(and(eq(users.whatsapp_bsuid, bsuid), isNull(users.deleted_at)))
        .for('update')
    : [];
  const local = from === null ? undefined : /^91(\d{10})$/.exec(from)?.[1];
  const byNumber = local
    ? await tx
        .select(columns)
        .from(users)
        .where(and(eq(users.phone_number, local), isNull(users.deleted_at)))
        .for('update')
    : [];
  const found = new Map([...byBsuid, ...byNumber].map((row) => [row.id, row]));
  if (found.size === 0) return { kind: 'nobody' };
  if (found.size > 1) return { kind: 'several' };
  const row = [...found.values()][0]!;
  const verified = row.phone_verified_at !== null;
  if (bsuid && row.whatsapp_bsuid === null && verified && byNumber.length === 1) {
    await tx.update(users).set({ whatsapp_bsuid: bsuid }).where(eq(users.id, row.id));
  }
  return {
    kind: 'person',
    person: {
      id: row.id,
      isActive: row.is_active,
      whatsappEnabled: row.whatsapp_enabled,
      verified,
      language: row.whatsapp_language === 'mr' || row.whatsapp_language === 'hi' ? row.whatsapp_language : 'en',
      number: whatsappNumber(row.phone_number),
    },
  };
}

/**
 * The number self-service answers on, or null when it does not answer: exactly one active person with
 * WhatsApp on, writing from their verified number. A message with only a BSUID (`from` null) was
 * matched by the BSUID, which is stored only beside the person's verified number (and forgotten when
 * the number changes): it is answered on that number.
 */
export function selfServiceNumber(person: SenderPerson, from: string | null): string | null {
  if (!person.isActive || !person.whatsappEnabled || !person.verified || person.number === null) return null;
  return from === null || from === person.number ? person.number : null;
}
