import type { Page } from '@playwright/test';
import { expectNoAxeViolations, useTheme } from '../lib/axe.js';
import { test, expect, signInAs } from '../lib/fixtures.js';
import { FormsApi } from '../lib/forms-api.js';
import { LibrariesApi } from '../lib/libraries-api.js';
import { createUser, documentRow, folderAction, folderCard, openFolder } from '../lib/libraries-ui.js';

// A server of its own: these tests delete and restore folders and documents.
test.use({ serverEnv: { E2E_LIBRARY: 'trash' } });

/** A row of the trash table, by the name its Restore button carries. */
const trashRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: `Restore ${name}`, exact: true }) });

test.describe('the trash of the libraries', () => {
  test('an administrator deletes a folder holding documents, finds it in the trash and restores it with them', async ({
    page,
    server,
    signIn,
  }) => {
    const api = await LibrariesApi.signIn(server);
    const category = await api.createCategory('circulars', 'Weapons and Ammunition');
    const subcategory = await api.createSubcategory('circulars', category.id, 'Armoury Inspections');
    await api.upload('circulars', {
      title: 'Quarterly armoury inspection',
      categoryId: category.id,
      subcategoryId: subcategory.id,
    });
    await api.upload('circulars', { title: 'Ammunition stock register', categoryId: category.id });

    await signIn();
    await page.goto('/circulars?view=folders');
    const card = folderCard(page, category.name);
    await expect(card).toContainText('2 documents');

    // The confirmation keeps the spec's question, counts what goes with the folder and says it can come back.
    await folderAction(page, category.name, `Delete ${category.name}`);
    const confirm = page.getByRole('dialog', { name: `Delete category ${category.name}` });
    await expect(confirm).toContainText('Are you sure you want to delete this category?');
    await expect(confirm).toContainText('It goes to the trash with its subcategories and 2 circulars.');
    await expect(confirm).toContainText(/An administrator can restore it all from there within \d+ days?\./);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Category deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByText('No circulars found')).toBeVisible();

    // The library's Trash link opens its own trash.
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page).toHaveURL(/\/trash\?library=circulars$/);
    await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Libraries' }).getByRole('link', { name: 'Circulars' }),
    ).toHaveAttribute('aria-current', 'page');
    const row = trashRow(page, category.name);
    await expect(row).toContainText('Category');
    await expect(row).toContainText('Not in a folder');
    await expect(row.getByRole('cell').nth(4)).toHaveText('2');

    // Restore asks first, saying the documents come back too.
    await row.getByRole('button', { name: `Restore ${category.name}` }).click();
    let restore = page.getByRole('dialog', { name: `Restore ${category.name}?` });
    await expect(restore).toContainText('Its 2 documents come back with it.');
    await restore.getByRole('button', { name: 'Cancel' }).click();
    await expect(restore).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Restore ${category.name}` }).click();
    restore = page.getByRole('dialog', { name: `Restore ${category.name}?` });
    await restore.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page.getByText(`${category.name} and its 2 documents have been restored.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('The trash is empty')).toBeVisible();

    // The folder, its subfolder and both documents are back where they were.
    await page.goto('/circulars?view=folders');
    await expect(folderCard(page, category.name)).toContainText('2 documents');
    await openFolder(page, category.name);
    await expect(folderCard(page, subcategory.name)).toContainText('1 document');
    await page.getByRole('button', { name: 'Show all in list' }).click();
    await expect(documentRow(page, 'Quarterly armoury inspection')).toContainText(subcategory.name);
    await expect(documentRow(page, 'Ammunition stock register')).toContainText(category.name);
  });

  test('the Forms tab: a forms folder with its form, and a form deleted alone, come back where they were', async ({
    page,
    server,
    signIn,
  }) => {
    const forms = await FormsApi.signIn(server);
    const folder = await forms.createFolder('category', { name: 'Transfer Requests' });
    await forms.upload({ title: 'Inter-unit transfer request', categoryId: folder.id });
    const alone = await forms.upload({ title: 'Canteen card application' });
    await forms.deleteForm(alone.id);
    await forms.deleteFolder('category', folder.id);
    expect((await forms.list({ search: 'Inter-unit transfer' })).pagination.total).toBe(0);

    await signIn();
    await page.goto('/trash?library=forms');
    await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Libraries' }).getByRole('link', { name: 'Forms' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('columnheader', { name: 'Forms' })).toBeVisible();
    const folderRow = trashRow(page, folder.name);
    await expect(folderRow).toContainText('Category');
    await expect(folderRow.getByRole('cell').nth(4)).toHaveText('1');
    await expect(trashRow(page, 'Canteen card application')).toContainText('Form');

    await folderRow.getByRole('button', { name: `Restore ${folder.name}` }).click();
    await page
      .getByRole('dialog', { name: `Restore ${folder.name}?` })
      .getByRole('button', { name: 'Restore', exact: true })
      .click();
    await expect(page.getByText(`${folder.name} and its 1 document have been restored.`)).toBeVisible();
    await expect(folderRow).toHaveCount(0);
    const formRow = trashRow(page, 'Canteen card application');
    await formRow.getByRole('button', { name: 'Restore Canteen card application' }).click();
    await page
      .getByRole('dialog', { name: 'Restore Canteen card application?' })
      .getByRole('button', { name: 'Restore', exact: true })
      .click();
    await expect(page.getByText('Canteen card application has been restored.')).toBeVisible();
    await expect(page.getByText('The trash is empty')).toBeVisible();

    // Both are in the forms library again, the first in its folder.
    expect((await forms.formTitled('Inter-unit transfer request')).categoryInfo.categoryName).toBe(folder.name);
    expect((await forms.formTitled('Canteen card application')).categoryInfo.categoryName).toBeNull();
  });

  test('a document deleted for good asks first and leaves the trash', async ({ page, server, signIn }) => {
    const api = await LibrariesApi.signIn(server);
    const order = await api.upload('orders', { title: 'Duty allocation for Ganesh festival' });
    await api.deleteDocument('orders', order.id);

    await signIn();
    await page.goto('/trash');
    await expect(page).toHaveURL(/\/trash$/);
    await expect(
      page.getByRole('navigation', { name: 'Libraries' }).getByRole('link', { name: 'Orders' }),
    ).toHaveAttribute('aria-current', 'page');
    const row = trashRow(page, order.title);
    await expect(row).toContainText('Document');
    await row.getByRole('button', { name: `Delete permanently ${order.title}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${order.title} permanently?` });
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(page.getByText(`${order.title} has been deleted permanently.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByText('Order not found.')).toBeVisible();
  });

  test('restore says where each item goes, and a subcategory waits for its category', async ({
    page,
    server,
    signIn,
  }) => {
    const api = await LibrariesApi.signIn(server);
    const category = await api.createCategory('orders', 'Establishment Orders');
    const subcategory = await api.createSubcategory('orders', category.id, 'Leave Sanctions');
    const order = await api.upload('orders', {
      title: 'Earned leave of HC 455',
      categoryId: category.id,
      subcategoryId: subcategory.id,
    });
    // Each deleted on its own: the order, then its subcategory, then the category.
    await api.deleteDocument('orders', order.id);
    await api.deleteSubcategory('orders', subcategory.id);
    await api.deleteCategory('orders', category.id);

    await signIn();
    await page.goto('/trash?library=orders');
    const subcategoryRow = trashRow(page, subcategory.name);
    const orderRow = trashRow(page, order.title);
    const categoryRow = trashRow(page, category.name);
    await expect(orderRow).toContainText(`${category.name} / ${subcategory.name}`);

    // The subcategory cannot come back before its category, and says so.
    await expect(subcategoryRow.getByRole('button', { name: `Restore ${subcategory.name}` })).toBeDisabled();
    await expect(subcategoryRow).toContainText(`Restore its category first: “${category.name}” is in the trash.`);
    await expectNoAxeViolations(page, '/trash (light, a subcategory waiting for its category)');

    // The order's folder is gone: it does not promise to put it back there.
    await orderRow.getByRole('button', { name: `Restore ${order.title}` }).click();
    let dialog = page.getByRole('dialog', { name: `Restore ${order.title}?` });
    await expect(dialog).toContainText(
      "Its folder is no longer there: it goes to its category if that is still there, otherwise to the library's main list.",
    );
    await expect(dialog).not.toContainText('It goes back to');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await useTheme(page, 'dark');
    await expect(subcategoryRow).toContainText('Restore its category first');
    await expectNoAxeViolations(page, '/trash (dark, a subcategory waiting for its category)');

    // The category first; then the subcategory goes back into it, and the order into both.
    await categoryRow.getByRole('button', { name: `Restore ${category.name}` }).click();
    dialog = page.getByRole('dialog', { name: `Restore ${category.name}?` });
    await expect(dialog).toContainText('It goes back outside any folder.');
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page.getByText(`${category.name} has been restored.`)).toBeVisible();
    await expect(categoryRow).toHaveCount(0);

    await expect(subcategoryRow.getByRole('button', { name: `Restore ${subcategory.name}` })).toBeEnabled();
    await expect(subcategoryRow).not.toContainText('Restore its category first');
    await subcategoryRow.getByRole('button', { name: `Restore ${subcategory.name}` }).click();
    dialog = page.getByRole('dialog', { name: `Restore ${subcategory.name}?` });
    await expect(dialog).toContainText(`It goes back to ${category.name}.`);
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page.getByText(`${subcategory.name} has been restored.`)).toBeVisible();

    await orderRow.getByRole('button', { name: `Restore ${order.title}` }).click();
    dialog = page.getByRole('dialog', { name: `Restore ${order.title}?` });
    await expect(dialog).toContainText(`It goes back to ${category.name} / ${subcategory.name}.`);
    await expectNoAxeViolations(page, '/trash (dark, the restore confirmation)');
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page.getByText(`${order.title} has been restored.`)).toBeVisible();
    await expect(page.getByText('The trash is empty')).toBeVisible();

    await page.goto('/orders?view=list');
    await expect(documentRow(page, order.title)).toContainText(subcategory.name);
  });

  test('a viewer is offered no Trash link and the trash refuses them', async ({ browser, request, baseURL }) => {
    const viewer = await createUser(request, 'viewer', 'Sunita');
    const context = await browser.newContext({
      baseURL,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      viewport: { width: 1366, height: 900 },
    });
    try {
      const page = await context.newPage();
      await signInAs(page, viewer);
      await page.goto('/orders');
      await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Trash' })).toHaveCount(0);
      await page.goto('/trash?library=orders');
      await expect(page.getByText('You do not have permission to open the trash')).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the trash has no WCAG 2.1 AA violations in the ${theme} theme`, async ({ page, server, signIn }) => {
      const api = await LibrariesApi.signIn(server);
      const category = await api.createCategory('government-decisions', `Home Department (${theme})`);
      await api.upload('government-decisions', { title: `Police housing scheme (${theme})`, categoryId: category.id });
      const decision = await api.upload('government-decisions', {
        title: `Travel allowance rates (${theme})`,
        categoryId: category.id,
      });
      await api.deleteDocument('government-decisions', decision.id);

      await signIn();
      await page.goto('/trash?library=government-decisions');
      await useTheme(page, theme);
      const row = trashRow(page, decision.title);
      await expect(row).toBeVisible();
      await expect(row).toContainText(category.name);
      await expectNoAxeViolations(page, `/trash (${theme}, with a deleted decision)`);

      await row.getByRole('button', { name: `Delete permanently ${decision.title}` }).click();
      const confirm = page.getByRole('dialog', { name: `Delete ${decision.title} permanently?` });
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(page, `/trash (${theme}, the permanent-delete confirmation)`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();

      await page.getByRole('navigation', { name: 'Libraries' }).getByRole('link', { name: 'Circulars' }).click();
      await expect(page).toHaveURL(/library=circulars/);
      await expect(page.getByText('The trash is empty')).toBeVisible();
      await expectNoAxeViolations(page, `/trash (${theme}, empty)`);
    });
  }
});
