import path from 'node:path';

/** What the bundler tells a chunking function about a module (rolldown's ChunkingContext, narrowed). */
interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importers: readonly string[]; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

const SOURCE = path.resolve(import.meta.dirname, 'src');
const MAIN = path.join(SOURCE, 'main.tsx');
const ROUTER = path.join(SOURCE, 'app', 'router.tsx');
const LOGIN_PAGE = path.join(SOURCE, 'features', 'auth', 'routes', 'login-page.tsx');
const APP_LAYOUT = path.join(SOURCE, 'app', 'layout', 'app-layout.tsx');
const I18N = path.join(SOURCE, 'lib', 'i18n.ts');
const DASHBOARD_PAGE = path.join(SOURCE, 'app', 'routes', 'dashboard-page.tsx');

/** The modules `from` reaches by static imports, itself included. */
function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

/**
 * The modules of the signed-in product's common chunk: what the app layout, i18next and the
 * dashboard (where everyone lands once signed in) need, less everything the sign-in page loads and
 * the pages' own roots. Left to rolldown's automatic splitting, these were some forty chunks of one
 * or two kilobytes each (an icon, a button, a hook), and a first visit to the dashboard asked for
 * them all before it could paint: on HTTP/1.1, six at a time, a round trip each (docs/PERFORMANCE.md,
 * "The dashboard"). Modules that only other pages share (zod, react-hook-form, the forms' and
 * libraries' components) stay with automatic splitting, so the dashboard does not download them.
 * The set is closed under static imports apart from the sign-in page's modules, which stay where
 * they are: the sign-in page never loads this chunk.
 */
export function signedInCommonModules(graph: ModuleGraph): Set<string> {
  // A moved file would otherwise leave its closure empty and the plan quietly wrong.
  const missing = [MAIN, ROUTER, LOGIN_PAGE, APP_LAYOUT, I18N, DASHBOARD_PAGE].filter((id) => !graph.getModuleInfo(id));
  if (missing.length > 0) throw new Error(`chunk-plan.ts names modules the build does not have: ${missing.join(', ')}`);
  const signIn = new Set([...staticClosure(graph, MAIN), ...staticClosure(graph, LOGIN_PAGE)]);
  const pageRoots = graph.getModuleInfo(ROUTER)?.dynamicallyImportedIds ?? [];
  const common = new Set([APP_LAYOUT, I18N, DASHBOARD_PAGE].flatMap((root) => [...staticClosure(graph, root)]));
  // lucide-react's index reaches every icon: on the sign-in page's path it would keep them all out.
  const iconIndex = [...signIn].find((id) => /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id));
  if (iconIndex)
    throw new Error(
      `The sign-in page imports lucide-react's index (${iconIndex}): import its icons one by one, from 'lucide-react/icons/<name>'.`,
    );
  for (const id of signIn) common.delete(id);
  // A page's own root stays its own chunk, unless a common module imports it: the two chunks would
  // import each other, and one of them would run before the other had defined what it uses.
  for (const root of pageRoots) {
    if (!graph.getModuleInfo(root)?.importers.some((importer) => common.has(importer))) common.delete(root);
  }
  return common;
}

/** A rolldown code-splitting group that puts the signed-in product's common modules in one chunk. */
export function signedInCommonGroup() {
  let common: Set<string> | undefined;
  return {
    name: (id: string, graph: ModuleGraph) => {
      common ??= signedInCommonModules(graph);
      return common.has(id) ? 'app' : null;
    },
    // The set already holds every dependency that is not the sign-in page's; pulling those in
    // too would make the sign-in page load this chunk.
    includeDependenciesRecursively: false,
  };
}

/**
 * Fails the build when chunks import each other in a circle: the chunk that runs first would use
 * what the other has not defined yet (it happened once, with i18next's chunk, as a blank page).
 */
export function noChunkCycles() {
  return {
    name: 'srpf:no-chunk-cycles',
    generateBundle(_options: unknown, bundle: Record<string, { type: string; imports?: string[] }>) {
      const state = new Map<string, 'open' | 'done'>();
      const visit = (file: string, path: string[]): void => {
        if (state.get(file) === 'done') return;
        if (state.get(file) === 'open')
          throw new Error(`Chunks import each other: ${[...path.slice(path.indexOf(file)), file].join(' → ')}`);
        state.set(file, 'open');
        const chunk = bundle[file];
        for (const next of chunk?.type === 'chunk' ? (chunk.imports ?? []) : []) visit(next, [...path, file]);
        state.set(file, 'done');
      };
      for (const file of Object.keys(bundle)) visit(file, []);
    },
  };
}
