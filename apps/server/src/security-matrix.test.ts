import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTOR_DEFINITIONS, createMatrixWorld, type MatrixWorld } from './test/security-matrix-fixtures.js';
import { fixtureOf } from './test/security-matrix-requests/index.js';
import {
  matrix,
  matrixProblems,
  routeCells,
  routeOf,
  serverRoutes,
  type MatrixCell,
} from './test/security-matrix-table.js';

/**
 * The permission matrix (docs/security-matrix.json, written by hand from docs/SECURITY.md and the
 * spec; read by test/security-matrix-table.ts): every route of the server is in it, and every cell
 * is performed as its actor on a fresh record of its kind, with a valid request from the fixture map
 * (test/security-matrix-requests.ts), so that an allowed actor gets 200/201 and a refused one the
 * refusal the matrix expects. Its expectations never come from the policy functions it checks.
 */

let world: MatrixWorld;
beforeAll(async () => {
  world = await createMatrixWorld();
});
afterAll(() => world.close());

describe('the permission matrix (docs/security-matrix.json)', () => {
  it('is well formed: every actor once in every route, known records, known values', () => {
    expect(Object.keys(matrix.actors).sort()).toEqual(Object.keys(ACTOR_DEFINITIONS).sort());
    expect(matrixProblems).toEqual([]);
  });

  it('names every route of the server, and no route the server does not have', async () => {
    const server = serverRoutes(world.t.app.printRoutes({ commonPrefix: false }));
    // The reading of the route table must at least find every operation of the API document.
    const document = (await world.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`,
      ),
    );
    expect(documented.filter((route) => !server.has(route))).toEqual([]);

    const named = new Set(Object.keys(matrix.routes).map(routeOf));
    expect(
      [...server].filter((route) => !named.has(route)).sort(),
      'routes of the server missing from the matrix',
    ).toEqual([]);
    expect(
      [...named].filter((route) => !server.has(route)).sort(),
      'routes of the matrix the server does not have',
    ).toEqual([]);
    const variantsWithoutRoute = Object.keys(matrix.routes).filter(
      (key) => key.includes(' | ') && !(routeOf(key) in matrix.routes),
    );
    expect(variantsWithoutRoute).toEqual([]);
  });

  it('has a request for every route and variant', () => {
    expect(Object.keys(matrix.routes).filter((key) => !fixtureOf(key).fixture)).toEqual([]);
  });
});

async function perform(cell: MatrixCell): Promise<string> {
  const { fixture, library } = fixtureOf(cell.route);
  if (!fixture) throw new Error(`No request for ${cell.route}`);
  let actor = cell.actor === 'signed_out' ? null : world.actor(cell.actor);
  if (actor && fixture.freshActor) actor = await world.freshActor(cell.actor);
  const prepared = await fixture.prepare({ world, actor, record: cell.record, library });
  const method = routeOf(cell.route).split(' ')[0];
  const options: InjectOptions = { method, url: prepared.url, payload: prepared.payload, headers: prepared.headers };
  const response: LightMyRequestResponse = actor ? await actor.request(options) : await world.t.app.inject(options);
  if (response.statusCode === 200 && prepared.found && typeof cell.expected === 'string') {
    return `200:${prepared.found(response) ? 'found' : 'hidden'}`;
  }
  const answer = String(response.statusCode);
  // A surprise says why: the error's code and message.
  if (answer !== String(cell.expected) && response.headers['content-type']?.toString().includes('json')) {
    const error = response.json<{ error?: { code?: string; message?: string } }>().error;
    if (error) return `${answer} (${error.code}: ${error.message})`;
  }
  return answer;
}

for (const { route, cells } of routeCells) {
  describe(route, () => {
    for (const cell of cells) {
      const name = `${route} as ${cell.actor}${cell.record ? ` on ${cell.record}` : ''} → ${cell.expected}`;
      it(name, async () => {
        expect(await perform(cell)).toBe(String(cell.expected));
      });
    }
  });
}
