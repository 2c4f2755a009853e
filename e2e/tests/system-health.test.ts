import type { Page } from '@playwright/test';
import { test, expect, signInAs } from '../lib/fixtures.js';
import { AppointmentsApi, uniqueWord } from '../lib/appointments-api.js';
import { expectNoAxeViolations, useTheme, type Theme } from '../lib/axe.js';
import { expectPollEvery30Seconds } from '../lib/polling.js';

/**
 * The system health page /health (issue 32) on a server of its own whose PDF renderer cannot start
 * (CHROMIUM_PATH names a missing file): once the minute probe has run, the renderer's card warns, an
 * ongoing alert says why, the filter narrows the cards; the instance card and the host's resource
 * bars are there; the page is read again every 30 s; a viewer has no entry and is refused; at 1366 px
 * and a 390 px phone, axe in both themes.
 */
test.use({ serverEnv: { E2E_SUITE: 'system-health', CHROMIUM_PATH: '/nonexistent/chromium' } });
test.describe.configure({ mode: 'serial' });

const serviceCard = (page: Page, name: string) => page.getByTestId('service-card').filter({ hasText: name });

/**
 * Opens the page and waits for the first probe run (asked for 7 s after the server starts, then each
 * whole minute): until then every service is 'Not checked yet'. The Refresh button reads the page again, as the 30-second refresh does.
 */
async function openAfterProbe(page: Page): Promise<void> {
  await page.goto('/health');
  await expect(page.getByRole('heading', { level: 1, name: 'System Health' })).toBeVisible({ timeout: 20_000 });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(serviceCard(page, 'PDF renderer')).toContainText('PDFs cannot be made', { timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [3_000] });
}

test('an administrator reads the services, the instance, the resource bars and the renderer alert, and filters by status', async ({
  page,
  signIn,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn();
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
  await nav.getByRole('link', { name: 'System Health' }).click();
  await expect(page).toHaveURL(/\/health$/);
  await openAfterProbe(page);

  // The overall state and the summary: the renderer's warning makes the whole at least a warning.
  await expect(page.getByTestId('health-overall')).toContainText(/Overall:\s*(Warning|Critical)/);
  await expect(page.getByTestId('health-overall')).toContainText('Last checked');
  const summary = page.getByTestId('health-summary');
  for (const label of ['Healthy', 'Warning', 'Critical', 'Uptime (24 h)']) await expect(summary).toContainText(label);

  // A card per service, each with its figures; the renderer warns, the database answers.
  await expect(page.getByTestId('service-card')).toHaveCount(5);
  const renderer = serviceCard(page, 'PDF renderer');
  await expect(renderer).toContainText('Warning');
  // The renderer's own reason under the words, for the administrator who installs Chromium.
  await expect(renderer).toContainText('/nonexistent/chromium');
  await expect(renderer).toContainText('Available');
  await expect(renderer).toContainText('No');
  const database = serviceCard(page, 'Database');
  await expect(database).toContainText('Healthy');
  await expect(database).toContainText('Round trip');
  await expect(database).toContainText(/\d+(\.\d)? ms/);
  await expect(database).toContainText('Database size');
  for (const window of ['24 h', '7 days', '30 days']) await expect(database).toContainText(window);
  await expect(serviceCard(page, 'WhatsApp')).toContainText('Outbox (nothing is sent)');

  // This server's own process: its role, host, pid and figures (from its first sample, 5 s after its start).
  const instance = page.getByTestId('instance-card').first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(instance).toContainText(/Server on \S+/, { timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await expect(instance).toContainText('Process ID');
  await expect(instance).toContainText('Response time (p50 / p99)');
  await expect(instance).toContainText('Memory (total / heap)');
  await expect(instance).toContainText(/\d+(\.\d)? MB/);

  // The host's bars, from the process's first sample (5 s after its start; CPU and network are rates
  // over those seconds).
  const host = page.getByTestId('host-card').first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(host.getByRole('progressbar')).toHaveCount(4, { timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [5_000] });
  await expect(host.getByTestId('resource-missing')).toHaveCount(0);
  for (const [name, threshold] of [
    ['CPU', '80%'],
    ['Memory', '85%'],
    ['Disk', '90%'],
    ['Network', '75%'],
  ] as const) {
    const bar = host.getByRole('progressbar', { name: new RegExp(`^${name} on `) });
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await expect(bar).toHaveAttribute(
      'aria-valuetext',
      new RegExp(`of ${threshold} threshold, (Normal|High|Critical)$`),
    );
    // The level in words beside the bar, never the colour alone.
    await expect(host).toContainText(
      new RegExp(`${name}\\s*[\\d.]+% of ${threshold} threshold · (Normal|High|Critical)`),
    );
  }
  await expect(host).toContainText(/Traffic: \d/);

  // Recent Alerts: the renderer's warning, still ongoing.
  const alert = page.getByTestId('health-alerts').locator('li').filter({ hasText: 'PDF renderer' });
  await expect(alert).toContainText('Warning');
  await expect(alert).toContainText('PDFs cannot be made: the browser that renders them is not available.');
  await expect(alert).toContainText('Ongoing');
  await expect(alert).toContainText('Started');
  // System Logs: a list of warnings and errors, or its empty state.
  await expect(page.getByRole('heading', { level: 2, name: 'System Logs' })).toBeVisible();

  // The status filter: only the cards in the chosen state.
  const filter = page.getByLabel('Status', { exact: true });
  await filter.selectOption({ label: 'Warning' });
  await expect(serviceCard(page, 'PDF renderer')).toBeVisible();
  await expect(serviceCard(page, 'Database')).toHaveCount(0);
  for (const card of await page.locator('[data-testid="service-card"], [data-testid="instance-card"]').all())
    await expect(card).toContainText('Warning');
  await filter.selectOption({ label: 'Critical' });
  await expect(serviceCard(page, 'PDF renderer')).toHaveCount(0);
  for (const card of await page.locator('[data-testid="service-card"], [data-testid="instance-card"]').all())
    await expect(card).toContainText('Critical');
  await filter.selectOption({ label: 'Healthy' });
  await expect(serviceCard(page, 'Database')).toBeVisible();
  await expect(serviceCard(page, 'PDF renderer')).toHaveCount(0);
  await filter.selectOption({ label: 'All Systems' });
  await expect(page.getByTestId('service-card')).toHaveCount(5);
});

test('the page reads the system health again every 30 seconds', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/health');
  await expect(page.getByRole('heading', { level: 1, name: 'System Health' })).toBeVisible();
  await expectPollEvery30Seconds(page, '/api/system-health');
});

for (const width of [1366, 390]) {
  test(`at ${width} px the page passes axe in both themes and does not scroll sideways`, async ({ page, signIn }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signIn();
    await openAfterProbe(page);
    for (const theme of ['light', 'dark'] as Theme[]) {
      await useTheme(page, theme);
      await expect(serviceCard(page, 'PDF renderer')).toContainText('PDFs cannot be made', { timeout: 20_000 });
      await expect(page.getByTestId('host-card').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `/health at ${width} px (${theme})`);
    }
  });
}

test('a viewer has no System Health in the navigation and is refused the page', async ({ page, server }) => {
  const admin = await AppointmentsApi.signIn(server);
  const viewer = await admin.createPerson({ role: 'viewer', lastName: uniqueWord('Viewer'), signsIn: true });
  await signInAs(page, viewer);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'System Health' })).toHaveCount(0);
  await page.goto('/health');
  await expect(page.getByText('You do not have access to system health')).toBeVisible();
  await expect(page.getByTestId('service-card')).toHaveCount(0);
  // The server refuses the data too.
  const response = await page.request.get('/api/system-health', {
    headers: (await AppointmentsApi.signIn(server, viewer.email, viewer.password)).headers,
  });
  expect(response.status()).toBe(403);
});
