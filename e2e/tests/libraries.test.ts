import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { test, expect } from '../lib/fixtures.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const pdfFile = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF });

/** Options show an icon before the name, so pick by the option's text. */
async function chooseOption(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).getAttribute('value');
  await select.selectOption(value!);
}

test.describe('orders library', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn();
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  });

  test('folders, upload, view, download, approval and delete, as a clerk would', async ({ page, context }) => {
    await expect(page.getByPlaceholder('Search orders...')).toBeVisible();

    await page.getByRole('button', { name: 'New Folder' }).first().click();
    const categoryDialog = page.getByRole('dialog', { name: 'New Category' });
    await categoryDialog.getByRole('button', { name: 'Create' }).click();
    await expect(categoryDialog.getByText('Name is required')).toBeVisible();
    await categoryDialog.getByLabel('Name').fill('Transfers 2026');
    await categoryDialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Category created successfully')).toBeVisible();

    await page.getByRole('button', { name: 'New subcategory in Transfers 2026' }).click({ force: true });
    const subDialog = page.getByRole('dialog', { name: 'New Subcategory' });
    await subDialog.getByLabel('Name').fill('Group 5 Daund');
    await subDialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Subcategory created successfully')).toBeVisible();

    await page.getByText('Transfers 2026').first().click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Transfers 2026');
    await page.getByText('Group 5 Daund').first().click();
    await expect(page.getByText('No orders found')).toBeVisible();

    await page.getByRole('button', { name: 'New Order' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Order' });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(upload.getByText('Title is required')).toBeVisible();
    await upload.getByLabel('Title').fill('Transfer order of Head Constables');
    await upload.getByLabel('PDF Document').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(upload.getByText('Only PDF files are allowed')).toBeVisible();
    await upload.getByLabel('PDF Document').setInputFiles(pdfFile('transfer-order.pdf'));
    await upload.getByLabel('Date').fill('2026-11-20');
    await chooseOption(upload.getByLabel('Category', { exact: true }), 'Transfers 2026');
    await chooseOption(upload.getByLabel('Subcategory', { exact: true }), 'Group 5 Daund');
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Order uploaded successfully')).toBeVisible();

    const row = page.getByRole('article', { name: 'Transfer order of Head Constables' });
    await expect(row).toContainText('Effective:');
    await expect(row).toContainText('Transfers 2026');

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');

    const [viewer] = await Promise.all([context.waitForEvent('page'), row.getByRole('button', { name: 'View PDF' }).click()]);
    expect(viewer.url()).toMatch(/^blob:/);
    await viewer.close();

    await row.getByRole('link', { name: 'Transfer order of Head Constables' }).click();
    await expect(page.getByRole('heading', { name: /^Order #\d+$/ })).toBeVisible();
    await expect(page.getByText('Order Created')).toBeVisible();
    await page.getByRole('button', { name: 'Approve Order' }).click();
    await expect(page.getByText('Order Approved', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve Order' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to Orders' }).or(page.getByRole('link', { name: 'Back to Orders' })).first().click();

    await page.getByRole('button', { name: 'List view' }).click();
    const listed = page.getByRole('article', { name: 'Transfer order of Head Constables' });
    await listed.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: 'Are you sure you want to delete this order?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Order deleted successfully')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Transfer order of Head Constables' })).toHaveCount(0);
  });

  test('an unknown order says so', async ({ page }) => {
    await page.goto('/orders/999999');
    await expect(page.getByText('Order not found.')).toBeVisible();
  });
});

test.describe('circulars and government decisions', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('a mandatory circular is acknowledged once from its detail page', async ({ page }) => {
    await page.goto('/circulars');
    await expect(page.getByPlaceholder('Search circulars...')).toBeVisible();
    await page.getByRole('button', { name: 'List view' }).click();
    await page.getByRole('button', { name: 'New Circular' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Circular' });
    await upload.getByLabel('Title').fill('परिपत्रक: हिवाळी गणवेश');
    await upload.getByLabel('PDF Document').setInputFiles(pdfFile('paripatrak.pdf'));
    await upload.getByLabel('Date').fill('2026-11-21');
    await upload.getByLabel('Tags').fill('uniform, winter');
    await upload.getByLabel(/^Mandatory/).check();
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Circular uploaded successfully')).toBeVisible();

    const row = page.getByRole('article', { name: 'परिपत्रक: हिवाळी गणवेश' });
    await expect(row).toContainText('Mandatory');
    await page.getByPlaceholder('Search circulars...').fill('हिवाळी');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(row).toBeVisible();

    await row.getByRole('link', { name: 'परिपत्रक: हिवाळी गणवेश' }).click();
    await expect(page.getByRole('heading', { name: /^Circular #\d+$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Acknowledge Circular' }).click();
    await expect(page.getByRole('button', { name: 'Acknowledge Circular' })).toHaveCount(0);
    await expect(page.getByText('Acknowledged', { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Share Circular' }).click();
  });

  test('government decisions carry the Marathi title and their own texts', async ({ page }) => {
    await page.goto('/government-decisions');
    await expect(page.getByRole('heading', { name: 'शासन निर्णय', level: 1 })).toBeVisible();
    await expect(page.getByPlaceholder('Search government decisions...')).toBeVisible();
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByText('No government decisions found')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Decision' })).toBeVisible();
  });
});
