import type * as Argon2 from '@node-rs/argon2';

/**
 * Every argon2id verification the server runs, counted: what a failed sign-in costs, and the work a
 * throttle must bound. A test file mocks the module with it (vi.mock is hoisted, so the factory
 * imports this file itself):
 *
 *   vi.mock('@node-rs/argon2', async (importOriginal) =>
 *     (await import('../../test/counting-argon2.js')).countingArgon2(importOriginal));
 *
 * and reads or resets `verifications.count`.
 */
export const verifications = { count: 0 };

/** The real module, its `verify` counted in `verifications`. */
export async function countingArgon2(importOriginal: () => Promise<typeof Argon2>): Promise<typeof Argon2> {
  const actual = await importOriginal();
  return {
    ...actual,
    verify: (...args: Parameters<typeof actual.verify>) => {
      verifications.count += 1;
      return actual.verify(...args);
    },
  };
}
