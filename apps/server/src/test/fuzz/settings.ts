import { createHash, randomInt } from 'node:crypto';

/**
 * How much the suite runs and from which seed: FUZZ_RUNS cases per route (a share fitted to the
 * default `npm test` unless given; `npm run test:fuzz` asks for 1,000), and FUZZ_SEED, random unless
 * given and printed with every failure, so a failing run can be replayed.
 */
export const DEFAULT_RUNS = 24;

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not ${text}`);
  return value;
}

export const FUZZ_RUNS = positiveInteger('FUZZ_RUNS', process.env.FUZZ_RUNS, DEFAULT_RUNS);
export const FUZZ_SEED = positiveInteger('FUZZ_SEED', process.env.FUZZ_SEED, randomInt(2 ** 31));

/** The seed of one route's property: the run's seed and the route, so each route gets its own cases. */
export function seedFor(route: string): number {
  return createHash('sha256').update(`${FUZZ_SEED} ${route}`).digest().readInt32BE(0);
}

/** The command that runs one route again with the same cases. */
export const replayCommand = (route: string) =>
  `FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS} npx vitest run apps/server/src/fuzz.test.ts -t '${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$'`;
