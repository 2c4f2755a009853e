/**
 * Import rules checked in CI (`npm run lint:imports`). Type-only imports count as edges
 * (`tsPreCompilationDeps`), so a circle made of `import type` fails like any other.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle anywhere: a module that needs another gets it handed in (apps/server/src/services.ts).',
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
      comment: 'A server module reaches another only through the service registry (services.ts), never by import.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/$1/' },
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { conditionNames: ['source', 'import', 'types', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    combinedDependencies: false,
  },
};
