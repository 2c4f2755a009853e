import fc from 'fast-check';
import { caseArbitrary } from './cases.js';
import type { Operation } from './operations.js';
import { DEFAULT_RUNS, FUZZ_RUNS, FUZZ_SEED, replayCommand, seedFor } from './settings.js';
import type { Tally } from './tally.js';
import { answerProblems, isRefusal } from './verdict.js';
import type { FuzzWorld } from './world.js';

/**
 * A case still unanswered after this long hangs (a request never answered is a failure of its own,
 * reported with its case); it bounds liveness, not speed: answers come in milliseconds.
 */
const UNANSWERED_MS = 20_000;

/** The answer, or undefined when none came within `ms`. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work, waited]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The suite's own steps (a batch's actors and records, the look at what changed) bounded too: one that
 * never ends fails its route with the step and the seed named, instead of the bare test timeout that
 * once left a CI run with nothing to replay.
 */
const STEP_MS = 45_000;
async function step<T>(route: string, name: string, work: Promise<T>): Promise<T> {
  const result = await within(work, STEP_MS);
  if (result === undefined)
    throw new Error(`${route}: ${name} did not finish within ${STEP_MS / 1000} s. Replay: ${replayCommand(route)}`);
  return result;
}

/** `GET /api/users/:id`: how a route is named in test titles and figures. */
export const routeName = (operation: Operation) => `${operation.method} ${operation.route}`;

/**
 * One batch: FUZZ_RUNS generated cases of one operation, each checked on its own: an answer below
 * 500, a 4xx in the error envelope, and, when refused, no row written and no file added, removed or
 * changed while it ran (so a case that succeeded may change data, and the next refused one is still
 * checked). A failure is shrunk by fast-check and reported with its seed.
 */
export async function fuzzOperation(world: FuzzWorld, operation: Operation, tally: Tally): Promise<void> {
  const route = routeName(operation);
  const batch = await step(route, "preparing the batch's actors and records", world.prepareBatch());
  // After a case that hangs, the others pass at once: shrinking would wait out every candidate.
  let hung = false;
  const property = fc.asyncProperty(caseArbitrary(operation, batch), async (fuzzCase) => {
    if (hung) return;
    const response = await within(world.send(fuzzCase), UNANSWERED_MS);
    if (response === undefined) {
      hung = true;
      throw new Error(`no answer within ${UNANSWERED_MS / 1000} s`);
    }
    const changes = await step(route, 'reading what the case changed', world.changes());
    tally.count(route, fuzzCase.role, response.statusCode);
    const problems = answerProblems(response);
    if (isRefusal(response.statusCode))
      problems.push(...changes.map((change) => `refused with ${response.statusCode}, yet changed ${change}`));
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });
  const seed = seedFor(route);
  const started = performance.now();
  try {
    await fc.assert(property, { numRuns: FUZZ_RUNS, seed });
    // A long run says how far it has come, route by route (the default run stays quiet).
    if (FUZZ_RUNS > DEFAULT_RUNS)
      console.log(
        `${route}: ${FUZZ_RUNS} cases in ${Math.round((performance.now() - started) / 1000)} s, ${JSON.stringify(tally.ofRoute(route))}`,
      );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${route} failed (FUZZ_SEED=${FUZZ_SEED}, its seed ${seed}). Replay: ${replayCommand(route)}\n${message}`,
      { cause: error },
    );
  }
}
