import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN, startServer, type RunningServer } from './server.js';

/**
 * `server`: the built product on a fresh data folder, one per test file (worker), started with the
 * environment a file asks for through `test.use({ serverEnv, seedDemo })`. `baseURL` points at it.
 */
export const test = base.extend<{ signIn: (page?: Page) => Promise<void> }, { server: RunningServer; serverEnv: Record<string, string>; seedDemo: boolean }>({
  serverEnv: [{}, { option: true, scope: 'worker' }],
  seedDemo: [false, { option: true, scope: 'worker' }],
  server: [
    async ({ serverEnv, seedDemo }, use) => {
      const server = await startServer(serverEnv, { seed: seedDemo });
      await use(server);
      await server.stop();
    },
    // A first start migrates a fresh database; on a busy machine that can take more than a minute.
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseUrl),
  signIn: async ({ page }, use) => {
    await use(async (target = page) => {
      await target.goto('/login');
      await target.getByLabel('Email').fill(ADMIN.email);
      await target.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await target.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(target).toHaveURL(/\/dashboard$/);
    });
  },
});

export { expect, ADMIN };
