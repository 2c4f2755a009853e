import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=` and 64 hex digits: the form of Meta's X-Hub-Signature-256 header. */
const SIGNATURE_PATTERN = /^sha256=([0-9a-f]{64})$/i;

/**
 * Whether Meta signed these exact bytes: `X-Hub-Signature-256: sha256=<hex>` is the HMAC-SHA256 of the
 * raw body with the app secret. Compared in constant time, so the answer's timing tells nothing of the
 * expected value. Without an app secret nothing is accepted (an empty key would be a known key).
 */
export function hasValidSignature(rawBody: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  if (appSecret.length === 0 || typeof header !== 'string') return false;
  const given = SIGNATURE_PATTERN.exec(header.trim());
  if (!given) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given[1]!, 'hex'));
}

/** The header Meta would send for this body: for the loopback Graph server and tests. */
export function signatureOf(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Whether the subscription check's token is the configured one, in constant time whatever their
 * lengths (both are hashed to the same length first). An unset token matches nothing.
 */
export function isVerifyToken(given: string | undefined, configured: string): boolean {
  if (configured.length === 0 || given === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(configured));
}
