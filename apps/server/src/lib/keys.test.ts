import { describe, expect, it } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import { createKeyRing } from './keys.js';
import { createPasswordHasher } from './passwords.js';
import { createAccessTokens } from './tokens.js';

const OLD = 'o'.repeat(40);
const NEW = 'n'.repeat(40);
const claims = { userId: 7, role: 'viewer', mustChangePassword: false, sessionVersion: 3, sessionId: 'a-session' };

describe('the key ring', () => {
  it('derives a different key for each purpose from one secret, and names it by a hash, not the secret', () => {
    const ring = createKeyRing(NEW);
    const [access] = ring.keysFor('access-token');
    const [refresh] = ring.keysFor('refresh-token');
    const [oneTime] = ring.keysFor('one-time-password');
    expect(access!.key.equals(refresh!.key)).toBe(false);
    expect(refresh!.key.equals(oneTime!.key)).toBe(false);
    expect(access!.key.includes(Buffer.from(NEW))).toBe(false);
    expect(access!.id).toMatch(/^[0-9a-f]{16}$/);
    expect(access!.id).not.toBe(createKeyRing(OLD).keysFor('access-token')[0]!.id);
  });

  it('accepts tokens of the previous secret during a rotation and signs new ones with the current one', async () => {
    const before = createAccessTokens(createKeyRing(OLD).keysFor('access-token'), 900);
    const rotating = createAccessTokens(createKeyRing(NEW, OLD).keysFor('access-token'), 900);
    const after = createAccessTokens(createKeyRing(NEW).keysFor('access-token'), 900);

    const oldToken = await before.sign(claims);
    expect(await rotating.verify(oldToken)).toEqual(claims);
    const newToken = await rotating.sign(claims);
    expect(decodeProtectedHeader(newToken).kid).toBe(createKeyRing(NEW).keysFor('access-token')[0]!.id);
    expect(await after.verify(newToken)).toEqual(claims);
    // Once JWT_SECRET_PREVIOUS is gone, the old key's tokens are refused.
    await expect(after.verify(oldToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('verifies one-time passwords hashed under the previous key, and hashes new ones under the current', async () => {
    const cost = { memoryCost: 1024, timeCost: 1 };
    const oneTimeKeys = (ring: ReturnType<typeof createKeyRing>) =>
      ring.keysFor('one-time-password').map((entry) => entry.key);
    const stored = createPasswordHasher(cost, oneTimeKeys(createKeyRing(OLD))).hashOneTime('a-random-one-time-secret');
    const rotating = createPasswordHasher(cost, oneTimeKeys(createKeyRing(NEW, OLD)));
    expect(await rotating.verify(stored, 'a-random-one-time-secret')).toBe(true);
    expect(
      await createPasswordHasher(cost, oneTimeKeys(createKeyRing(NEW))).verify(stored, 'a-random-one-time-secret'),
    ).toBe(false);
    expect(
      await createPasswordHasher(cost, oneTimeKeys(createKeyRing(NEW))).verify(
        rotating.hashOneTime('another-secret-of-128-bits'),
        'another-secret-of-128-bits',
      ),
    ).toBe(true);
  });
});

describe('the upgrade from the former keys', () => {
  it('still verifies a one-time password stored the former way, while new ones use the derived key', async () => {
    const cost = { memoryCost: 1024, timeCost: 1 };
    const ring = createKeyRing(NEW);
    const former = createPasswordHasher(cost, [Buffer.from(`one-time-password:${NEW}`)]).hashOneTime(
      'issued-before-the-upgrade-1',
    );
    const hasher = createPasswordHasher(cost, [
      ...ring.keysFor('one-time-password').map((entry) => entry.key),
      ...ring.formerKeysFor('one-time-password'),
    ]);
    expect(await hasher.verify(former, 'issued-before-the-upgrade-1')).toBe(true);
    expect(hasher.hashOneTime('issued-after-the-upgrade-22')).not.toBe(
      createPasswordHasher(cost, ring.formerKeysFor('one-time-password')).hashOneTime('issued-after-the-upgrade-22'),
    );
  });
});
