import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { noChunkCycles, signedInCommonModules } from './chunk-plan';

const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);
const MAIN = src('main.tsx');
const ROUTER = src('app/router.tsx');
const LOGIN = src('features/auth/routes/login-page.tsx');
const LAYOUT = src('app/layout/app-layout.tsx');
const I18N = src('lib/i18n.ts');
const DASHBOARD = src('app/routes/dashboard-page.tsx');
const USERS = src('features/users/routes/users-page.tsx');

/** A module graph from "module: static imports" lines; the router imports every page dynamically. */
function graph(edges: Record<string, string[]>) {
  const ids = new Set([
    ...Object.keys(edges),
    ...Object.values(edges).flat(),
    ROUTER,
    LOGIN,
    LAYOUT,
    I18N,
    DASHBOARD,
    USERS,
  ]);
  const info = new Map(
    [...ids].map((id) => [
      id,
      {
        importers: [] as string[],
        importedIds: edges[id] ?? [],
        dynamicallyImportedIds: id === ROUTER ? [LOGIN, LAYOUT, I18N, DASHBOARD, USERS] : [],
      },
    ]),
  );
  for (const [from, to] of Object.entries(edges)) for (const id of to) info.get(id)!.importers.push(from);
  return { getModuleInfo: (id: string) => info.get(id) ?? null };
}

describe('the signed-in common chunk', () => {
  const button = src('components/ui/button.tsx');
  const session = src('lib/session.ts');
  const query = '/node_modules/@tanstack/query-core/index.js';
  const zod = '/node_modules/zod/index.js';
  const kpis = src('features/dashboard/api/get-kpis.ts');

  it("holds what the layout, i18next and the dashboard need, not the sign-in page's modules nor what only other pages use", () => {
    const common = signedInCommonModules(
      graph({
        [MAIN]: [ROUTER, session],
        [LOGIN]: [button],
        [LAYOUT]: [query, session],
        [DASHBOARD]: [kpis, button],
        [kpis]: [query],
        [USERS]: [zod, query],
      }),
    );
    expect([...common].sort()).toEqual([query, kpis].sort());
  });

  it('keeps a page inside when a common module imports it, so the two chunks do not import each other', () => {
    const nav = src('app/layout/side-nav.tsx');
    const common = signedInCommonModules(
      graph({ [MAIN]: [ROUTER], [LAYOUT]: [nav], [nav]: [DASHBOARD], [DASHBOARD]: [kpis] }),
    );
    expect(common.has(DASHBOARD)).toBe(true);
    expect(common.has(nav)).toBe(true);
    expect(common.has(LAYOUT)).toBe(false);
  });

  it("refuses a sign-in page that imports lucide-react's index", () => {
    const index = '/work/node_modules/lucide-react/dist/esm/lucide-react.mjs';
    expect(() => signedInCommonModules(graph({ [MAIN]: [ROUTER], [LOGIN]: [index] }))).toThrow(
      /lucide-react\/icons\/<name>/,
    );
  });

  it('refuses a graph without one of the modules it starts from (a file moved)', () => {
    const { getModuleInfo } = graph({ [MAIN]: [ROUTER] });
    expect(() =>
      signedInCommonModules({ getModuleInfo: (id) => (id === DASHBOARD ? null : getModuleInfo(id)) }),
    ).toThrow(/does not have: .*dashboard-page\.tsx/);
  });
});

describe('the chunk cycle check', () => {
  const chunk = (...imports: string[]) => ({ type: 'chunk', imports });
  it('passes chunks that import without a circle', () => {
    expect(() =>
      noChunkCycles().generateBundle(
        {},
        { 'a.js': chunk('b.js', 'c.js'), 'b.js': chunk('c.js'), 'c.js': chunk(), 'x.css': { type: 'asset' } },
      ),
    ).not.toThrow();
  });
  it('fails the build on chunks that import each other', () => {
    expect(() =>
      noChunkCycles().generateBundle({}, { 'a.js': chunk('b.js'), 'b.js': chunk('c.js'), 'c.js': chunk('a.js') }),
    ).toThrow('Chunks import each other: a.js → b.js → c.js → a.js');
  });
});
