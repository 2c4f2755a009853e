import { test, expect, ADMIN } from '../lib/fixtures.js';

test.describe('users management', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn();
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  });

  test('shows the stat cards and the ten fields in six columns', async ({ page }) => {
    for (const card of ['Total Users', 'Active Users', 'Super Admin', 'Companies']) {
      await expect(page.getByText(card, { exact: true }).first()).toBeVisible();
    }
    for (const column of ['Name', 'Phone and IDs', 'Company and designation', 'Role', 'Status', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    // The administrator's row: the email under the name; phone, badge and Sevarth ID in the next column.
    const row = page.getByRole('row', { name: new RegExp(ADMIN.email) });
    await expect(row.getByRole('cell').first()).toContainText(ADMIN.email);
  });

  test('creates a user with the form’s checks, refuses a duplicate email on its field, edits and deletes', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    for (const message of [
      'First name is required',
      'Middle name is required',
      'Last name is required',
      'Email is required',
      'Password is required for new users',
      'Company is required',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await dialog.getByLabel('First Name').fill('S');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill('short');
    await dialog.getByLabel('Sevarth ID / DGP ID').fill('SRPF12');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    for (const message of [
      'First name must be at least 2 characters',
      'Please enter a valid email address',
      'Password must be at least 8 characters',
      'Sevarth ID / DGP ID must be 7 capital letters followed by 4 digits',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await dialog.getByLabel('Sevarth ID / DGP ID').fill('');

    await dialog.getByLabel('First Name').fill('Sachin');
    await dialog.getByLabel('Middle Name').fill('Ramesh');
    await dialog.getByLabel('Last Name').fill('Patil');
    await dialog.getByLabel('Email').fill('sachin.patil@srpf.test');
    await dialog.getByLabel('Phone Number').fill('98765');
    await expect(dialog.getByText('Phone number must be exactly 10 digits (5 entered)')).toBeVisible();
    await dialog.getByLabel('Phone Number').fill('9876543210');
    await dialog.getByLabel('Password', { exact: true }).fill('Tapi-river-bank-9');
    await dialog.getByLabel('Company').selectOption({ label: 'Headquarters' });
    await dialog.getByLabel('Sevarth ID / DGP ID').pressSequentially('srpfpun1011');
    await expect(dialog.getByLabel('Sevarth ID / DGP ID')).toHaveValue('SRPFPUN1011');
    await dialog.getByLabel('Badge No').fill('0');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText(/at least 1/)).toBeVisible();
    await dialog.getByLabel('Badge No').fill('1204');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('User created successfully!')).toBeVisible();
    const row = page.getByRole('row', { name: /Sachin Ramesh Patil/ });
    await expect(row).toContainText('SRPFPUN1011');
    await expect(row).toContainText('9876543210');

    await page.getByRole('button', { name: 'Add User' }).click();
    const second = page.getByRole('dialog', { name: 'Add User' });
    await second.getByLabel('First Name').fill('Ganesh');
    await second.getByLabel('Middle Name').fill('Vitthal');
    await second.getByLabel('Last Name').fill('More');
    await second.getByLabel('Email').fill('sachin.patil@srpf.test');
    await second.getByLabel('Password', { exact: true }).fill('Tapi-river-bank-9');
    await second.getByLabel('Company').selectOption({ label: 'Headquarters' });
    await second.getByRole('button', { name: 'Create User' }).click();
    await expect(second.getByText('Email already exists')).toBeVisible();
    await second.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Last Name').fill('Pawar');
    await edit.getByRole('button', { name: /Update|Save/ }).click();
    await expect(page.getByText('User updated successfully!')).toBeVisible();
    const renamed = page.getByRole('row', { name: /Sachin Ramesh Pawar/ });
    await expect(renamed).toBeVisible();

    await renamed.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog'))
      .filter({ hasText: 'Are you sure you want to delete this user? This action cannot be undone.' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /Delete/ }).click();
    await expect(page.getByText('User deleted successfully!')).toBeVisible();
    await expect(page.getByRole('row', { name: /Sachin Ramesh Pawar/ })).toHaveCount(0);
  });

  test('the view modal is read-only', async ({ page }) => {
    await page
      .getByRole('row', { name: new RegExp(ADMIN.email.replace(/\./g, '\\.')) })
      .getByRole('button', { name: /^View/ })
      .click();
    const view = page.getByRole('dialog', { name: 'View User' });
    await expect(view.getByLabel('Email')).toBeDisabled();
    await expect(view.getByRole('button', { name: /Create User|Update|Save/ })).toHaveCount(0);
  });
});

test.describe('the simpler user management variant', () => {
  test('at /admin/users and /users-demo, with working Add, Edit and Delete', async ({ page, signIn }) => {
    await signIn();
    for (const path of ['/users-demo', '/admin/users']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Manage system users and permissions' })).toBeVisible();
      await expect(page.getByPlaceholder('Search users...')).toBeVisible();
    }
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('First Name').fill('Kavita');
    await dialog.getByLabel('Middle Name').fill('Nitin');
    await dialog.getByLabel('Last Name').fill('Bhosale');
    await dialog.getByLabel('Email').fill('kavita.bhosale@srpf.test');
    await dialog.getByLabel('Password', { exact: true }).fill('Tapi-river-bank-9');
    await dialog.getByLabel('Company').selectOption({ label: 'Headquarters' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('User created successfully!')).toBeVisible();
    await page.getByPlaceholder('Search users...').fill('kavita');
    const row = page.getByText('kavita.bhosale@srpf.test').locator('xpath=ancestor::*[.//button][1]');
    await row.getByRole('button', { name: /Edit/ }).click();
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Edit User' }).getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: /Delete/ }).click();
    await page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog'))
      .filter({ hasText: 'Are you sure you want to delete this user?' })
      .getByRole('button', { name: /Delete/ })
      .click();
    await expect(page.getByText('User deleted successfully!')).toBeVisible();
  });
});
