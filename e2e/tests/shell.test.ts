import { test, expect } from '../lib/fixtures.js';
import { expectPollEvery30Seconds } from '../lib/polling.js';

const NAV_ITEMS: [string, string][] = [
  ['Dashboard', '/dashboard'],
  ['Appointments', '/appointments'],
  ['Orders', '/orders'],
  ['Forms', '/forms'],
  ['Circulars', '/circulars'],
  ['Government Decisions', '/government-decisions'],
  ['Salary & Finance', '/salary-finance'],
  // The superadmin holds send_whatsapp: the messaging overview (issue 31).
  ['Messaging', '/whatsapp'],
  ['Users', '/users'],
  // The superadmin is an administrator: the system health page (issue 32).
  ['System Health', '/health'],
  ['Settings', '/settings'],
];

test.describe('the signed-in shell', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('the side navigation has the eleven items in order and they navigate', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    const links = nav.getByRole('link');
    await expect(links).toHaveText(NAV_ITEMS.map(([label]) => label));
    for (const [label, path] of NAV_ITEMS.slice(1, 3)) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('the navigation collapses to icons and remembers it', async ({ page }) => {
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand navigation' }).click();
    await expect(page.getByRole('button', { name: 'Collapse navigation' })).toBeVisible();
  });

  test('the header shows the acronym, the user and an empty notifications panel', async ({ page }) => {
    const header = page.getByRole('banner');
    await expect(header.getByText('SRPF', { exact: true })).toBeVisible();
    await expect(header.getByText('System', { exact: true })).toBeVisible();
    await expect(header.getByText('superadmin', { exact: true })).toBeVisible();
    await header.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByText('No notifications')).toBeVisible();
    await expect(page.getByText("You're all caught up!")).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('No notifications')).toBeHidden();
  });

  test('the theme toggle switches to dark and it persists across a reload', async ({ page }) => {
    const html = page.locator('html');
    const wasDark = (await html.getAttribute('class'))?.includes('dark') ?? false;
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expect(html).toHaveClass(wasDark ? /^(?!.*dark)/ : /dark/);
    await page.reload();
    await expect(html).toHaveClass(wasDark ? /^(?!.*dark)/ : /dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(wasDark ? 'light' : 'dark');
  });

  test('the API banner appears when the live health check fails, after one retry', async ({ page }) => {
    const banner = page.getByText('API connection issue detected. Some features may be unavailable.');
    await expect(banner).toBeHidden();
    let checks = 0;
    await page.route('**/api/health/live', (route) => {
      checks += 1;
      return route.fulfill({ status: 503, body: '{"status":"down"}', contentType: 'application/json' });
    });
    await page.reload();
    await expect(banner).toBeVisible({ timeout: 20_000 });
    // The failed check and its one retry, then the banner.
    expect(checks).toBe(2);
  });

  test('the header says Loading... until the user arrives, then User and user when the record has no name or role', async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/users\/\d+$/, async (route) => {
      await answered;
      const user = {
        id: 1,
        first_name: '',
        full_name: '',
        role: '',
        role_name: '',
        email: 'someone@srpf.test',
        phone_number: null,
      };
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: { user } }),
      });
    });
    await page.reload();
    const header = page.getByRole('banner');
    await expect(header.getByText('Loading...')).toBeVisible();
    release();
    await expect(header.getByText('User', { exact: true })).toBeVisible();
    await expect(header.getByText('user', { exact: true })).toBeVisible();
  });

  test('the health check polls every 30 seconds', async ({ page }) => {
    await expectPollEvery30Seconds(page, '/api/health/live');
  });

  test('logout ends the session and protected pages need a new sign-in', async ({ page }) => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('srpf_auth_token'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation is a slide-over opened by the menu button', async ({ page, signIn }) => {
    await signIn();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Orders' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(drawer).toBeHidden();
  });
});
