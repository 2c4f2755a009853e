/**
 * Import rules checked in CI (`npm run lint:imports`). Type-only imports count as edges
 * (`tsPreCompilationDeps`), so a circle made of `import type` fails like any other.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import circle anywhere: a module that needs another gets it handed in (apps/server/src/services.ts).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is imported by both apps and imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-modules-stay-apart',
      severity: 'error',
      comment:
        'A server module reaches another only through the service registry (its manifest names the services it needs), never by import. Contracts several modules implement (trash, search and notification sources, readiness, the manifest shape) live in lib/contracts/, stored-file references in lib/file-references.ts.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'server-registry-imports-the-module-list',
      severity: 'error',
      comment:
        'app.ts and services.ts reach the modules only through the module list (modules/index.ts): adding an area edits neither.',
      from: { path: '^apps/server/src/(app|services)\\.ts$' },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/index\\.ts$' },
    },
    {
      name: 'server-entry-points-import-the-module-list',
      severity: 'error',
      comment:
        'main.ts and worker.ts build the modules through services.ts. Exceptions, for what main.ts runs before the registry exists: modules/setup (no manifest: reference data and the first administrator, once at start) and backup.errors, backup.data-dir-claim, backup.make-backup (the embedded database claims DATA_DIR and answers backup requests from the CLI).',
      from: { path: '^apps/server/src/(main|worker)\\.ts$' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot:
          '^apps/server/src/modules/(index\\.ts$|setup/|backup/backup\\.(errors|data-dir-claim|make-backup)\\.ts$)',
      },
    },
    {
      name: 'server-module-list-names-manifests',
      severity: 'error',
      comment: "The module list (modules/index.ts) imports each area's manifest and nothing else of it.",
      from: { path: '^apps/server/src/modules/index\\.ts$' },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/[^/]+/[^/]+\\.module\\.ts$' },
    },
    {
      name: 'server-manifests-read-through-the-list',
      severity: 'error',
      comment: 'A manifest (<area>.module.ts) is read through the module list only, so no area is wired twice.',
      from: { pathNot: '^apps/server/src/modules/index\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+\\.module\\.ts$' },
    },
    {
      name: 'server-module-subfolders-stay-inside',
      severity: 'error',
      comment:
        "A module's subfolders (payslips/render/) are its own: nothing outside the module imports them (other modules are covered by server-modules-stay-apart). Exception: config.ts reads DEFAULT_CHROMIUM_PATH from payslips/render/chromium-command.ts, the default of CHROMIUM_PATH kept beside the command that runs Chromium.",
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/(modules/|config\\.ts$)' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+/' },
    },
    {
      name: 'server-lib-imports-no-module',
      severity: 'error',
      comment: 'lib/ and db/ are below the modules: they import none, nor the app, context or registry.',
      from: { path: '^apps/server/src/(lib|db)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(modules/|app\\.ts|services\\.ts|main\\.ts|worker\\.ts)' },
    },
    {
      name: 'server-modules-import-no-app',
      severity: 'error',
      comment: 'Modules get their services from the registry; they never import the HTTP app or the registry itself.',
      from: { path: '^apps/server/src/modules/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(app|services|main|worker)\\.ts$' },
    },
    {
      name: 'web-features-stay-apart',
      severity: 'error',
      comment: 'A web feature does not import another; app/routes composes them.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-import-no-app',
      severity: 'error',
      comment: 'Features sit below app/ (router, providers, layout).',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      severity: 'error',
      comment: 'components/, lib/ and api/ are shared by features and import none of them.',
      from: { path: '^apps/web/src/(components|lib|api)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'production-imports-no-test-kit',
      severity: 'error',
      comment:
        "packages/test-kit (@srpf/test-kit) is for tests, browser tests and benches: the server's own test helpers (src/test/) and tests may use it, shipped code never.",
      from: { path: '^apps/(server|web)/src/', pathNot: ['^apps/server/src/test/', '\\.test\\.tsx?$'] },
      // By name too: the workspace packages resolve to their bare name here (dependency type 'unknown').
      to: { path: '^(packages/test-kit/|(node_modules/)?@srpf/test-kit(/|$))' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      conditionNames: ['source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    combinedDependencies: false,
  },
};
