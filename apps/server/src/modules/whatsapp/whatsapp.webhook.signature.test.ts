import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hasValidSignature, isVerifyToken, signatureOf } from './whatsapp.webhook.signature.js';

const secret = 'app-secret';
const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
const good = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe("the webhook's signature check", () => {
  it('accepts the HMAC-SHA256 of the exact bytes with the app secret, in either case of hex', () => {
    expect(signatureOf(body, secret)).toBe(good);
    expect(hasValidSignature(body, good, secret)).toBe(true);
    expect(hasValidSignature(body, `sha256=${good.slice(7).toUpperCase()}`, secret)).toBe(true);
  });

  it('refuses a missing, empty or repeated header', () => {
    expect(hasValidSignature(body, undefined, secret)).toBe(false);
    expect(hasValidSignature(body, '', secret)).toBe(false);
    expect(hasValidSignature(body, [good, good], secret)).toBe(false);
  });

  it('refuses a signature made with another secret, or of other bytes', () => {
    expect(hasValidSignature(body, signatureOf(body, 'another-secret'), secret)).toBe(false);
    expect(hasValidSignature(Buffer.from('{}'), good, secret)).toBe(false);
  });

  it('refuses the body with one byte changed, and the signature with one digit changed', () => {
    for (const index of [0, 10, body.length - 1]) {
      const changed = Buffer.from(body);
      changed[index] = changed[index]! ^ 0x01;
      expect(hasValidSignature(changed, good, secret)).toBe(false);
    }
    const last = good.at(-1) === '0' ? '1' : '0';
    expect(hasValidSignature(body, `${good.slice(0, -1)}${last}`, secret)).toBe(false);
  });

  it('refuses a malformed header: another prefix, short or long, not hex', () => {
    const hex = good.slice(7);
    for (const header of [
      `sha1=${hex}`,
      hex,
      `sha256:${hex}`,
      `sha256=${hex.slice(2)}`,
      `sha256=${hex}00`,
      `sha256=${'z'.repeat(64)}`,
    ])
      expect(hasValidSignature(body, header, secret)).toBe(false);
  });

  it('accepts nothing while the app secret is unset, not even the signature made with an empty key', () => {
    expect(hasValidSignature(body, signatureOf(body, ''), '')).toBe(false);
  });
});

describe("the subscription check's verify token", () => {
  it('matches the configured token only, whatever the lengths, and nothing when none is configured', () => {
    expect(isVerifyToken('token-1', 'token-1')).toBe(true);
    expect(isVerifyToken('token-2', 'token-1')).toBe(false);
    expect(isVerifyToken('token-1-and-more', 'token-1')).toBe(false);
    expect(isVerifyToken(undefined, 'token-1')).toBe(false);
    expect(isVerifyToken('', '')).toBe(false);
  });
});
