import { timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { keyedHash } from './secrets.js';

// Algorithm.Argon2id; the package's enum is a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

/** Marks a stored one-time password: a keyed fast hash, not an argon2id string (which starts with `$argon2`). */
export const ONE_TIME_PREFIX = 'hmac-sha256$';

export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * argon2id for human-chosen passwords (OWASP: 19 MiB, 2 passes in production). Random one-time
 * passwords of ≥128 bits (CSV import) need no slow hash: they are stored as HMAC-SHA-256 under a
 * server key, so thousands can be issued in seconds; `verify` accepts both kinds. `oneTimeKeys`:
 * the current key first (new one-time passwords), then the previous one during a key rotation.
 */
export function createPasswordHasher(cost: PasswordHashCost, oneTimeKeys: readonly Buffer[] = []) {
  const [oneTimeKey] = oneTimeKeys;
  const options = { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  // Verified when an email is unknown or holds a one-time password: every check then runs one argon2id
  // verification, so its time tells neither whether the account exists nor which kind of password it holds.
  const decoy = hash('decoy-password-for-timing', options);

  return {
    hash: (password: string) => hash(password, options),

    /** Only for random secrets of at least 128 bits, never for a password a person chose. */
    hashOneTime(secret: string): string {
      if (!oneTimeKey) throw new Error('No key for one-time passwords was configured');
      return `${ONE_TIME_PREFIX}${keyedHash(oneTimeKey, secret)}`;
    },

    async verify(hashed: string | null, password: string): Promise<boolean> {
      try {
        if (hashed === null) {
          await verify(await decoy, password);
          return false;
        }
        if (hashed.startsWith(ONE_TIME_PREFIX)) {
          await verify(await decoy, password);
          const stored = hashed.slice(ONE_TIME_PREFIX.length);
          return oneTimeKeys.some((key) => sameText(stored, keyedHash(key, password)));
        }
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
