import { describe, expect, it } from 'vitest';
import { createPasswordHasher, ONE_TIME_PREFIX } from './passwords.js';
import { randomSecret } from './secrets.js';

const cost = { memoryCost: 1024, timeCost: 1 };

describe('password hashes', () => {
  it('verifies argon2id hashes of chosen passwords', async () => {
    const hasher = createPasswordHasher(cost, [Buffer.from('server-key')]);
    const stored = await hasher.hash('chosen-password');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify(stored, 'chosen-password')).toBe(true);
    expect(await hasher.verify(stored, 'wrong-password')).toBe(false);
    expect(await hasher.verify(null, 'anything')).toBe(false);
  });

  it('verifies keyed hashes of one-time passwords only under the same key', async () => {
    const hasher = createPasswordHasher(cost, [Buffer.from('server-key')]);
    const secret = randomSecret(16);
    const stored = hasher.hashOneTime(secret);
    expect(stored.startsWith(ONE_TIME_PREFIX)).toBe(true);
    expect(stored).not.toContain(secret);
    expect(await hasher.verify(stored, secret)).toBe(true);
    expect(await hasher.verify(stored, `${secret}x`)).toBe(false);
    expect(await hasher.verify(`${ONE_TIME_PREFIX}short`, secret)).toBe(false);
    expect(await createPasswordHasher(cost, [Buffer.from('another-key')]).verify(stored, secret)).toBe(false);
    expect(await createPasswordHasher(cost).verify(stored, secret)).toBe(false);
    expect(() => createPasswordHasher(cost).hashOneTime(secret)).toThrow();
  });
});
