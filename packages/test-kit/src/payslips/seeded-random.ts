/**
 * The generator's source of chance: the same linear congruential sequence and seed as the payslip
 * generator the tests used before it moved into the repository, so the same count gives the same
 * people, figures and files.
 */
export const SLIP_SEED = 20261021;

export type Random = () => number;

/** Numbers in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed = SLIP_SEED): Random {
  let state = seed;
  // Kept exactly as first written (the product may exceed 2^53; the rounding is part of the sequence).
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

export function pickOne<T>(random: Random, choices: readonly T[]): T {
  return choices[Math.floor(random() * choices.length)]!;
}
