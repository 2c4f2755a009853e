/**
 * A phone number receives WhatsApp only once it is the person's (issue 31): confirmed with a code
 * sent to it (the authentication template), or set by an administrator (user form, CSV import).
 */
export const VERIFICATION_CODE_DIGITS = 6;
/** A code confirms for this long after it is sent. */
export const VERIFICATION_CODE_MINUTES = 15;
/** Wrong codes allowed before the code is dead. */
export const VERIFICATION_CODE_TRIES = 5;
/** Codes one person may be sent within an hour. */
export const VERIFICATION_CODES_PER_HOUR = 3;
/** Where a verified number's verification came from; `existing`: on file before verification began. */
export const PHONE_VERIFIED_SOURCES = ['self', 'admin', 'import', 'existing'] as const;
export type PhoneVerifiedSource = (typeof PHONE_VERIFIED_SOURCES)[number];

/** What the rules read of a person's number. */
export interface NumberOfPerson {
  phone_number: string | null;
  phone_verified_at: string | Date | null;
}

/** none: no number; unverified: a number nothing is sent to yet; verified: the person's. */
export function numberState(person: NumberOfPerson): 'none' | 'unverified' | 'verified' {
  if (!person.phone_number) return 'none';
  return person.phone_verified_at ? 'verified' : 'unverified';
}

/** Turning WhatsApp (slips) or notices on needs a verified number; turning them off never does. */
export function mayEnableWhatsapp(person: NumberOfPerson): boolean {
  return numberState(person) === 'verified';
}

/** A code is sent only to a number that is there and not yet verified. */
export function maySendVerificationCode(person: NumberOfPerson): boolean {
  return numberState(person) === 'unverified';
}
