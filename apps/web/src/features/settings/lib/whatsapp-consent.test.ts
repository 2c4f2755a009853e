import { describe, expect, it } from 'vitest';
import { sameWhatsappChoice, storedWhatsappChoice, toWhatsappRequest } from './whatsapp-consent';

describe('the WhatsApp choice of Settings › Profile', () => {
  it('starts from the stored record: off and English until it has arrived', () => {
    expect(storedWhatsappChoice(undefined)).toEqual({ enabled: false, language: 'en' });
    expect(storedWhatsappChoice({ whatsapp_enabled: true, whatsapp_language: 'mr' })).toEqual({
      enabled: true,
      language: 'mr',
    });
    expect(storedWhatsappChoice({ whatsapp_enabled: false, whatsapp_language: 'fr' as never })).toEqual({
      enabled: false,
      language: 'en',
    });
  });

  it('saves only a change, as the request PUT /users/profile/whatsapp reads', () => {
    expect(sameWhatsappChoice({ enabled: true, language: 'hi' }, { enabled: true, language: 'hi' })).toBe(true);
    expect(sameWhatsappChoice({ enabled: true, language: 'hi' }, { enabled: true, language: 'mr' })).toBe(false);
    expect(toWhatsappRequest({ enabled: true, language: 'hi' })).toEqual({
      whatsapp_enabled: true,
      whatsapp_language: 'hi',
    });
  });
});
