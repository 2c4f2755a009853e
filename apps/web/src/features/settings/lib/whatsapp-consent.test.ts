import { describe, expect, it } from 'vitest';
import {
  displayNumber,
  needsVerification,
  sameWhatsappChoice,
  storedWhatsappChoice,
  toWhatsappRequest,
} from './whatsapp-consent';

describe('the WhatsApp choice of Settings › Profile', () => {
  it('starts from the stored record: off and English until it has arrived', () => {
    expect(storedWhatsappChoice(undefined)).toEqual({ enabled: false, notices: false, language: 'en' });
    expect(
      storedWhatsappChoice({ whatsapp_enabled: true, whatsapp_notices_enabled: true, whatsapp_language: 'mr' }),
    ).toEqual({ enabled: true, notices: true, language: 'mr' });
    expect(storedWhatsappChoice({ whatsapp_enabled: false, whatsapp_language: 'fr' as never })).toEqual({
      enabled: false,
      notices: false,
      language: 'en',
    });
  });

  it('saves only a change, as the request PUT /users/profile/whatsapp reads', () => {
    const choice = { enabled: true, notices: false, language: 'hi' } as const;
    expect(sameWhatsappChoice(choice, { ...choice })).toBe(true);
    expect(sameWhatsappChoice(choice, { ...choice, language: 'mr' })).toBe(false);
    expect(sameWhatsappChoice(choice, { ...choice, notices: true })).toBe(false);
    expect(toWhatsappRequest(choice)).toEqual({
      whatsapp_enabled: true,
      whatsapp_notices_enabled: false,
      whatsapp_language: 'hi',
    });
  });

  it('asks for the code only when slips or notices go on with a number not verified', () => {
    const off = { enabled: false, notices: false, language: 'en' } as const;
    const unverified = { phone_number: '9876543210', phone_verified_at: null };
    const verified = { phone_number: '9876543210', phone_verified_at: '2026-11-20T10:00:00.000Z' };
    expect(needsVerification({ ...off, enabled: true }, off, unverified)).toBe(true);
    expect(needsVerification({ ...off, notices: true }, off, unverified)).toBe(true);
    expect(needsVerification({ ...off, enabled: true }, off, verified)).toBe(false);
    expect(needsVerification({ ...off, language: 'mr' }, off, unverified)).toBe(false);
    expect(needsVerification(off, { ...off, enabled: true }, unverified)).toBe(false);
  });

  it('shows the number as WhatsApp reaches it', () => {
    expect(displayNumber('9876543210')).toBe('+91 98765 43210');
    expect(displayNumber(null)).toBe('');
  });
});
