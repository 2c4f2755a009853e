import { test, expect } from '../lib/fixtures.js';
import {
  chooseOption,
  createCategory,
  createSubcategory,
  deleteDocument,
  documentRow,
  expectDownloadedPdf,
  expectViewedPdf,
  LIBRARY_TEXTS,
  makePdf,
  openFolder,
  pdfFile,
} from '../lib/libraries-ui.js';

// Circulars and government decisions: libraries-acknowledged.test.ts.
const texts = LIBRARY_TEXTS.orders;

// A server of its own: these tests add and remove orders, which other screens count.
test.use({ serverEnv: { E2E_LIBRARY: 'orders' } });

test.describe('orders library', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn();
    await page.goto(texts.path);
    await expect(page.getByRole('heading', { name: texts.title, level: 1 })).toBeVisible();
  });

  test('folders, upload, view, download, approval and delete, as a clerk would', async ({ page, context }) => {
    await expect(page.getByPlaceholder(texts.searchPlaceholder)).toBeVisible();

    await createCategory(page, 'Transfers 2026');
    await createSubcategory(page, 'Transfers 2026', 'Group 5 Daund');

    await openFolder(page, 'Transfers 2026');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Transfers 2026');
    await openFolder(page, 'Group 5 Daund');
    await expect(page.getByText(texts.empty)).toBeVisible();

    await page.getByRole('button', { name: texts.newDocument }).click();
    const upload = page.getByRole('dialog', { name: texts.uploadTitle });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(upload.getByText('Title is required')).toBeVisible();
    await upload.getByLabel('Title').fill('Transfer order of Head Constables');
    await upload
      .getByLabel('PDF Document')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(upload.getByText('Only PDF files are allowed')).toBeVisible();
    const pdf = makePdf('Transfer order of Head Constables');
    await upload.getByLabel('PDF Document').setInputFiles(pdfFile('transfer-order.pdf', pdf));
    await upload.getByLabel('Date').fill('20/11/2026');
    await chooseOption(upload.getByLabel('Category', { exact: true }), 'Transfers 2026');
    await chooseOption(upload.getByLabel('Subcategory', { exact: true }), 'Group 5 Daund');
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(texts.uploaded)).toBeVisible();

    const row = documentRow(page, 'Transfer order of Head Constables');
    await expect(row).toContainText('Effective: 20/11/2026');
    await expect(row).toContainText('Transfers 2026');

    await expectDownloadedPdf(page, row, pdf);
    await expectViewedPdf(context, row);

    await row.getByRole('link', { name: 'Transfer order of Head Constables' }).click();
    // The title is the heading, the number above it, the actions at the top.
    await expect(page.getByRole('heading', { name: 'Transfer order of Head Constables', level: 1 })).toBeVisible();
    await expect(page.getByText(/^Order #\d+$/)).toBeVisible();
    await expect(page.getByText('Order Created')).toBeVisible();
    await page.getByRole('button', { name: 'Approve Order' }).click();
    await expect(page.getByText('Order Approved', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve Order' })).toHaveCount(0);
    await page
      .getByRole('button', { name: 'Back to Orders' })
      .or(page.getByRole('link', { name: 'Back to Orders' }))
      .first()
      .click();

    await page.getByRole('button', { name: 'List view' }).click();
    await deleteDocument(page, texts, 'Transfer order of Head Constables');
  });

  test('an unknown order says so', async ({ page }) => {
    await page.goto('/orders/999999');
    await expect(page.getByText('Order not found.')).toBeVisible();
  });
});
