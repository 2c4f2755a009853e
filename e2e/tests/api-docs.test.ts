import { test, expect } from '../lib/fixtures.js';

// A production server (NODE_ENV=production, no API_DOCS): the API document is for administrators.
test.use({ serverEnv: { NODE_ENV: 'production' } });

test.describe('the API reference', () => {
  test('is not public in production: no /api/docs, and the document needs an administrator', async ({ request }) => {
    expect((await request.get('/api/docs/json')).status()).toBe(404);
    expect((await request.get('/api/docs/')).status()).not.toBe(200);
    expect((await request.get('/api/admin/openapi.json')).status()).toBe(401);
  });

  test('an administrator opens it from Settings and reads the endpoints grouped by area', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/settings');
    await page.getByRole('link', { name: 'API reference' }).click();
    await expect(page).toHaveURL(/\/admin\/api$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    await expect(page.getByText(/SRPF Dashboard API 1\.0\.0: \d+ endpoints\./)).toBeVisible();

    const auth = page.getByRole('region', { name: 'auth' });
    await expect(auth.getByRole('heading', { level: 2, name: 'auth' })).toBeVisible();
    const login = auth.getByRole('listitem').filter({ has: page.getByText('/api/auth/login', { exact: true }) });
    await expect(login.getByText('POST', { exact: true })).toBeVisible();
    await expect(login.getByText('Public', { exact: true })).toBeVisible();
    await expect(login.getByRole('cell', { name: 'email', exact: true })).toBeVisible();

    const users = page.getByRole('region', { name: 'users' });
    const deleteUser = users
      .getByRole('listitem')
      .filter({ has: page.getByText('/api/users/{id}', { exact: true }) })
      .filter({ has: page.getByText('DELETE', { exact: true }) });
    await expect(deleteUser.getByText('Signed in', { exact: true })).toBeVisible();
    await expect(deleteUser.getByRole('cell', { name: 'id', exact: true })).toBeVisible();
  });
});
