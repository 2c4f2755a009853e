import { createHmac, randomBytes } from 'node:crypto';

/** A random secret of `bytes` bytes (32 → 256 bits), URL-safe. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Random secrets of ≥128 bits need no slow hash: a keyed HMAC-SHA-256 suffices and is fast. */
export function keyedHash(key: string | Buffer, secret: string): string {
  return createHmac('sha256', key).update(secret).digest('base64url');
}
