import type { Locator, Page } from '@playwright/test';
import { test, expect, signInAs } from '../lib/fixtures.js';
import { expectNoAxeViolations, useTheme, type Theme } from '../lib/axe.js';
import { FormsApi } from '../lib/forms-api.js';
import { createUser, makePdf } from '../lib/libraries-ui.js';
import { openSignedPdf } from '../lib/signed-pdf.js';

// A server of its own: these tests add forms and folders, which the dashboard and other screens count.
test.use({ serverEnv: { E2E_SUITE: 'forms-library' } });

/** A name no other test uses (folder names are at most 24 characters). */
function word(prefix: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let text = '';
  for (let i = 0; i < 5; i += 1) text += letters[Math.floor(Math.random() * letters.length)];
  return `${prefix} ${text}`;
}

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: makePdf(name.replace(/[^\x20-\x7e]/g, '?')),
});

/** A folder card of the grid, by its name as shown. */
const folderCard = (page: Page, name: string) =>
  page.locator('li[data-folder-card]', { has: page.getByText(name, { exact: true }) });

/** Opens a folder card (the card's own button, not its actions). */
async function openCard(page: Page, name: string): Promise<void> {
  await folderCard(page, name).locator('button').first().click();
}

/** A card's hover action: edit, create below, delete. */
async function cardAction(page: Page, name: string, action: string): Promise<void> {
  const card = folderCard(page, name);
  await card.hover();
  await card.getByRole('button', { name: `${action} ${name}`, exact: true }).click();
}

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
const formRow = (page: Page, title: string) =>
  page.locator('tr[data-form-row]', { has: page.getByRole('link', { name: title, exact: true }) });
const bulkFile = (dialog: Locator, name: string) => dialog.locator(`li[data-bulk-file="${name}"]`);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Creates a folder through the slide-over, which closes after its slide-out. */
async function saveFolder(page: Page, panelTitle: string, name: string, submit: string): Promise<void> {
  const panel = page.getByRole('dialog', { name: panelTitle });
  await panel.getByLabel('Name', { exact: true }).fill(name);
  await panel.getByRole('button', { name: submit, exact: true }).click();
  await expect(panel).toBeHidden();
}

/** Drags a file over a card and drops it, as a person dragging from the file manager. */
async function dropFile(
  page: Page,
  target: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.mimeType, bytes: [...file.buffer] },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await expect(target).toHaveAttribute('data-drag-over', 'true');
  await target.dispatchEvent('drop', { dataTransfer });
}

test.describe('forms library', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn();
    await page.goto('/forms');
    await expect(page.getByRole('heading', { name: 'Forms', level: 1 })).toBeVisible();
  });

  test('three folder levels made on the screen, an upload into the deepest, the breadcrumb and Back', async ({
    page,
  }) => {
    // A fresh installation has the default tree.
    for (const name of ['GPF', 'Medical bills', 'LTC', 'Government agrim', 'Paripatrak', 'Welfare schemes'])
      await expect(folderCard(page, name)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();

    const category = word('Training');
    const subcategory = word('Range');
    const deep = word('Pistol');
    await page.getByRole('button', { name: 'New Folder', exact: true }).click();
    await saveFolder(page, 'New Category', category, 'Create Category');
    await cardAction(page, category, 'Create subcategory in');
    await saveFolder(page, 'New Subcategory', subcategory, 'Create Subcategory');
    await expect(folderCard(page, category)).toContainText('1 subfolder · 0 forms');

    await openCard(page, category);
    await expect(breadcrumb(page)).toContainText(category);
    await expect(page.getByRole('heading', { name: category, level: 2 })).toBeVisible();
    await cardAction(page, subcategory, 'Create sub-subcategory in');
    await saveFolder(page, 'New Sub-subcategory', deep, 'Create Sub-subcategory');

    await openCard(page, subcategory);
    await expect(breadcrumb(page).getByRole('listitem')).toHaveText([
      'Home',
      new RegExp(escapeRegExp(category)),
      new RegExp(escapeRegExp(subcategory)),
    ]);
    // An empty folder opens the upload, filed into it.
    await openCard(page, deep);
    const upload = page.getByRole('dialog', { name: 'Upload Form' });
    await expect(upload.getByText('Uploading to:')).toBeVisible();
    await expect(upload.getByTestId('upload-path')).toHaveText(`${category} / ${subcategory} / ${deep}`);
    await upload.getByLabel('PDF file').setInputFiles(pdf('pistol-drill-register.pdf'));
    await upload.getByLabel('Title', { exact: true }).fill('Pistol drill register');
    await upload.getByRole('button', { name: 'Upload Form', exact: true }).click();
    await expect(page.getByText('Form created successfully!')).toBeVisible();
    await expect(upload).toBeHidden();
    await expect(folderCard(page, deep)).toContainText('1 form');

    // A folder with forms and no subfolders lists them.
    await openCard(page, deep);
    await expect(page).toHaveURL(/view=list/);
    await expect(formRow(page, 'Pistol drill register')).toContainText(`${category} › ${subcategory} › ${deep}`);
    await expect(breadcrumb(page).locator('[aria-current="page"]')).toContainText(deep);

    // Back pops one level at a time, to the folders it came from, then to the categories.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(folderCard(page, deep)).toBeVisible();
    await expect(page.getByRole('heading', { name: subcategory, level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(folderCard(page, subcategory)).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(folderCard(page, 'GPF')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();

    // The breadcrumb goes back to any level; Home to the top.
    await openCard(page, category);
    await openCard(page, subcategory);
    await breadcrumb(page)
      .getByRole('button', { name: new RegExp(escapeRegExp(category)) })
      .click();
    await expect(folderCard(page, subcategory)).toBeVisible();
    await breadcrumb(page).getByRole('button', { name: 'Home' }).click();
    await expect(folderCard(page, category)).toBeVisible();
  });

  test('a PDF dropped on a folder card uploads into it; anything else is refused; deleting the folder says what goes with it', async ({
    page,
    server,
  }) => {
    const api = await FormsApi.signIn(server);
    const name = word('Drop');
    await api.createFolder('category', { name });
    await page.reload();
    const card = folderCard(page, name);

    await dropFile(page, card, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Please upload only PDF files.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Upload Form' })).toHaveCount(0);

    await dropFile(page, card, pdf('leave application.pdf'));
    const upload = page.getByRole('dialog', { name: 'Upload Form' });
    await expect(upload.getByTestId('upload-path')).toHaveText(name);
    await expect(upload.getByLabel('Title', { exact: true })).toHaveValue('leave application');
    await upload.getByRole('button', { name: 'Upload Form', exact: true }).click();
    await expect(upload).toBeHidden();
    await expect(card).toContainText('1 form');
    expect((await api.formTitled('leave application')).categoryInfo.categoryName).toBe(name);

    await cardAction(page, name, 'Delete');
    const confirm = page.getByRole('dialog', { name: `Delete category "${name}"` });
    await expect(confirm).toContainText(`Are you sure you want to delete "${name}"?`);
    await expect(confirm).toContainText('It goes to the trash with the 1 form in it.');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card).toHaveCount(0);
  });

  test('bulk upload of ten PDFs with auto-categorise files each into its folder', async ({ page, server }) => {
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload Forms' });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByText('Please select files to upload')).toBeVisible();

    const expected: [string, string][] = [
      ['GPF refund form.pdf', 'GPF › Refundable'],
      ['GPF non refundable.pdf', 'GPF › Non-refundable'],
      ['LTC travel claim.pdf', 'LTC'],
      ['swagram LTC.pdf', 'LTC › Swagram'],
      ['medical a form.pdf', 'Medical bills › A form'],
      ['संगणक अग्रिम अर्ज.pdf', 'Government agrim › Computer'],
      ['दुचाकी अग्रिम.pdf', 'Government agrim › Motorcycle'],
      ['परिपत्रक 2025.pdf', 'Paripatrak › Old › 2025'],
      ['Eklavya scholarship.pdf', 'Welfare schemes › Eklavya'],
      ['duty roster.pdf', 'Uncategorised'],
    ];
    // Where each lands once uploaded: the duty roster is moved by hand below.
    const landed = (name: string, path: string) => (name === 'duty roster.pdf' ? 'Welfare schemes' : path);
    await dialog
      .getByLabel('Browse files')
      .setInputFiles([
        ...expected.map(([name]) => pdf(name)),
        { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') },
      ]);
    await expect(page.getByText('Please upload only PDF files.')).toBeVisible();
    await expect(dialog.locator('li[data-bulk-file]')).toHaveCount(10);
    for (const [name] of expected) await expect(bulkFile(dialog, name)).toContainText('Pending');

    await dialog.getByLabel('Auto-categorise by file name').check();
    for (const [name, path] of expected)
      await expect(bulkFile(dialog, name).getByTestId('bulk-destination'), name).toHaveText(path);
    await expect(bulkFile(dialog, 'संगणक अग्रिम अर्ज.pdf').getByLabel('Language')).toHaveValue('mr');
    await expect(bulkFile(dialog, 'GPF refund form.pdf').getByLabel('Title')).toHaveValue('GPF refund form');
    // The user can still change a file's folder and fields.
    await bulkFile(dialog, 'duty roster.pdf').getByLabel('Folder').selectOption({ label: 'Welfare schemes' });
    await expect(bulkFile(dialog, 'duty roster.pdf').getByTestId('bulk-destination')).toHaveText('Welfare schemes');
    await bulkFile(dialog, 'duty roster.pdf').getByLabel('Visibility').selectOption('private');

    await dialog.getByRole('button', { name: 'Upload 10 files' }).click();
    await expect(page.getByText('Bulk upload completed!')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.locator('li[data-bulk-file][data-status="done"]')).toHaveCount(10);
    await expect(dialog.getByText('10 of 10 files finished')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    const api = await FormsApi.signIn(server);
    for (const [name, path] of expected) {
      const title = name.replace(/\.pdf$/, '');
      const form = await api.formTitled(title);
      const names = [
        form.categoryInfo.categoryName,
        form.categoryInfo.subcategoryName,
        form.categoryInfo.subSubcategoryName,
      ].filter(Boolean);
      expect(names.join(' › '), title).toBe(landed(name, path));
    }
    expect((await api.formTitled('duty roster')).isPublic).toBe(false);

    // Each landed in its folder on the screen too.
    await openCard(page, 'GPF');
    await openCard(page, 'Refundable');
    await expect(formRow(page, 'GPF refund form')).toBeVisible();
    await expect(formRow(page, 'GPF non refundable')).toHaveCount(0);

    // The dashboard's Forms count is real and leads here.
    const total = (await api.list({ limit: 1 })).pagination.total;
    await page.goto('/dashboard');
    const formsCard = page.locator('a[data-metric="forms"]');
    await expect(formsCard).toContainText(String(total));
    await formsCard.click();
    await expect(page).toHaveURL(/\/forms$/);
  });

  test('a file the server refuses fails with its reason, and the others still go', async ({ page }) => {
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload Forms' });
    const good = word('Good');
    await dialog
      .getByLabel('Browse files')
      .setInputFiles([
        { name: 'broken scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('this is not a PDF at all') },
        pdf(`${good}.pdf`),
      ]);
    await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
    await expect(page.getByText(/^Bulk upload failed: 1 of 2 files was not uploaded/)).toBeVisible({ timeout: 30_000 });
    await expect(bulkFile(dialog, 'broken scan.pdf')).toHaveAttribute('data-status', 'failed');
    await expect(bulkFile(dialog, 'broken scan.pdf').getByRole('alert')).toContainText('Failed:');
    await expect(bulkFile(dialog, `${good}.pdf`)).toHaveAttribute('data-status', 'done');
    // Upload again retries only the failed file.
    await expect(dialog.getByRole('button', { name: 'Retry 1 file' })).toBeVisible();
  });

  test('the list view: columns, filters in the address, paging, Clear Filters and the row actions', async ({
    page,
    server,
  }) => {
    const api = await FormsApi.signIn(server);
    const category = await api.createFolder('category', { name: word('Filters') });
    const subcategory = await api.createFolder('subcategory', { name: word('Marathi') }, category.id);
    for (let i = 1; i <= 12; i += 1)
      await api.upload({ title: `English form ${String(i).padStart(2, '0')}`, categoryId: category.id });
    for (let i = 1; i <= 10; i += 1)
      await api.upload({
        title: `Marathi form ${String(i).padStart(2, '0')}`,
        language: 'mr',
        isPublic: false,
        categoryId: category.id,
        subcategoryId: subcategory.id,
      });

    // The folder tree is cached for 5 minutes (section 9): a reload shows the folders just made.
    await page.reload();
    await page.getByRole('button', { name: 'List', exact: true }).click();
    const table = page.getByRole('table', { name: 'Forms' });
    for (const header of ['Form', 'Language', 'Visibility', 'Uploaded', 'Actions'])
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();

    await page.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
    await expect(page).toHaveURL(new RegExp(`category=${category.id}`));
    await expect(page.getByText('Showing 1 to 20 of 22 forms')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 21 to 22 of 22 forms')).toBeVisible();
    await expect(page).toHaveURL(/page=2/);

    // Any filter goes back to page 1.
    await page.getByRole('main').getByLabel('Language', { exact: true }).selectOption({ label: 'Marathi' });
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page).toHaveURL(/language=mr/);
    await expect(page.getByText('Showing 1 to 10 of 10 forms')).toBeVisible();
    const row = formRow(page, 'Marathi form 01');
    await expect(row).toContainText('Marathi');
    await expect(row).toContainText('Private');
    await expect(row).toContainText(`${category.name} › ${subcategory.name}`);
    await page.getByLabel('Visibility', { exact: true }).selectOption({ label: 'Public' });
    await expect(page.getByText('No forms', { exact: true })).toBeVisible();
    await page.getByLabel('Visibility', { exact: true }).selectOption({ label: 'Private' });
    await page.getByLabel('Subcategory', { exact: true }).selectOption({ label: subcategory.name });
    await expect(page.getByText('Showing 1 to 10 of 10 forms')).toBeVisible();
    await page.getByLabel('Uploaded from').fill('01/01/2099');
    await expect(page.getByText('No forms', { exact: true })).toBeVisible();

    // The address keeps the filters: a reload shows the same list.
    await page.reload();
    await expect(page.getByLabel('Uploaded from')).toHaveValue('01/01/2099');
    await expect(page.getByRole('main').getByLabel('Language', { exact: true })).toHaveValue('mr');

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/forms\?view=list$/);
    await expect(page.getByRole('main').getByLabel('Language', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Uploaded from')).toHaveValue('');

    // Search finds a form; its row's actions work.
    await page.getByRole('searchbox', { name: 'Search forms' }).fill('English form 07');
    const english = formRow(page, 'English form 07');
    await expect(english).toBeVisible();
    await expect(page.getByText('Showing 1 to 1 of 1 forms')).toBeVisible();
    await expect(english).toContainText('English');
    await expect(english).toContainText('Public');

    // View PDF opens the signed address in a new tab, which streams the PDF without a bearer header.
    const { tab, bytes } = await openSignedPdf(page, () => english.getByRole('button', { name: 'View PDF' }).click());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await tab.close();

    const download = page.waitForEvent('download');
    await english.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    await english.getByRole('button', { name: 'Edit Metadata' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Metadata' });
    await edit.getByLabel('Title', { exact: true }).fill('English form seven');
    await edit.getByRole('button', { name: 'Update Form' }).click();
    await expect(page.getByText('Form updated successfully!')).toBeVisible();
    await expect(edit).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search forms' }).fill('English form seven');
    const renamed = formRow(page, 'English form seven');
    await renamed.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete form "English form seven"' });
    await expect(confirm).toContainText('Are you sure you want to delete this form?');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Form deleted successfully!')).toBeVisible();
    await expect(page.getByText('No forms', { exact: true })).toBeVisible();
  });

  test('a viewer gets no New Folder and Bulk Upload says Access Denied', async ({ browser, request, baseURL }) => {
    const viewer = await createUser(request, 'viewer', 'Kavita');
    const context = await browser.newContext({
      baseURL,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      viewport: { width: 1366, height: 900 },
    });
    try {
      const viewerPage = await context.newPage();
      await signInAs(viewerPage, viewer);
      await viewerPage.goto('/forms');
      await expect(folderCard(viewerPage, 'GPF')).toBeVisible();
      await expect(viewerPage.getByRole('button', { name: 'New Folder', exact: true })).toHaveCount(0);
      await expect(viewerPage.getByRole('button', { name: 'New Form' })).toBeVisible();
      await folderCard(viewerPage, 'GPF').hover();
      await expect(folderCard(viewerPage, 'GPF').getByRole('button', { name: 'Edit GPF' })).toHaveCount(0);
      await viewerPage.getByRole('button', { name: 'Bulk Upload' }).click();
      const dialog = viewerPage.getByRole('dialog', { name: 'Bulk Upload Forms' });
      await expect(dialog.getByText('Access Denied')).toBeVisible();
      await expect(dialog.getByText("You don't have permission to upload forms.")).toBeVisible();
      await expect(dialog.getByLabel('Browse files')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('the whole page in Marathi', async ({ page }) => {
    await page.evaluate(() => localStorage.setItem('srpf-language', 'mr'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'फॉर्म', level: 1 })).toBeVisible();
    await expect(folderCard(page, 'भविष्य निर्वाह निधी')).toBeVisible();
    await expect(folderCard(page, 'परिपत्रक')).toBeVisible();
    for (const button of ['नवीन फोल्डर', 'एकत्रित अपलोड', 'नवीन फॉर्म'])
      await expect(page.getByRole('button', { name: button, exact: true })).toBeVisible();
    await openCard(page, 'भविष्य निर्वाह निधी');
    await expect(page.getByRole('navigation', { name: 'मार्गदर्शक दुवे' })).toContainText('मुख्यपृष्ठ');
    await expect(folderCard(page, 'परतावा')).toBeVisible();
    await page.getByRole('button', { name: 'यादी', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'फॉर्म' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'गाळणी साफ करा' })).toBeVisible();
    await page.getByRole('button', { name: 'एकत्रित अपलोड' }).click();
    const dialog = page.getByRole('dialog', { name: 'फॉर्म एकत्रित अपलोड करा' });
    await expect(dialog.getByText('फाइलच्या नावावरून आपोआप वर्गीकरण करा')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('srpf-language', 'en'));
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    test(`WCAG 2.1 AA in the ${theme} theme: folders, list, slide-over and bulk upload`, async ({ page, server }) => {
      const api = await FormsApi.signIn(server);
      await api.upload({ title: `Accessible form ${theme}`, language: 'mr', isPublic: false });
      await useTheme(page, theme);
      await expect(folderCard(page, 'GPF')).toBeVisible();
      await expectNoAxeViolations(page, `the folders view (${theme})`);

      await page.getByRole('button', { name: 'List', exact: true }).click();
      await expect(formRow(page, `Accessible form ${theme}`)).toBeVisible();
      await expectNoAxeViolations(page, `the list view (${theme})`);

      await page.getByRole('button', { name: 'New Form' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload Form' });
      await expect(upload.getByText('Uploading to:')).toBeVisible();
      // Checked once the panel has slid in (the right half of the screen).
      await expect.poll(async () => Math.round((await upload.boundingBox())?.x ?? 0)).toBe(683);
      await expectNoAxeViolations(page, `the upload slide-over (${theme})`);
      await upload.getByRole('button', { name: 'Cancel' }).click();
      await expect(upload).toBeHidden();

      await page.getByRole('button', { name: 'Bulk Upload' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bulk Upload Forms' });
      await dialog.getByLabel('Browse files').setInputFiles([pdf('GPF refund form.pdf'), pdf('परिपत्रक 2025.pdf')]);
      await dialog.getByLabel('Auto-categorise by file name').check();
      await expect(bulkFile(dialog, 'GPF refund form.pdf').getByTestId('bulk-destination')).toHaveText(
        'GPF › Refundable',
      );
      await expectNoAxeViolations(page, `the bulk upload modal (${theme})`);
    });
  }
});
