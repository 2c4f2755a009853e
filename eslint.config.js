// `npm run lint` (with the import rules of .dependency-cruiser.cjs). Type-aware: each workspace is
// parsed with the tsconfig that `npm run check` compiles, so tests, fixtures, e2e and bench are linted too.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const typed = (files, project, extra = {}) => ({
  files,
  languageOptions: { parserOptions: { project, tsconfigRootDir: root }, ...extra },
});

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dist-ssr/',
    '**/data/',
    'e2e/artifacts/',
    'test-results/',
    'apps/server/src/db/migrations/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,

  typed(['*.ts'], './tsconfig.check.json', { globals: globals.node }),
  typed(['packages/shared/**/*.ts'], './packages/shared/tsconfig.check.json'),
  typed(['apps/server/**/*.ts'], './apps/server/tsconfig.check.json', { globals: globals.node }),
  typed(['apps/web/src/**/*.{ts,tsx}'], './apps/web/tsconfig.json', { globals: globals.browser }),
  typed(
    ['apps/web/vite.config.ts', 'apps/web/chunk-plan.ts', 'apps/web/chunk-plan.test.ts'],
    './apps/web/tsconfig.json',
    { globals: globals.node },
  ),
  typed(['e2e/**/*.ts'], './e2e/tsconfig.json', { globals: { ...globals.node, ...globals.browser } }),
  typed(['bench/**/*.ts'], './bench/tsconfig.json', { globals: globals.node }),
  typed(['packages/test-kit/**/*.ts'], './packages/test-kit/tsconfig.check.json', { globals: globals.node }),

  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
  },

  {
    // Fastify takes plugins, hooks and handlers as async functions (its promise form instead of a
    // `done` callback), so an async function without `await` is the idiom on the server and in its
    // benches, not a mistake.
    files: ['apps/server/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests read answers as untyped JSON (`inject().json()`, Playwright's `response.json()` are `any`)
    // and match them with vitest's asymmetric matchers (`expect.any`, `expect.objectContaining`, also
    // `any`); the assertions are what check the shape. Code outside the tests keeps these rules.
    files: ['**/*.test.{ts,tsx}', 'apps/server/src/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a callback's position, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
);
