import { hkdfSync } from 'node:crypto';

/** What a key is for: one secret never serves two purposes (HKDF, RFC 5869, with the purpose as `info`). */
export type KeyPurpose = 'access-token' | 'refresh-token' | 'one-time-password' | 'form-download';

export interface DerivedKey {
  /** Names the secret the key comes from (the `kid` of an access token): a hash, never the secret itself. */
  id: string;
  key: Buffer;
}

/**
 * The server's keys for each purpose, derived from `JWT_SECRET` (current, used to sign and to hash)
 * and `JWT_SECRET_PREVIOUS` (during a rotation: still accepted for what it signed or hashed, never
 * used for anything new). Current first.
 */
export interface KeyRing {
  keysFor(purpose: KeyPurpose): readonly DerivedKey[];
  /**
   * Verify-only keys of the scheme before the keys were derived (the secret with a purpose prefix),
   * so refresh tokens and one-time passwords issued before the upgrade still work until they expire.
   * Access tokens are not among them: they live 15 minutes, and the web renews them by refresh.
   */
  formerKeysFor(purpose: FormerKeyPurpose): readonly Buffer[];
}

/** Purposes that had keys before the keys were derived (access tokens and download links never did). */
type FormerKeyPurpose = Exclude<KeyPurpose, 'access-token' | 'form-download'>;

const FORMER_PREFIX: Record<FormerKeyPurpose, string> = {
  'refresh-token': 'refresh:',
  'one-time-password': 'one-time-password:',
};

const SALT = 'srpf-dashboard';

function derive(secret: string, purpose: KeyPurpose): DerivedKey {
  const key = Buffer.from(hkdfSync('sha256', secret, SALT, purpose, 32));
  const id = Buffer.from(hkdfSync('sha256', secret, SALT, 'key-id', 8)).toString('hex');
  return { id, key };
}

export function createKeyRing(secret: string, previousSecret?: string): KeyRing {
  const secrets = previousSecret && previousSecret !== secret ? [secret, previousSecret] : [secret];
  const byPurpose = new Map<KeyPurpose, DerivedKey[]>();
  return {
    keysFor(purpose) {
      let keys = byPurpose.get(purpose);
      if (!keys) {
        keys = secrets.map((value) => derive(value, purpose));
        byPurpose.set(purpose, keys);
      }
      return keys;
    },
    formerKeysFor(purpose) {
      return [Buffer.from(`${FORMER_PREFIX[purpose]}${secret}`)];
    },
  };
}
