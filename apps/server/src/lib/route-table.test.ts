import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * What the server answers to, kept in files beside this test: every route with its methods, and the
 * OpenAPI document. A change to either shows here as a diff to read and commit on purpose (`vitest -u`),
 * so a reshuffle of the modules (issue 28) is proven to change neither.
 */
/** Fastify's printed tree as 'METHODS /whole/path' lines in path order, so the order modules register in does not matter. */
function routeLines(tree: string): string[] {
  const parents: string[] = [];
  const lines: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    if (match[3]) lines.push(`${path} ${match[3].split(', ').sort().join(',')}`);
  }
  return lines.sort();
}

/**
 * The document as one line per operation (and one for the rest) with a digest of its JSON: a change
 * names the operation it touched, without keeping megabytes of schema in the repository.
 */
function documentLines(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
  const { paths, ...rest } = document;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => `${method.toUpperCase()} ${path} ${digest(operation)}`),
  );
  return [`document ${digest(rest)}`, ...operations.sort()];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the route table and the API document', () => {
  it('lists the same routes', async () => {
    await expect(`${routeLines(t.app.printRoutes({ commonPrefix: false })).join('\n')}\n`).toMatchFileSnapshot(
      './__snapshots__/routes.txt',
    );
  });

  it('publishes the same OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
    await expect(`${documentLines(document).join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/openapi.txt');
  });
});
