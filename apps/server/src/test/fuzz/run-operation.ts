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

/** The answer, or undefined when none came within UNANSWERED_MS. */
async function answered<T>(request: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), UNANSWERED_MS);
  });
  try {
    return await Promise.race([request, waited]);
  } finally {
    clearTimeout(timer);
  }
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
  const batch = await world.prepareBatch();
  // After a case that hangs, the others pass at once: shrinking would wait out every candidate.
  let hung = false;
  const property = fc.asyncProperty(caseArbitrary(operation, batch), async (fuzzCase) => {
    if (hung) return;
    const response = await answered(world.send(fuzzCase));
    if (response === undefined) {
      hung = true;
      throw new Error(`no answer within ${UNANSWERED_MS / 1000} s`);
    }
    const changes = await world.changes();
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
