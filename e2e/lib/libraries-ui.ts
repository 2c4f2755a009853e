import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { ADMIN, expect } from './fixtures.js';
import type { TLoginResponse } from '@srpf/shared';

/**
 * What the three library screens say in English (spec document 1, sections 2 and 5), so a test
 * reads the library it drives from one row and asserts the texts a person sees.
 */
export interface LibraryTexts {
  path: string;
  /** The page title; government decisions keep their Marathi title in every language. */
  title: string;
  newDocument: string;
  searchPlaceholder: string;
  empty: string;
  upload: string;
  uploadTitle: string;
  editTitle: string;
  uploaded: string;
  updated: string;
  deleted: string;
  deleteConfirm: string;
  /** The spec's question; what goes to the trash with the folder follows it. */
  deleteCategoryConfirm: string;
}

export const LIBRARY_TEXTS = {
  orders: {
    path: '/orders',
    title: 'Orders',
    newDocument: 'New Order',
    searchPlaceholder: 'Search orders...',
    empty: 'No orders found',
    upload: 'Upload Order',
    uploadTitle: 'Upload Order',
    editTitle: 'Edit Order',
    uploaded: 'Order uploaded successfully',
    updated: 'Order updated successfully',
    deleted: 'Order deleted successfully',
    deleteConfirm: 'Are you sure you want to delete this order?',
    deleteCategoryConfirm: 'Are you sure you want to delete this category?',
  },
  circulars: {
    path: '/circulars',
    title: 'Circulars',
    newDocument: 'New Circular',
    searchPlaceholder: 'Search circulars...',
    empty: 'No circulars found',
    upload: 'Upload Circular',
    uploadTitle: 'Upload Circular',
    editTitle: 'Edit Circular',
    uploaded: 'Circular uploaded successfully',
    updated: 'Circular updated successfully',
    deleted: 'Circular deleted successfully',
    deleteConfirm: 'Are you sure you want to delete this circular?',
    deleteCategoryConfirm: 'Are you sure you want to delete this category?',
  },
  'government-decisions': {
    path: '/government-decisions',
    title: 'शासन निर्णय',
    newDocument: 'New Decision',
    searchPlaceholder: 'Search government decisions...',
    empty: 'No government decisions found',
    upload: 'Upload Decision',
    uploadTitle: 'Upload Decision',
    editTitle: 'Edit Decision',
    uploaded: 'Government decision uploaded successfully',
    updated: 'Government decision updated successfully',
    deleted: 'Government decision deleted successfully',
    deleteConfirm: 'Are you sure you want to delete this government decision?',
    deleteCategoryConfirm: 'Are you sure you want to delete this category?',
  },
} as const satisfies Record<string, LibraryTexts>;

/**
 * A small but complete PDF: one A4 page showing `text` in Helvetica, with a correct cross-reference
 * table, so any reader opens it. `text` should be ASCII.
 */
export function makePdf(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (character) => `\\${character}`);
  const content = `BT /F1 18 Tf 72 770 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A file for `setInputFiles`, as a person would pick one from their disk. */
export const pdfFile = (name: string, buffer: Buffer = makePdf(name)) => ({
  name,
  mimeType: 'application/pdf',
  buffer,
});

/** Options show an icon before the name, so pick by the option's text. */
export async function chooseOption(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).getAttribute('value');
  if (value === null) throw new Error(`The select has no option "${text}" with a value`);
  await select.selectOption(value);
}

/** The option a select shows as chosen. */
export const chosenOption = (select: Locator) => select.locator('option:checked');

/** A folder card (category or subcategory) by its name. */
export const folderCard = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) })
    .filter({ has: page.getByRole('button', { name: /Browse$/ }) });

/** Browse: the whole card opens the category or subcategory. */
export async function openFolder(page: Page, name: string): Promise<void> {
  await folderCard(page, name)
    .getByRole('button', { name: /Browse$/ })
    .click();
}

/** One document of the list, by its title. */
export const documentRow = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/**
 * A document's action as a person finds it: the row's first action is a button on the row, the
 * others are in its "More actions" menu. On a detail page (a Page) every action is a button.
 */
export async function documentAction(row: Locator | Page, name: string): Promise<void> {
  const direct = row.getByRole('button', { name, exact: true });
  if (await direct.isVisible()) return direct.click();
  await row.getByRole('button', { name: /^More actions for / }).click();
  await row.getByRole('menuitem', { name, exact: true }).click();
}

/** The actions a row's menu offers, in order (the menu is closed again with Escape). */
export async function documentMenuItems(row: Locator): Promise<string[]> {
  const button = row.getByRole('button', { name: /^More actions for / });
  if ((await button.count()) === 0) return [];
  await button.click();
  const items = await row.getByRole('menuitem').allTextContents();
  await row.page().keyboard.press('Escape');
  await expect(row.getByRole('menu')).toHaveCount(0);
  return items.map((item) => item.trim());
}

/** Edit, New subcategory or Delete of a folder card, from the card's menu ("Actions for …"). */
export async function folderAction(page: Page, name: string, action: string): Promise<void> {
  const card = folderCard(page, name);
  await card.getByRole('button', { name: `Actions for ${name}` }).click();
  await card.getByRole('menuitem', { name: action }).click();
}

/** The folders view (a library opens on the list). */
export async function showFolders(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Folders view' });
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** At the top of the folders view: New Folder, the form's required name, then the new card. */
export async function createCategory(page: Page, name: string, description?: string): Promise<void> {
  await showFolders(page);
  await page.getByRole('button', { name: 'New Folder' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Category' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  if (description) await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Category created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(folderCard(page, name)).toBeVisible();
}

/** New subcategory, from the category card's menu. */
export async function createSubcategory(page: Page, categoryName: string, name: string): Promise<void> {
  await folderAction(page, categoryName, `New subcategory in ${categoryName}`);
  const dialog = page.getByRole('dialog', { name: 'New Subcategory' });
  await expect(chosenOption(dialog.getByLabel('Category'))).toHaveText(new RegExp(escapeRegExp(categoryName)));
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Subcategory created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Download PDF saves a file ending in .pdf whose bytes are the uploaded ones. */
export async function expectDownloadedPdf(page: Page, row: Locator | Page, uploaded?: Buffer): Promise<void> {
  const [download] = await Promise.all([page.waitForEvent('download'), documentAction(row, 'Download PDF')]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const saved = readFileSync(await download.path());
  expect(saved.subarray(0, 5).toString()).toBe('%PDF-');
  if (uploaded) expect(saved.equals(uploaded)).toBe(true);
}

/**
 * View PDF opens a new tab at a temporary blob address, and the browser shows it as a PDF (its
 * viewer's document has the type application/pdf). The bytes are compared by the download.
 */
export async function expectViewedPdf(context: BrowserContext, row: Locator | Page): Promise<void> {
  const [viewer] = await Promise.all([context.waitForEvent('page'), documentAction(row, 'View PDF')]);
  expect(viewer.url()).toMatch(/^blob:/);
  await viewer.waitForLoadState();
  expect(await viewer.evaluate(() => document.contentType)).toBe('application/pdf');
  await viewer.close();
}

/** Delete on a row asks first (Cancel keeps the document), then Delete removes it. */
export async function deleteDocument(page: Page, texts: LibraryTexts, title: string): Promise<void> {
  const row = documentRow(page, title);
  await documentAction(row, 'Delete');
  let confirm = page.getByRole('dialog').filter({ hasText: texts.deleteConfirm });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  await documentAction(row, 'Delete');
  confirm = page.getByRole('dialog').filter({ hasText: texts.deleteConfirm });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(texts.deleted).first()).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
}

/**
 * A person with `role` created by the administrator through the API, who has already replaced the
 * administrator-set password with their own (as the first sign-in demands), ready to sign in.
 */
export async function createUser(
  request: APIRequestContext,
  role: string,
  firstName: string,
): Promise<{ email: string; password: string }> {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${firstName.toLowerCase()}.${unique}@srpf.test`;
  const initial = `Initial-${unique}-2026`;
  const password = `Own-${unique}-2026`;
  const signIn = async (who: string, secret: string) => {
    const response = await request.post('/api/auth/login', { data: { email: who, password: secret } });
    expect(response.status(), await response.text()).toBe(200);
    return { authorization: `Bearer ${((await response.json()) as TLoginResponse).token}` };
  };
  const admin = await signIn(ADMIN.email, ADMIN.password);
  const phone = `9${unique.slice(-9).padStart(9, '0')}`;
  const created = await request.post('/api/users', {
    headers: admin,
    data: { first_name: firstName, last_name: 'Patil', email, phone, password: initial, role, company_id: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const own = await signIn(email, initial);
  const changed = await request.put('/api/users/profile/password', {
    headers: own,
    data: { current_password: initial, new_password: password, confirm_password: password },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  return { email, password };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
