import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN, startServer, type RunningServer } from './server.js';

/**
 * `server`: the built product on a fresh data folder, one per test file (worker), started with the
 * environment a file asks for through `test.use({ serverEnv, seedDemo })`. `baseURL` points at it.
 */
export const test = base.extend<
  { signIn: (page?: Page) => Promise<void> },
  { server: RunningServer; serverEnv: Record<string, string>; seedDemo: boolean }
>({
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
    await use((target = page) => signInAs(target, ADMIN));
  },
});

/** Signs in through the login page as this person and waits for the dashboard. */
export async function signInAs(page: Page, person: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export { expect, ADMIN };
