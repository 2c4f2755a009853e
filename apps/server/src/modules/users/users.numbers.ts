import type { NewUser } from './users.repository.js';

/**
 * The columns a change of a person's phone number sets (issue 31). A number becomes the person's
 * when a code sent to it is confirmed, or when an administrator sets it (the user form, the CSV
 * import), who then answers for it; any other change leaves it unverified, and so consent to slips and
 * to notices ends with it: nothing goes to a number nobody confirmed.
 */

/** A number the person set (or removed) themselves, or removed by an administrator: unverified, both consents withdrawn. */
export function numberUnverified(
  before: { whatsapp_enabled: boolean; whatsapp_notices_enabled: boolean },
  now: Date,
  source: 'self' | 'admin' = 'self',
): Partial<NewUser> {
  return {
    phone_verified_at: null,
    phone_verified_source: null,
    phone_verified_by: null,
    // WhatsApp's id of the old number's account: it must not keep matching the person after the number goes.
    whatsapp_bsuid: null,
    whatsapp_enabled: false,
    whatsapp_notices_enabled: false,
    // The moment consent ended is recorded only when there was consent to end.
    ...(before.whatsapp_enabled ? { whatsapp_consent_at: now, whatsapp_consent_source: source } : {}),
    ...(before.whatsapp_notices_enabled ? { whatsapp_notices_consent_at: now } : {}),
  };
}

/** A number an administrator set: verified by them, now. */
export function numberSetByAdministrator(actorId: number, now: Date, source: 'admin' | 'import' = 'admin') {
  return {
    phone_verified_at: now,
    phone_verified_source: source,
    phone_verified_by: actorId,
    // A new number is a new WhatsApp account: the old account's id is learnt again beside the new number.
    whatsapp_bsuid: null,
  } satisfies Partial<NewUser>;
}

/**
 * What an administrator's change of the number in the user form sets (none when it stays), and what
 * the audit says of it: who verified it and when, or that verification and both consents ended.
 */
export function administratorNumberChange(
  actorId: number,
  phone: string | null | undefined,
  before: { phone_number: string | null; whatsapp_enabled: boolean; whatsapp_notices_enabled: boolean } | null,
  now: Date,
): { columns: Partial<NewUser>; audited: Record<string, unknown> } {
  if (phone === undefined || phone === (before?.phone_number ?? null)) return { columns: {}, audited: {} };
  if (phone === null)
    return {
      columns: numberUnverified(before ?? { whatsapp_enabled: false, whatsapp_notices_enabled: false }, now, 'admin'),
      audited: { phone_verification: 'cleared' },
    };
  return {
    columns: numberSetByAdministrator(actorId, now),
    audited: { phone_verification: { source: 'admin', verified_by: actorId, at: now.toISOString() } },
  };
}
