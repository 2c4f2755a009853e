import type { Page } from '@playwright/test';
import { test, expect, signInAs } from '../lib/fixtures.js';
import { expectNoAxeViolations, useTheme } from '../lib/axe.js';
import { FormsApi, type CreatedFolder } from '../lib/forms-api.js';
import { createUser, makePdf } from '../lib/libraries-ui.js';
import { openSignedPdf } from '../lib/signed-pdf.js';

// A server of its own: these tests add and remove forms and folders, which other screens count.
test.use({ serverEnv: { E2E_SUITE: 'forms-detail' } });

/** A short run of letters no other test uses (folder names are at most 24 characters). */
function word(prefix: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let text = '';
  for (let i = 0; i < 5; i += 1) text += letters[Math.floor(Math.random() * letters.length)];
  return `${prefix} ${text}`;
}

/** 2026-04-23T… as the screens write it: 23/04/2026 (Asia/Kolkata). */
function dayFirst(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}

/** A category, a subcategory in it and a sub-subcategory in that, through the API. */
async function threeLevels(
  api: FormsApi,
): Promise<{ category: CreatedFolder; subcategory: CreatedFolder; subSubcategory: CreatedFolder }> {
  const category = await api.createFolder('category', { name: word('Cat') });
  const subcategory = await api.createFolder('subcategory', { name: word('Sub') }, category.id);
  const subSubcategory = await api.createFolder('sub_subcategory', { name: word('Deep') }, subcategory.id);
  return { category, subcategory, subSubcategory };
}

/** The detail page's row of a label in Form Information. */
const info = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Form Information' })
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

/** Opens a page after sign-in once the person's full record (grants, role) has arrived. */
async function openWithRecord(page: Page, path: string): Promise<void> {
  const record = page.waitForResponse((response) => /\/api\/users\/\d+$/.test(response.url()) && response.ok());
  await page.goto(path);
  await record;
}

test.describe('form detail', () => {
  test('shows every field, downloads the PDF in a new tab, and Stats count it', async ({ page, server, signIn }) => {
    const api = await FormsApi.signIn(server);
    const { category, subcategory, subSubcategory } = await threeLevels(api);
    const pdf = makePdf('GPF claim');
    const form = await api.upload({
      title: 'GPF final claim',
      language: 'mr',
      isPublic: false,
      category: 'Accounts',
      categoryId: category.id,
      subcategoryId: subcategory.id,
      subSubcategoryId: subSubcategory.id,
      fileName: 'gpf-final-claim.pdf',
      pdf,
    });

    await signIn();
    await openWithRecord(page, `/forms/${form.id}`);
    await expect(page.getByRole('heading', { name: 'GPF final claim', level: 1 })).toBeVisible();
    await expect(page.getByTestId('form-path')).toHaveText(
      `${category.name} / ${subcategory.name} / ${subSubcategory.name}`,
    );
    await expect(info(page, 'Language')).toHaveText('Marathi');
    await expect(info(page, 'Visibility')).toHaveText('Private');
    await expect(info(page, 'File path')).toHaveText('gpf-final-claim.pdf');
    await expect(info(page, 'Uploaded on')).toHaveText(dayFirst(new Date().toISOString()));
    await expect(info(page, 'User ID')).toHaveText(String(form.uploaded_by));
    await expect(info(page, 'Category label')).toHaveText('Accounts');
    await expect(page.getByText('Preview is not available for this form.')).toBeVisible();
    for (const name of ['Back', 'Download', 'Stats', 'Delete'])
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute(
      'href',
      `/forms/${form.id}/edit`,
    );

    await page.getByRole('button', { name: 'Stats', exact: true }).click();
    await expect(page.getByTestId('total-downloads')).toHaveText('0');

    // Download opens the signed address in a new tab, which gets the PDF without a bearer header.
    const { tab, ...received } = await openSignedPdf(page, () =>
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    );
    expect(received.name).toBe('gpf-final-claim.pdf');
    expect(received.bytes.equals(pdf)).toBe(true);
    await tab.close();

    await expect(page.getByTestId('total-downloads')).toHaveText('1');
    expect((await api.stats(form.id)).totalDownloads).toBe(1);
  });

  test('the upload form checks the file, says where it goes and files the form in the deepest folder', async ({
    page,
    request,
    server,
    signIn,
  }) => {
    const api = await FormsApi.signIn(server);
    const { category, subcategory, subSubcategory } = await threeLevels(api);

    await signIn();
    await openWithRecord(page, '/forms');
    await page.getByRole('button', { name: 'New Form', exact: true }).click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByText('Uploading to:')).toBeVisible();
    await expect(panel.getByTestId('upload-path')).toHaveText('No folder (uncategorised)');

    await panel.getByRole('button', { name: 'Upload Form' }).click();
    await expect(panel.getByText('Title is required')).toBeVisible();
    await expect(panel.getByText('Please choose a PDF file')).toBeVisible();
    await panel
      .getByLabel('PDF file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(panel.getByText('Only PDF files are allowed')).toBeVisible();
    await panel
      .getByLabel('PDF file')
      .setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10_485_761, 0x20) });
    await expect(panel.getByText('File size must be less than 10MB')).toBeVisible();

    const pdf = makePdf('Motorcycle advance');
    await panel
      .getByLabel('PDF file')
      .setInputFiles({ name: 'Motorcycle advance.pdf', mimeType: 'application/pdf', buffer: pdf });
    // The file's name becomes the title when none is typed.
    await expect(panel.getByLabel('Title', { exact: true })).toHaveValue('Motorcycle advance');
    await panel.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
    await panel.getByLabel('Subcategory', { exact: true }).selectOption({ label: subcategory.name });
    await panel.getByLabel('Sub-subcategory', { exact: true }).selectOption({ label: subSubcategory.name });
    await expect(panel.getByTestId('upload-path')).toHaveText(
      `${category.name} / ${subcategory.name} / ${subSubcategory.name}`,
    );
    // A category chosen again empties the levels below it.
    await panel.getByLabel('Category', { exact: true }).selectOption({ index: 0 });
    await expect(panel.getByLabel('Subcategory', { exact: true })).toHaveValue('');
    await expect(panel.getByLabel('Sub-subcategory', { exact: true })).toHaveValue('');
    await panel.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
    await panel.getByLabel('Subcategory', { exact: true }).selectOption({ label: subcategory.name });
    await panel.getByLabel('Sub-subcategory', { exact: true }).selectOption({ label: subSubcategory.name });
    await panel.getByLabel('Language').selectOption('mr');
    await panel.getByLabel('Private').check();
    await panel.getByRole('button', { name: 'Upload Form' }).click();
    await expect(page.getByText('Form created successfully!')).toBeVisible();
    await expect(panel).toBeHidden();

    const listed = await request.get('/api/forms', {
      headers: api.headers,
      params: { subSubcategoryId: String(subSubcategory.id) },
    });
    const { data } = (await listed.json()) as {
      data: { id: number; title: string; language: string; isPublic: boolean; subSubcategoryId: number }[];
    };
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      title: 'Motorcycle advance',
      language: 'mr',
      isPublic: false,
      subSubcategoryId: subSubcategory.id,
    });
  });

  test('edits the metadata', async ({ page, server, signIn }) => {
    const api = await FormsApi.signIn(server);
    const { category, subcategory } = await threeLevels(api);
    const other = await api.createFolder('subcategory', { name: word('Other') }, category.id);
    const form = await api.upload({
      title: 'LTC travel claim',
      categoryId: category.id,
      subcategoryId: subcategory.id,
    });

    await signIn();
    await page.goto(`/forms/${form.id}`);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/forms/${form.id}/edit$`));
    await expect(page.getByRole('heading', { name: 'Edit Form', level: 1 })).toBeVisible();
    // No file on an edit: the file cannot change.
    await expect(page.getByLabel('PDF file')).toHaveCount(0);

    const title = page.getByLabel('Title', { exact: true });
    await expect(title).toHaveValue('LTC travel claim');
    await title.fill('');
    await page.getByRole('button', { name: 'Update Form' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();

    await title.fill('LTC travel claim (2026)');
    await page.getByRole('main').getByLabel('Language').selectOption('mr');
    await page.getByLabel('Private').check();
    await page.getByLabel('Subcategory', { exact: true }).selectOption({ label: other.name });
    await page.getByRole('button', { name: 'Update Form' }).click();
    await expect(page.getByText('Form updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/forms/${form.id}$`));
    await expect(page.getByRole('heading', { name: 'LTC travel claim (2026)', level: 1 })).toBeVisible();
    await expect(page.getByTestId('form-path')).toHaveText(`${category.name} / ${other.name}`);
    await expect(info(page, 'Language')).toHaveText('Marathi');
    await expect(info(page, 'Visibility')).toHaveText('Private');

    // Choosing another category empties the levels below it.
    await page.goto(`/forms/${form.id}/edit`);
    await expect(page.getByLabel('Subcategory', { exact: true })).toHaveValue(String(other.id));
    await page.getByLabel('Category', { exact: true }).selectOption({ index: 0 });
    await expect(page.getByLabel('Subcategory', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Subcategory', { exact: true })).toBeDisabled();
  });

  test('deletes a form to the trash after asking', async ({ page, server, signIn }) => {
    const api = await FormsApi.signIn(server);
    const form = await api.upload({ title: 'Medical a form' });

    await signIn();
    await page.goto(`/forms/${form.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    let confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Are you sure you want to delete this form?');
    await expect(confirm).toContainText(
      /goes to the trash, from where an administrator can restore it within \d+ days?\./,
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Form deleted successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/forms$/);

    await page.goto(`/forms/${form.id}`);
    await expect(page.getByRole('heading', { name: 'Form not found' })).toBeVisible();
  });

  test("an unknown form says 'Form not found' and leads back to the forms", async ({ page, signIn }) => {
    await signIn();
    await page.goto('/forms/999999');
    await expect(page.getByRole('heading', { name: 'Form not found' })).toBeVisible();
    await expect(page.getByText("The form you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to Forms' }).click();
    await expect(page).toHaveURL(/\/forms$/);

    await page.goto('/forms/not-a-number');
    await expect(page.getByRole('heading', { name: 'Form not found' })).toBeVisible();
  });

  test('a viewer sees a public form without Stats, Edit or Delete, and no category management', async ({
    page,
    request,
    server,
  }) => {
    const api = await FormsApi.signIn(server);
    const form = await api.upload({ title: 'Welfare scheme form' });
    const viewer = await createUser(request, 'viewer', 'Viewer');

    await signInAs(page, viewer);
    await openWithRecord(page, `/forms/${form.id}`);
    await expect(page.getByRole('heading', { name: 'Welfare scheme form', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stats', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByText('Total Downloads')).toHaveCount(0);

    await page.goto('/forms/categories');
    await expect(page.getByText("Access Denied: You don't have permission to manage categories.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Category' })).toHaveCount(0);

    // Their own private form is theirs to edit, not to delete.
    const own = await FormsApi.signIn(server, viewer.email, viewer.password);
    const mine = await own.upload({ title: 'My leave form', isPublic: false });
    await page.goto(`/forms/${mine.id}`);
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  });
});

test.describe('category management', () => {
  test('creates the three levels, edits and deletes them', async ({ page, server, signIn }) => {
    const api = await FormsApi.signIn(server);
    const taken = await api.createFolder('category', { name: word('Taken') });
    const categoryName = word('Establishment');
    const subName = word('Transfers');
    const deepName = word('Year');

    await signIn();
    await openWithRecord(page, '/forms/categories');
    await expect(page.getByRole('heading', { name: 'Form Categories', level: 1 })).toBeVisible();

    // Section 5's checks on submit.
    await page.getByRole('button', { name: 'New Category' }).first().click();
    let modal = page.getByRole('dialog', { name: 'New Category' });
    await modal.getByRole('button', { name: 'Create Category' }).click();
    await expect(modal.getByText('Name is required')).toBeVisible();
    await expect(modal.getByText('Slug is required')).toBeVisible();
    await modal.getByLabel('Name', { exact: true }).fill('A name that is far too long for it');
    await modal.getByLabel('Slug').fill('Not A Slug');
    await modal.getByLabel('Color', { exact: true }).fill('blue');
    await modal.getByLabel('Sort order').fill('-3');
    await modal.getByLabel('Description').fill('x'.repeat(501));
    await expect(modal.getByText('501/500')).toBeVisible();
    await modal.getByRole('button', { name: 'Create Category' }).click();
    await expect(modal.getByText('Name must be less than 24 characters')).toBeVisible();
    await expect(modal.getByText('Slug can only contain lowercase letters, numbers, and hyphens')).toBeVisible();
    await expect(modal.getByText('Color must be a valid hex color (e.g., #3B82F6)')).toBeVisible();
    await expect(modal.getByText('Sort order must be a positive number')).toBeVisible();
    await expect(modal.getByText('Description must be less than 500 characters')).toBeVisible();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();

    // A slug another category has: the server's 400 under the slug.
    await page.getByRole('button', { name: 'New Category' }).first().click();
    modal = page.getByRole('dialog', { name: 'New Category' });
    await modal.getByLabel('Name', { exact: true }).fill(taken.name);
    await expect(modal.getByLabel('Slug')).toHaveValue(taken.slug);
    await modal.getByRole('button', { name: 'Create Category' }).click();
    await expect(modal.getByText('This slug is already taken. Please choose a different one.')).toBeVisible();

    // The slug follows the name until it is edited.
    await modal.getByLabel('Name', { exact: true }).fill(categoryName);
    const slug = categoryName.toLowerCase().replace(/\s+/g, '-');
    await expect(modal.getByLabel('Slug')).toHaveValue(slug);
    await modal.getByLabel('Marathi name').fill('आस्थापना');
    await modal.getByLabel('Description').fill('Establishment forms');
    await modal.getByRole('button', { name: 'Use icon 🏦' }).click();
    await modal.getByLabel('Sort order').fill('abc');
    await modal.getByRole('button', { name: 'Create Category' }).click();
    await expect(page.getByText(`Category "${categoryName}" created successfully!`)).toBeVisible();
    await expect(modal).toBeHidden();
    const categoryRow = page.getByTestId(/^folder-category-/).filter({ hasText: categoryName });
    await expect(categoryRow).toContainText(slug);
    await expect(categoryRow).toContainText('0 forms');

    await categoryRow.getByRole('button', { name: `Add subcategory to ${categoryName}` }).click();
    modal = page.getByRole('dialog', { name: `New Subcategory in ${categoryName}` });
    await modal.getByLabel('Name', { exact: true }).fill(subName);
    await modal.getByRole('button', { name: 'Create Subcategory' }).click();
    await expect(page.getByText(`Subcategory "${subName}" created successfully!`)).toBeVisible();
    const subRow = page.getByTestId(/^folder-subcategory-/).filter({ hasText: subName });
    await expect(subRow).toBeVisible();

    await subRow.getByRole('button', { name: `Add sub-subcategory to ${subName}` }).click();
    modal = page.getByRole('dialog', { name: `New Sub-subcategory in ${subName}` });
    await modal.getByLabel('Name', { exact: true }).fill(deepName);
    await modal.getByRole('button', { name: 'Create Sub-subcategory' }).click();
    await expect(page.getByText(`Sub-subcategory "${deepName}" created successfully!`)).toBeVisible();
    const deepRow = page.getByTestId(/^folder-sub_subcategory-/).filter({ hasText: deepName });
    await expect(deepRow).toBeVisible();

    // A form in the deepest folder counts on every level above it.
    const deepId = Number((await deepRow.getAttribute('data-testid'))!.split('-').pop());
    const subId = Number((await subRow.getAttribute('data-testid'))!.split('-').pop());
    const categoryId = Number((await categoryRow.getAttribute('data-testid'))!.split('-').pop());
    await api.upload({ title: 'Transfer request', categoryId, subcategoryId: subId, subSubcategoryId: deepId });
    await page.reload();
    await expect(categoryRow).toContainText('1 form');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect(deepRow).toContainText('1 form');

    // Edit: the slug stays as it was unless changed; Active off shows Inactive.
    await deepRow.getByRole('button', { name: `Edit ${deepName}` }).click();
    modal = page.getByRole('dialog', { name: 'Edit Sub-subcategory' });
    await expect(modal.getByLabel('Name', { exact: true })).toHaveValue(deepName);
    await modal.getByLabel('Name', { exact: true }).fill(`${deepName} old`);
    await expect(modal.getByLabel('Slug')).toHaveValue(deepName.toLowerCase().replace(/\s+/g, '-'));
    await modal.getByLabel('Active').uncheck();
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(`Sub-subcategory "${deepName} old" updated successfully!`)).toBeVisible();
    const editedRow = page.getByTestId(/^folder-sub_subcategory-/).filter({ hasText: `${deepName} old` });
    await expect(editedRow).toContainText('Inactive');

    // Delete: the question, and how many forms go with it.
    await editedRow.getByRole('button', { name: `Delete ${deepName} old` }).click();
    let confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Are you sure you want to delete this sub-subcategory?');
    await expect(confirm).toContainText('It goes to the trash with the 1 form in it.');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`Sub-subcategory "${deepName} old" deleted successfully!`)).toBeVisible();
    await expect(editedRow).toHaveCount(0);
    await expect(categoryRow).toContainText('0 forms');

    await categoryRow.getByRole('button', { name: `Delete ${categoryName}` }).click();
    confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Are you sure you want to delete this category?');
    await expect(confirm).toContainText('It goes to the trash with the folders inside it.');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`Category "${categoryName}" deleted successfully!`)).toBeVisible();
    await expect(categoryRow).toHaveCount(0);
  });

  test('is in Marathi when the screen is', async ({ page, signIn }) => {
    await signIn();
    await page.evaluate(() => localStorage.setItem('srpf-language', 'mr'));
    await openWithRecord(page, '/forms/categories');
    await expect(page.getByRole('heading', { name: 'फॉर्म प्रवर्ग', level: 1 })).toBeVisible();
    // The default tree, by its Marathi names.
    await expect(page.getByText('भविष्य निर्वाह निधी', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'सर्व उघडा' }).click();
    await expect(page.getByText('परतावा', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'नवीन प्रवर्ग' }).first().click();
    const modal = page.getByRole('dialog', { name: 'नवीन प्रवर्ग' });
    await modal.getByRole('button', { name: 'प्रवर्ग तयार करा' }).click();
    await expect(modal.getByText('नाव आवश्यक आहे')).toBeVisible();
    await expect(modal.getByLabel('सक्रिय')).toBeChecked();
  });
});

test.describe('accessibility', () => {
  test('the detail and categories pages pass axe-core WCAG 2.1 AA in both themes', async ({ page, server, signIn }) => {
    const api = await FormsApi.signIn(server);
    const { category, subcategory } = await threeLevels(api);
    const form = await api.upload({
      title: 'Computer advance form',
      isPublic: false,
      categoryId: category.id,
      subcategoryId: subcategory.id,
    });

    await signIn();
    for (const theme of ['light', 'dark'] as const) {
      await openWithRecord(page, `/forms/${form.id}`);
      await useTheme(page, theme);
      await expect(page.getByRole('heading', { name: 'Computer advance form', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Stats', exact: true }).click();
      await expect(page.getByTestId('total-downloads')).toBeVisible();
      await expectNoAxeViolations(page, `/forms/${form.id} (${theme})`);

      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page, `/forms/${form.id} (${theme}, delete confirmation)`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.goto(`/forms/${form.id}/edit`);
      await expect(page.getByRole('heading', { name: 'Edit Form', level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `/forms/${form.id}/edit (${theme})`);

      await page.goto('/forms/categories');
      await expect(
        page
          .getByText('भविष्य निर्वाह निधी')
          .or(page.getByText('GPF', { exact: true }))
          .first(),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Expand all' }).click();
      await expectNoAxeViolations(page, `/forms/categories (${theme})`);
      await page.getByRole('button', { name: 'New Category' }).first().click();
      await page.getByRole('dialog', { name: 'New Category' }).getByRole('button', { name: 'Create Category' }).click();
      await expect(page.getByText('Name is required')).toBeVisible();
      await expectNoAxeViolations(page, `/forms/categories (${theme}, the folder form with errors)`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/forms/999999');
      await expect(page.getByRole('heading', { name: 'Form not found' })).toBeVisible();
      await expectNoAxeViolations(page, `'Form not found' (${theme})`);
    }
  });
});
