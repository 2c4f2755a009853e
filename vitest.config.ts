import os from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest go first, on a clean clone too: Vitest orders by the last run's
 * durations (a fresh clone has none) and then by size, which puts these short-written suites last,
 * each alone on one worker while the other waits (fuzz 86 s, the matrix 65 s on PostgreSQL).
 */
const LONGEST_FIRST = [
  'apps/server/src/fuzz.test.ts',
  'apps/server/src/security-matrix.test.ts',
  'apps/server/src/modules/payslips/render/render-slip.test.ts',
  'apps/server/src/db/pglite-owner-only-fs.test.ts',
  'apps/server/src/modules/backup/backup.cli.test.ts',
  'apps/server/src/lib/jobs/job-runner.kill.test.ts',
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * The crash runs (apps/server/src/crash: the real server killed again and again, several minutes)
 * are outside the default run; `npm run test:crash` sets SRPF_CRASH_TESTS=1 and picks their project.
 */
const crashRuns = process.env.SRPF_CRASH_TESTS === '1';
const crash: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'crash',
    include: ['apps/server/src/crash/**/*.crash.test.ts'],
    environment: 'node',
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 40 * 60_000,
    hookTimeout: 60_000,
  },
};

/** Unit and API tests of every workspace; browser tests live in e2e/ and run on their own. */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's 2-core machine, where a test file
    // spends much of its time waiting on PostgreSQL, Chromium or a child process. Two workers there
    // took the suite on PostgreSQL from 735 s to 429 s (docs/PERFORMANCE.md, "The test suite in CI").
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'test-kit', include: ['packages/test-kit/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'apps/server/src/crash/**'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(crashRuns ? [crash] : []),
      {
        extends: true,
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
