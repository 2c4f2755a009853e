import { test, expect, ADMIN } from '../lib/fixtures.js';

// A server of its own: the profile test renames the administrator, which other files show.
test.use({ serverEnv: { REFRESH_TOKEN_TTL: '14d' } });

test.describe('settings', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn();
    await page.goto('/settings');
  });

  test('the profile tab saves names and phone, and the header follows', async ({ page }) => {
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByLabel('First Name').fill('');
    await page.getByRole('button', { name: /Save/ }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await page.getByLabel('First Name').fill('Anil');
    await page.getByLabel('Middle Name').fill('Vitthal');
    await page.getByLabel('Last Name').fill('Jadhav');
    await page.getByLabel(/Phone/).fill('9822012345');
    await page.getByRole('button', { name: /Save/ }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Anil', { exact: true })).toBeVisible();
    await expect(
      page
        .getByText(ADMIN.email)
        .or(page.locator(`input[value="${ADMIN.email}"]`))
        .first(),
    ).toBeVisible();
  });

  test('the security tab checks the new password in the spec’s order', async ({ page }) => {
    await page.getByRole('tab', { name: 'Security' }).click();
    const submit = page.getByRole('button', { name: /Update Password|Change Password/ });
    await submit.click();
    await expect(page.getByText('Current password is required')).toBeVisible();
    await page.getByLabel(/^Current password/i).fill('wrong-password-1');
    await submit.click();
    await expect(page.getByText('New password is required')).toBeVisible();
    await page.getByLabel(/^New password/i).fill('short');
    await submit.click();
    await expect(page.getByText('New password must be at least 8 characters')).toBeVisible();
    await page.getByLabel(/^New password/i).fill('another-password-1');
    await page.getByLabel(/^Confirm/i).fill('another-password-2');
    await submit.click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel(/^Confirm/i).fill('another-password-1');
    await submit.click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    await expect(page.getByRole('button', { name: /Enable 2FA/ })).toBeDisabled();
  });

  test('companies: create with required fields, edit, and the tab is remembered', async ({ page }) => {
    await page.getByRole('tab', { name: 'Companies' }).click();
    await expect(page.getByRole('heading', { name: 'Manage company information' })).toBeVisible();
    await page.getByRole('button', { name: 'New Company' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Company' });
    await dialog.getByRole('button', { name: /Create/ }).click();
    await expect(dialog.getByText(/name is required/i)).toBeVisible();
    await dialog.getByLabel('Company Name').fill('Group 5 Daund');
    await dialog.getByLabel('Company Code').fill('G5');
    await dialog.getByRole('button', { name: /Create/ }).click();
    await expect(page.getByText('Company created successfully')).toBeVisible();
    await page
      .getByRole('row', { name: /Group 5 Daund/ })
      .getByRole('button', { name: /Edit/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Company' });
    await edit.getByLabel('Company Name').fill('Group 5 Daund SRPF');
    await edit.getByRole('button', { name: /Update|Save/ }).click();
    await expect(page.getByText('Company updated successfully')).toBeVisible();
    await expect(page.getByText(/Showing 1 to \d+ of \d+ companies/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Manage company information' })).toBeVisible();
  });

  test('designations: create with an approval role, a duplicate code is refused, filters work', async ({ page }) => {
    await page.getByRole('tab', { name: 'Designations' }).click();
    // The approval role follows the name until one is chosen: None for a constable, Clerk chosen for the naik.
    for (const [name, code, approvalRole] of [
      ['Police Constable', 'PC', null],
      ['Police Naik', 'PN', 'Clerk'],
    ] as const) {
      await page.getByRole('button', { name: 'Add Designation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Designation' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Code').fill(code);
      const select = dialog.getByLabel('Approval role');
      await expect(select.locator('option:checked')).toHaveText('None');
      if (approvalRole) await select.selectOption({ label: approvalRole });
      await dialog.getByRole('button', { name: /Create/ }).click();
      await expect(page.getByText('Designation created successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
    }
    await expect(page.getByRole('columnheader', { name: 'Approval role' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Police Constable/ })).toContainText('None');
    await expect(page.getByRole('row', { name: /Police Naik/ })).toContainText('Clerk');

    // An edit keeps the stored role unless another is chosen.
    await page
      .getByRole('row', { name: /Police Naik/ })
      .getByRole('button', { name: /Edit/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Designation' });
    await expect(edit.getByLabel('Approval role').locator('option:checked')).toHaveText('Clerk');
    await edit.getByLabel('Approval role').selectOption({ label: 'Officer' });
    await edit.getByRole('button', { name: /Update/ }).click();
    await expect(page.getByText('Designation updated successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: /Police Naik/ })).toContainText('Officer');

    await page.getByRole('button', { name: 'Add Designation' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Add Designation' });
    // The spec's text rule is the default: a name with 'executive' starts as Commandant.
    await duplicate.getByLabel('Name').fill('Executive Assistant');
    await expect(duplicate.getByLabel('Approval role').locator('option:checked')).toHaveText('Commandant');
    await duplicate.getByLabel('Code').fill('pc');
    await duplicate.getByRole('button', { name: /Create/ }).click();
    await expect(page.getByText(/already exists/).first()).toBeVisible();
    await duplicate.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(/Showing 1 to 2 of 2 designations/)).toBeVisible();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Search').fill('naik');
    await expect(page.locator('tbody tr')).toHaveCount(1);
  });
});
