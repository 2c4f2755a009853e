import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's enum is a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/** argon2id for human-chosen passwords (OWASP: 19 MiB, 2 passes in production). */
export function createPasswordHasher(cost: PasswordHashCost) {
  const options = { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  // Verified when an email is unknown, so a wrong address costs as long as a wrong password.
  const decoy = hash('decoy-password-for-timing', options);

  return {
    hash: (password: string) => hash(password, options),
    async verify(hashed: string | null, password: string): Promise<boolean> {
      try {
        if (hashed === null) {
          await verify(await decoy, password);
          return false;
        }
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
