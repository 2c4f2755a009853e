import { WHATSAPP_LANGUAGES } from '@srpf/shared/appointments/appointments.rules';
import type { TUser, TWhatsappConsentRequest } from '@srpf/shared';

export type WhatsappLanguage = (typeof WHATSAPP_LANGUAGES)[number];

export interface WhatsappChoice {
  enabled: boolean;
  language: WhatsappLanguage;
}

/** The choice as stored (off and English until the record has arrived; English is the spec's default). */
export function storedWhatsappChoice(
  user: Pick<TUser, 'whatsapp_enabled' | 'whatsapp_language'> | undefined,
): WhatsappChoice {
  const language = (WHATSAPP_LANGUAGES as readonly string[]).includes(user?.whatsapp_language ?? '')
    ? (user?.whatsapp_language as WhatsappLanguage)
    : 'en';
  return { enabled: user?.whatsapp_enabled ?? false, language };
}

export const sameWhatsappChoice = (a: WhatsappChoice, b: WhatsappChoice): boolean =>
  a.enabled === b.enabled && a.language === b.language;

export const toWhatsappRequest = (choice: WhatsappChoice): TWhatsappConsentRequest => ({
  whatsapp_enabled: choice.enabled,
  whatsapp_language: choice.language,
});
