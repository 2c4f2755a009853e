import type { Page, Response } from '@playwright/test';
import { expect } from './fixtures.js';

const SIGNED_FILE = /\/api\/forms\/\d+\/file\?token=/;

/**
 * Clicks a control that opens a form's signed address in a new tab (GET /api/forms/{id}/file?token=)
 * and answers what the tab received: the response is awaited on the whole context from before the
 * click, so a fast answer is never missed. It must be a PDF shown inline under its name, fetched
 * without a bearer header. Chromium's PDF viewer keeps the bytes to itself, so they are fetched
 * once more from the same address, which stays valid for a minute.
 */
export async function openSignedPdf(
  page: Page,
  click: () => Promise<void>,
): Promise<{ tab: Page; name: string; bytes: Buffer }> {
  const answered = page.context().waitForEvent('response', (response: Response) => SIGNED_FILE.test(response.url()));
  const [tab] = await Promise.all([page.waitForEvent('popup'), click()]);
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(response.request().headers().authorization).toBeUndefined();
  const disposition = response.headers()['content-disposition'] ?? '';
  expect(disposition).toMatch(/^inline;/);
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
  const again = await page.request.get(response.url());
  expect(again.status()).toBe(200);
  return { tab, name, bytes: await again.body() };
}
