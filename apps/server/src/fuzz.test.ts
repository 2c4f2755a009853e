import { afterAll, describe, expect, it } from 'vitest';
import { fuzzOperation, routeName } from './test/fuzz/run-operation.js';
import { FUZZ_RUNS, FUZZ_SEED } from './test/fuzz/settings.js';
import { createTally } from './test/fuzz/tally.js';
import { createFuzzWorld } from './test/fuzz/world.js';

/**
 * Bad input, generated for every route (docs/RELIABILITY.md, "Bad input"): the routes come from the
 * server's own route table and API document, so a new route is fuzzed without a line written here.
 * Each gets FUZZ_RUNS cases of generated bad input (fast-check, seeded by FUZZ_SEED) sent signed
 * out, with a forged token, and as a viewer, an administrator and a superadministrator. No answer may
 * be 500 or above, every 4xx is the error envelope, and a refused request changes no row and no file.
 */

// Printed first, so that even a run cut short by a timeout says how to replay it.
console.log(`bad-input suite: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS}`);
const world = await createFuzzWorld();
const tally = createTally();
const started = performance.now();

afterAll(async () => {
  tally.report({ runsPerRoute: FUZZ_RUNS, seed: FUZZ_SEED, seconds: Math.round((performance.now() - started) / 1000) });
  await world.close();
});

/** A route's share of time: generous, since a case cut short mid-upload waits a second for its bytes. */
const timeoutFor = (runs: number) => 60_000 + runs * 3_000;

describe('bad input, generated for every route', () => {
  it('reads every route of the server and of its API document', async () => {
    const names = new Set(world.operations.map(routeName));
    const document = (await world.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`,
      ),
    );
    expect(documented.filter((name) => !names.has(name))).toEqual([]);
    expect(names.size).toBe(world.operations.length);
    expect([...names]).toEqual(
      expect.arrayContaining(['GET /api/docs/*', 'POST /api/orders/upload', 'POST /api/users/import']),
    );
  });

  for (const operation of world.operations) {
    it(routeName(operation), () => fuzzOperation(world, operation, tally), timeoutFor(FUZZ_RUNS));
  }
});
