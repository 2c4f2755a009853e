import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseRecord } from './security-matrix-fixtures.js';

/**
 * docs/security-matrix.json read into cells (route, actor, record, expected answer), with every
 * mistake in the file itself collected in `matrixProblems`, and the server's route table read from
 * Fastify's printout, so the test can compare the two.
 */
// ---------------------------------------------------------------------------------------------
// The matrix file

export type Expected = number | '200:found' | '200:hidden';
export interface MatrixFile {
  actors: Record<string, string>;
  groups: Record<string, string[]>;
  routes: Record<string, Record<string, unknown>>;
}
export interface MatrixCell {
  route: string;
  actor: string;
  record: string | null;
  expected: Expected;
}

const matrixPath = fileURLToPath(new URL('../../../../docs/security-matrix.json', import.meta.url));
export const matrix = JSON.parse(readFileSync(matrixPath, 'utf8')) as MatrixFile;

/** Mistakes in the matrix itself, reported by one test instead of stopping the file. */
export const matrixProblems: string[] = [];

const isExpected = (value: unknown): value is Expected =>
  (typeof value === 'number' && [200, 201, 302, 400, 401, 403, 404, 409].includes(value)) ||
  value === '200:found' ||
  value === '200:hidden';

function actorsOf(selector: string): string[] {
  return selector.split(',').flatMap((name) => {
    const trimmed = name.trim();
    if (matrix.groups[trimmed]) return matrix.groups[trimmed];
    if (trimmed in matrix.actors) return [trimmed];
    matrixProblems.push(`unknown actor or group "${trimmed}"`);
    return [];
  });
}

/** Every cell of one route, checked for completeness on the way. */
function cellsOf(route: string, entry: Record<string, unknown>): MatrixCell[] {
  const records = (entry.records as string[] | undefined) ?? null;
  for (const record of records ?? [])
    if (!parseRecord(record)) matrixProblems.push(`${route}: unknown record "${record}"`);
  const cells: MatrixCell[] = [];
  const seen = new Set<string>();
  for (const [selector, value] of Object.entries(entry)) {
    if (selector === 'records' || selector === '$comment') continue;
    for (const actor of actorsOf(selector)) {
      if (seen.has(actor)) matrixProblems.push(`${route}: ${actor} appears twice`);
      seen.add(actor);
      if (isExpected(value)) {
        if (records === null) cells.push({ route, actor, record: null, expected: value });
        // Signed out, a person has no records of their own.
        else
          for (const record of records)
            if (!(actor === 'signed_out' && record.startsWith('own')))
              cells.push({ route, actor, record, expected: value });
        continue;
      }
      if (typeof value !== 'object' || value === null || records === null) {
        matrixProblems.push(`${route}: bad cell for ${selector}`);
        continue;
      }
      const perRecord = value as Record<string, unknown>;
      for (const record of records)
        if (!(record in perRecord)) matrixProblems.push(`${route}: ${selector} does not name record ${record}`);
      for (const [record, expected] of Object.entries(perRecord)) {
        if (!parseRecord(record)) matrixProblems.push(`${route}: ${selector} names unknown record "${record}"`);
        else if (!isExpected(expected))
          matrixProblems.push(`${route}: ${selector} on ${record}: bad value ${JSON.stringify(expected)}`);
        else cells.push({ route, actor, record, expected });
      }
    }
  }
  for (const actor of Object.keys(matrix.actors))
    if (!seen.has(actor)) matrixProblems.push(`${route}: actor ${actor} is missing`);
  return cells;
}

export const routeCells = Object.entries(matrix.routes).map(([route, entry]) => ({
  route,
  cells: cellsOf(route, entry),
}));

/** 'PUT /api/users/:id | granted_permissions' → 'PUT /api/users/:id'. */
export const routeOf = (key: string) => key.split(' | ')[0]!;

// ---------------------------------------------------------------------------------------------
// The server's routes

/** Every method and path of the server's route table under /api (HEAD, which answers as GET, left out). */
export function serverRoutes(tree: string): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (!match[3]) continue;
    const fullPath = stack.join('');
    const normalised = fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath;
    if (!normalised.startsWith('/api')) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.add(`${method} ${normalised}`);
  }
  return routes;
}
