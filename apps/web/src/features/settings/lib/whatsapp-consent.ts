import { WHATSAPP_LANGUAGES } from '@srpf/shared/appointments/appointments.rules';
import { mayEnableWhatsapp } from '@srpf/shared/users/users.verification.rules';
import type { TUser, TWhatsappConsentRequest } from '@srpf/shared';

export type WhatsappLanguage = (typeof WHATSAPP_LANGUAGES)[number];

export interface WhatsappChoice {
  /** Slips (and messages) on WhatsApp. */
  enabled: boolean;
  /** Notices (campaigns), a consent apart (issue 31). */
  notices: boolean;
  language: WhatsappLanguage;
}

type StoredChoice = Pick<TUser, 'whatsapp_enabled' | 'whatsapp_language'> &
  Partial<Pick<TUser, 'whatsapp_notices_enabled'>>;

/** The choice as stored (off and English until the record has arrived; English is the spec's default). */
export function storedWhatsappChoice(user: StoredChoice | undefined): WhatsappChoice {
  const language = (WHATSAPP_LANGUAGES as readonly string[]).includes(user?.whatsapp_language ?? '')
    ? (user?.whatsapp_language as WhatsappLanguage)
    : 'en';
  return { enabled: user?.whatsapp_enabled ?? false, notices: user?.whatsapp_notices_enabled ?? false, language };
}

export const sameWhatsappChoice = (a: WhatsappChoice, b: WhatsappChoice): boolean =>
  a.enabled === b.enabled && a.notices === b.notices && a.language === b.language;

export const toWhatsappRequest = (choice: WhatsappChoice): TWhatsappConsentRequest => ({
  whatsapp_enabled: choice.enabled,
  whatsapp_notices_enabled: choice.notices,
  whatsapp_language: choice.language,
});

/**
 * Saving this choice first needs the number confirmed with a code: it switches slips or notices on,
 * and the number is not verified (the server would refuse it with 409).
 */
export function needsVerification(
  choice: WhatsappChoice,
  stored: WhatsappChoice,
  user: Pick<TUser, 'phone_number' | 'phone_verified_at'> | undefined,
): boolean {
  const switchingOn = (choice.enabled && !stored.enabled) || (choice.notices && !stored.notices);
  return (
    switchingOn &&
    !mayEnableWhatsapp({ phone_number: user?.phone_number ?? null, phone_verified_at: user?.phone_verified_at ?? null })
  );
}

/** A ten-digit number as WhatsApp reaches it: `+91 98765 43210`. */
export function displayNumber(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length !== 10) return phone ?? '';
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}
