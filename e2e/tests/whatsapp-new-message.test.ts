import type { Page } from '@playwright/test';
import { test, expect } from '../lib/fixtures.js';
import { expectNoAxeViolations, useTheme, type Theme } from '../lib/axe.js';
import { createNewMessagePeople, fullName, QUESTION, seedQuestion, SILENT, WROTE_IN } from '../lib/new-message.js';
import { horizontalOverflow } from '../lib/overflow.js';
import { openPage } from '../lib/payslip-whatsapp.js';
import { startSeededServer, type SeededServer } from '../lib/seeded-server.js';

/**
 * New Message on /whatsapp (issue 31), on a server of this file's own with the `outbox` provider: an
 * administrator picks a person and writes. To a person who wrote in an hour ago (their 24-hour window
 * is open) the message is queued, a notice says so and it shows in Recent Messages; to a person who
 * never wrote the screen says a template is needed and nothing is sent. At 1366 px and a 390 px phone,
 * the open dialog passes axe in both themes. The question is written into the database while the
 * server is stopped, as the webhook would have stored it.
 */

let seeded: SeededServer;

/** The total of the page's title, 'WhatsApp Messages (N)'. */
async function totalMessages(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { level: 1, name: /^WhatsApp Messages \(\d+\)$/ });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  return Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')![1]);
}

/** Opens New Message, picks the person by their surname and types the text. */
async function writeTo(page: Page, person: { firstName: string; lastName: string }, text: string) {
  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Message' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Person' }).fill(person.lastName);
  await dialog.getByRole('option', { name: new RegExp(fullName(person)) }).click();
  await expect(dialog.getByRole('button', { name: `Remove ${fullName(person)}` })).toBeVisible();
  await dialog.getByLabel('Message').fill(text);
  return dialog;
}

const recent = (page: Page) => page.getByTestId('recent-conversations');
const TEMPLATE_NEEDED = /has not written in the last 24 hours.*template/;

test.describe('New Message on the messaging overview', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(240_000);
    // The embedded database admits one process at a time: the question is written while the server is stopped.
    seeded = await startSeededServer(playwright, {
      suite: 'whatsapp-new-message',
      createPeople: createNewMessagePeople,
      seed: seedQuestion,
    });
  });

  test.afterAll(async () => {
    await seeded?.dispose();
  });

  for (const width of [1366, 390]) {
    test(`at ${width} px: a person who wrote in gets the message, a person who did not needs a template`, async ({
      browser,
    }) => {
      const { context, page } = await openPage(browser, width, seeded.server);
      try {
        await page.goto('/whatsapp');
        const before = await totalMessages(page);
        // The question that opened the window, found by the page's search.
        await page.getByLabel('Search messages').fill(QUESTION);
        await expect(recent(page).locator('li')).toHaveCount(1);
        await expect(recent(page).locator('li')).toContainText(fullName(WROTE_IN));
        await expect(recent(page).locator('li')).toContainText(QUESTION);
        await page.getByLabel('Search messages').fill('');

        // Nobody wrote: the screen says a template is needed; the dialog stays open with the text.
        const refused = `Duty roster changed (${width} px)`;
        const dialog = await writeTo(page, SILENT, refused);
        await dialog.getByRole('button', { name: 'Send', exact: true }).click();
        await expect(dialog.getByRole('alert')).toHaveText(TEMPLATE_NEEDED);
        await expect(dialog.getByLabel('Message')).toHaveValue(refused);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
        // Nothing was sent: as stored, the total is the same and the text is nowhere.
        await page.reload();
        expect(await totalMessages(page)).toBe(before);
        await expect(recent(page)).not.toContainText(refused);
        await expect(recent(page)).not.toContainText(fullName(SILENT));

        // The person wrote an hour ago: queued (the outbox keeps it), and it shows in Recent Messages.
        const answer = `Your leave starts on Monday (${width} px)`;
        const open = await writeTo(page, WROTE_IN, answer);
        await open.getByRole('button', { name: 'Send', exact: true }).click();
        await expect(open).toBeHidden();
        await expect(
          page.getByText('The message is stored in the outbox: nothing is delivered to anyone.'),
        ).toBeVisible();
        const conversation = recent(page)
          .locator('li')
          .filter({ hasText: fullName(WROTE_IN) });
        await expect(conversation).toContainText(answer);
        expect(await totalMessages(page)).toBe(before + 1);
        expect(await horizontalOverflow(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });

    test(`at ${width} px the open dialog, empty, filled and refused, passes axe in both themes`, async ({
      browser,
    }) => {
      const { context, page } = await openPage(browser, width, seeded.server);
      try {
        for (const theme of ['light', 'dark'] as Theme[]) {
          await page.goto('/whatsapp');
          await useTheme(page, theme);
          await totalMessages(page);
          await page.getByRole('button', { name: 'New Message' }).click();
          const empty = page.getByRole('dialog', { name: 'New Message' });
          // Send with nothing chosen: the form says what is missing.
          await empty.getByRole('button', { name: 'Send', exact: true }).click();
          await expect(empty).toContainText('Choose a person');
          await expect(empty).toContainText('Type the message');
          await expectNoAxeViolations(page, `New Message, empty, at ${width} px (${theme})`);
          await empty.getByRole('button', { name: 'Cancel' }).click();

          const dialog = await writeTo(page, SILENT, 'Parade at 07:00');
          await expectNoAxeViolations(page, `New Message, filled, at ${width} px (${theme})`);
          await dialog.getByRole('button', { name: 'Send', exact: true }).click();
          await expect(dialog.getByRole('alert')).toHaveText(TEMPLATE_NEEDED);
          await expectNoAxeViolations(page, `New Message, refused, at ${width} px (${theme})`);
          expect(await horizontalOverflow(page)).toEqual([]);
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        }
      } finally {
        await context.close();
      }
    });
  }
});
