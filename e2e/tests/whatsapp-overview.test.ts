import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../lib/fixtures.js';
import { expectNoAxeViolations, useTheme, type Theme } from '../lib/axe.js';
import { createMessagingStaff, FORMULA_BODY, PLAIN_CLERK, seedMessages } from '../lib/messaging-seed.js';
import { openPage } from '../lib/payslip-whatsapp.js';
import { startSeededServer, type SeededServer } from '../lib/seeded-server.js';

/**
 * The messaging overview /whatsapp (issue 31) on messages seeded straight into the database of this
 * file's own server (the default `outbox` provider): the hand-counted figures, the six recent
 * conversations, 'View N more messages' opening All Messages (search, Escape), Export Chat's CSV,
 * Settings (the outbox, self-service switched on), and no Messaging for a clerk without send_whatsapp;
 * at 1366 px and a 390 px phone, axe in both themes.
 */

let seeded: SeededServer;

async function openOverview(page: Page) {
  await page.goto('/whatsapp');
  await expect(page.getByRole('heading', { level: 1, name: 'WhatsApp Messages (14)' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('recent-conversations').locator('li')).toHaveCount(6);
}

test.describe('the messaging overview', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(240_000);
    // The messages go straight into the database, which the embedded server holds while it runs.
    seeded = await startSeededServer(playwright, {
      suite: 'whatsapp-overview',
      createPeople: createMessagingStaff,
      seed: seedMessages,
    });
  });

  test.afterAll(async () => {
    await seeded?.dispose();
  });

  test('an administrator reads the counts, the six recent conversations and the All Messages panel', async ({
    browser,
  }) => {
    const { context, page } = await openPage(browser, 1366, seeded.server);
    try {
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Messaging' }).click();
      await openOverview(page);
      // A figure's card: the label's paragraph and the value beside it.
      const card = (label: string) =>
        page
          .locator('p', { hasText: new RegExp(`^${label.replace(/[()%]/g, (character) => `\\${character}`)}$`) })
          .locator('xpath=..');
      await expect(card('Total Messages')).toContainText('14');
      await expect(card('Received')).toContainText('9');
      await expect(card('Sent')).toContainText('4');
      await expect(card('Contacts')).toContainText('9');
      await expect(card('Failed')).toContainText('1');
      await expect(card('Response rate (%)')).toContainText('44.4');

      // Newest first: the number of nobody, then constables One to Five; One asked and was answered.
      const recent = page.getByTestId('recent-conversations').locator('li');
      await expect(recent.first()).toContainText('Unknown Caller');
      await expect(recent.first()).toContainText('1 unread');
      await expect(recent.nth(1)).toContainText('Constable One');
      await expect(recent.nth(1)).toContainText('Answer to One');
      await expect(recent.nth(1)).toContainText('Completed');
      await expect(recent.nth(5)).toContainText('Needs attention');

      // The page's search narrows the grid.
      await page.getByLabel('Search messages').fill('Three');
      await expect(recent).toHaveCount(1);
      await expect(recent.first()).toContainText('Constable Three');
      await page.getByLabel('Search messages').fill('');
      await expect(recent).toHaveCount(6);

      const opener = page.getByRole('button', { name: 'View 3 more messages' });
      await opener.click();
      const panel = page.getByRole('dialog', { name: 'All Messages' });
      await expect(panel).toBeVisible();
      await expect(panel.getByText('14 messages')).toBeVisible();
      await expect(panel.getByTestId('all-messages').locator('li')).toHaveCount(14);
      await panel.getByLabel('Search messages').fill('Eight');
      await expect(panel.getByTestId('all-messages').locator('li')).toHaveCount(1);
      await expect(panel.getByTestId('all-messages')).toContainText('Question from Eight');
      await panel.getByLabel('Status').selectOption('failed');
      await expect(panel.getByText('No messages found')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(opener).toBeFocused();
    } finally {
      await context.close();
    }
  });

  test('Export Chat downloads the messages as formula-safe CSV', async ({ browser }) => {
    const { context, page } = await openPage(browser, 1366, seeded.server);
    try {
      await openOverview(page);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export Chat' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^whatsapp-messages-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
      const lines = text.trimEnd().split('\r\n');
      expect(lines[0]).toBe('id,created_at,direction,status,from_number,to_number,contact_name,message_type,body');
      expect(lines).toHaveLength(15);
      expect(text).toContain(`,'${FORMULA_BODY}`);
      expect(text).toContain('Unknown Caller');
    } finally {
      await context.close();
    }
  });

  test('Settings shows the outbox and an administrator switches self-service on', async ({ browser }) => {
    const { context, page } = await openPage(browser, 1366, seeded.server);
    try {
      await openOverview(page);
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Messaging Settings' });
      await expect(dialog).toContainText('Outbox: messages are stored here and nothing is delivered to anyone.');
      await expect(dialog).toContainText('Sending normally');
      const toggle = dialog.getByRole('switch', { name: "Answer people's requests automatically" });
      await expect(toggle).not.toBeChecked();
      // The switch shows the server's state: on once the change is saved (not at the click itself).
      await toggle.click();
      await expect(toggle).toBeChecked();
      await expect(dialog).toContainText('(On)');
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect(dialog).toBeHidden();

      // Start Bot opens the same panel at the switch, which stays on.
      await page.getByRole('button', { name: 'Start Bot' }).click();
      await expect(page.getByRole('switch', { name: "Answer people's requests automatically" })).toBeFocused();
      await expect(page.getByRole('switch', { name: "Answer people's requests automatically" })).toBeChecked();
    } finally {
      await context.close();
    }
  });

  test('a clerk without send_whatsapp has no Messaging and is refused the page', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: seeded.server.baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    try {
      // An administrator set his password: he chooses his own first.
      await page.goto('/login');
      await page.getByLabel('Email').fill(PLAIN_CLERK.email);
      await page.getByLabel('Password', { exact: true }).fill(PLAIN_CLERK.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByLabel('Current (one-time) password').fill(PLAIN_CLERK.password);
      await page.getByLabel('New Password', { exact: true }).fill('Own-clerk-password-2026');
      await page.getByLabel('Confirm New Password').fill('Own-clerk-password-2026');
      await page.getByRole('button', { name: 'Change password and continue' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(nav.getByRole('link', { name: 'Salary & Finance' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Messaging' })).toHaveCount(0);
      await page.goto('/whatsapp');
      await expect(page.getByText('You do not have access to messaging')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  for (const width of [1366, 390]) {
    test(`at ${width} px the page and the panel pass axe in both themes and do not scroll sideways`, async ({
      browser,
    }) => {
      const { context, page } = await openPage(browser, width, seeded.server);
      try {
        for (const theme of ['light', 'dark'] as Theme[]) {
          await page.goto('/whatsapp');
          await useTheme(page, theme);
          await openOverview(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
          await expectNoAxeViolations(page, `/whatsapp at ${width} px (${theme})`);
          await page.getByRole('button', { name: 'View 3 more messages' }).click();
          const panel = page.getByRole('dialog', { name: 'All Messages' });
          await expect(panel.getByTestId('all-messages').locator('li')).toHaveCount(14);
          await expectNoAxeViolations(page, `All Messages at ${width} px (${theme})`);
          await page.keyboard.press('Escape');
          await expect(panel).toBeHidden();
          await page.getByRole('button', { name: 'Settings', exact: true }).click();
          await expect(page.getByRole('dialog', { name: 'Messaging Settings' })).toContainText('Outbox');
          await expectNoAxeViolations(page, `Messaging Settings at ${width} px (${theme})`);
          await page.keyboard.press('Escape');
        }
      } finally {
        await context.close();
      }
    });
  }
});
