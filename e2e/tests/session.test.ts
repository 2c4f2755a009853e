import { test, expect } from '../lib/fixtures.js';

// Access tokens live 8 seconds here; the web app must refresh them silently.
test.use({ serverEnv: { ACCESS_TOKEN_TTL: '8s' } });

test('a session outlives its access token without the user noticing', async ({ page, signIn }) => {
  await signIn();
  const firstToken = await page.evaluate(() => localStorage.getItem('srpf_auth_token'));
  expect(firstToken).toBeTruthy();

  // Someone at work: a click every two seconds, while the 8-second token would lapse.
  for (let second = 0; second < 12; second += 2) {
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).click();
    await page.waitForTimeout(2_000);
  }
  const laterToken = await page.evaluate(() => localStorage.getItem('srpf_auth_token'));
  expect(laterToken).toBeTruthy();
  expect(laterToken).not.toBe(firstToken);

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
});

test('an idle tab lets its access token lapse, and the next action renews it', async ({ page, signIn }) => {
  await signIn();
  const firstToken = await page.evaluate(() => localStorage.getItem('srpf_auth_token'));
  await page.waitForTimeout(10_000);
  expect(await page.evaluate(() => localStorage.getItem('srpf_auth_token'))).toBe(firstToken);
  await page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByText(/Showing 1 to \d+ of \d+ users/)).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('srpf_auth_token'))).not.toBe(firstToken);
  await expect(page).toHaveURL(/\/users$/);
});

test('an access token that expired while the tab slept is renewed on the next call', async ({ page, signIn }) => {
  await signIn();
  // Simulate a laptop waking up: the stored token is stale and no timer fired.
  await page.evaluate(() => {
    const token = localStorage.getItem('srpf_auth_token')!;
    const [header, , signature] = token.split('.');
    const stale = btoa(
      JSON.stringify({ sub: '1', role: 'superadmin', exp: Math.floor(Date.now() / 1000) + 600 }),
    ).replace(/=+$/, '');
    localStorage.setItem('srpf_auth_token', `${header}.${stale}.${signature}`);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.locator('a[data-metric="appointments"]')).toContainText('0');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a failed refresh ends the session with “Session expired”', async ({ page, signIn, context }) => {
  await signIn();
  await context.clearCookies();
  await page.evaluate(() => {
    const token = localStorage.getItem('srpf_auth_token')!;
    localStorage.setItem(
      'srpf_auth_token',
      `${token.split('.')[0]}.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 600 }))}.forged`,
    );
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Session expired')).toBeVisible();
});
