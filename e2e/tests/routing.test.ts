import { test, expect } from '../lib/fixtures.js';

test.describe('route protection and public pages', () => {
  test('a signed-out visitor of a protected page is sent to /login', async ({ page }) => {
    for (const path of ['/', '/dashboard', '/orders', '/appointments/12', '/no-such-page']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
    }
  });

  test('/srpf-login is a login route too', async ({ page }) => {
    await page.goto('/srpf-login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('the privacy policy is public, has its eight sections and goes back to login', async ({ page }) => {
    await page.goto('/privacy-policy');
    for (const section of [
      'Overview',
      'Data Collection',
      'WhatsApp Integration',
      'Security Measures',
      'Data Retention',
      'User Rights',
      'Compliance',
      'Contact',
    ]) {
      await expect(page.getByRole('heading', { name: new RegExp(`^(\\d\\. )?${section}$`) })).toBeVisible();
    }
    await expect(page.getByText(/7 years/).first()).toBeVisible();
    // It claims only what the product does, and names what the IT cell must provide (the reliability issue).
    await expect(page.getByText(/AES-256|TLS 1\.3/)).toHaveCount(0);
    await expect(page.getByText(/the IT cell runs it on an encrypted disk/)).toBeVisible();
    await expect(
      page.getByText(/keeping copies on another machine or off-site is the IT cell's responsibility/),
    ).toBeVisible();
    await expect(page.getByRole('cell', { name: '30 days, then removed by the system' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('/login and / send a signed-in user to the dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an unknown page shows the 404 page and its two buttons work', async ({ page }) => {
    await page.goto('/dashboard');
    await page.goto('/this/does/not/exist');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/another/missing/page');
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('pages of later areas show a placeholder, never a crash', async ({ page }) => {
    for (const path of ['/kpis', '/audit', '/search']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Coming in this release' }), path).toBeVisible();
    }
  });

  test('every built page of the route table opens with its title, neither the 404 page nor an error', async ({
    page,
  }) => {
    for (const path of [
      '/users',
      '/users-demo',
      '/admin/users',
      '/companies',
      '/settings',
      '/orders',
      '/circulars',
      '/government-decisions',
      '/appointments',
      '/forms',
      '/salary-finance',
      '/health',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page Not Found' }), path).toHaveCount(0);
      await expect(page.getByText('Something went wrong. Please try again.'), path).toHaveCount(0);
    }
  });
});
