import type { Page } from '@playwright/test';
import { test, expect } from '../lib/fixtures.js';
import { expectNoAxeViolations, useTheme, type Theme } from '../lib/axe.js';
import { campaignRecipients, createCampaignPeople, giveNoticeConsent, HOME_CONSENTING } from '../lib/campaigns.js';
import { horizontalOverflow } from '../lib/overflow.js';
import { openPage } from '../lib/payslip-whatsapp.js';
import { startSeededServer, type SeededServer } from '../lib/seeded-server.js';

/**
 * Broadcast Campaigns on /whatsapp (issue 31), on a server of this file's own with the `outbox`
 * provider: an administrator makes a draft for company 1, edits it, and sends it; the confirmation
 * says how many people agreed to notices with a verified number (counted by the server), the list
 * shows it sent to that many, and only those people of that company got a message (read from the
 * stopped server's database). The people's consent is written while the server is stopped, as the
 * numbers' own screens would have recorded it.
 */

let seeded: SeededServer;
const NAME = 'Parade notice';
const EDITED = 'Parade notice (moved)';
const TEXT = 'Parade at 07:00 on Monday at the headquarters ground.';
const SCHEDULED = 'Weekly parade reminder';

/** Tomorrow in India, as the date field takes it (dd/mm/yyyy). */
function tomorrow(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return parts.format(new Date(Date.now() + 86_400_000));
}

const section = (page: Page) => page.getByRole('region', { name: 'Broadcast Campaigns' });

async function fillDraft(page: Page, name: string, text: string, company: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Campaign name').fill(name);
  await dialog.getByLabel('Approved template').selectOption('srpf_notice');
  await dialog.getByLabel('Parameter 1').fill(text);
  await dialog.getByLabel('Audience').selectOption({ label: company });
  await expect(dialog.getByTestId('campaign-preview')).toHaveText(text);
}

test.describe('broadcast campaigns', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(240_000);

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(200_000);
    seeded = await startSeededServer(playwright, {
      suite: 'whatsapp-campaigns',
      createPeople: createCampaignPeople,
      seed: giveNoticeConsent,
    });
  });

  test.afterAll(async () => {
    await seeded?.dispose();
  });

  for (const width of [390, 1366]) {
    test(`the empty list and the New Campaign dialog fit ${width} px and pass axe in both themes`, async ({
      browser,
    }) => {
      const { context, page } = await openPage(browser, width, seeded.server);
      try {
        for (const theme of ['light', 'dark'] as Theme[]) {
          await page.goto('/whatsapp');
          await useTheme(page, theme);
          await expect(section(page)).toContainText('No campaigns found');
          await expectNoAxeViolations(page, `/whatsapp campaigns (${theme}, ${width} px)`);
          expect(await horizontalOverflow(page)).toEqual([]);
          // The Quick Actions' address opens New Campaign.
          await page.goto('/whatsapp?campaign=new');
          const dialog = page.getByRole('dialog', { name: 'New Campaign' });
          await expect(dialog).toBeVisible();
          await fillDraft(page, NAME, TEXT, 'All companies');
          await expectNoAxeViolations(page, `/whatsapp New Campaign (${theme}, ${width} px)`);
          expect(await horizontalOverflow(page)).toEqual([]);
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await expect(dialog).toBeHidden();
          await expect(page).toHaveURL(/\/whatsapp$/);
        }
      } finally {
        await context.close();
      }
    });
  }

  test('Schedule Message from the address: the draft is saved, then scheduled for a day and time, then cancelled', async ({
    browser,
  }) => {
    const { context, page } = await openPage(browser, 1366, seeded.server);
    try {
      await page.goto('/whatsapp?campaign=new&schedule=1');
      await fillDraft(page, SCHEDULED, TEXT, 'Headquarters');
      await page.getByRole('dialog').getByRole('button', { name: 'Save draft' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule Message' });
      await expect(dialog).toBeVisible();
      // An impossible date is refused in the form, before any request.
      await dialog.getByLabel('Date').fill('31/02/2027');
      await dialog.getByLabel('Time').fill('09:30');
      await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
      await expect(dialog).toContainText('Enter the date as dd/mm/yyyy');
      await dialog.getByLabel('Date').fill(tomorrow());
      await expectNoAxeViolations(page, '/whatsapp Schedule Message');
      await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
      await expect(dialog).toBeHidden();
      const row = section(page).getByTestId('campaign-row').filter({ hasText: SCHEDULED });
      await expect(row).toContainText('Scheduled');
      await expect(row).toContainText(/Scheduled for .*9:30/);

      await row.getByRole('button', { name: `Cancel the schedule of ${SCHEDULED}` }).click();
      await expect(row).toContainText('Draft');
      await expect(row).toContainText('Not sent yet');
    } finally {
      await context.close();
    }
  });

  test('an administrator drafts a campaign for company 1, edits it and sends it to its consenting people', async ({
    browser,
  }) => {
    const { context, page } = await openPage(browser, 1366, seeded.server);
    try {
      await page.goto('/whatsapp');
      await section(page).getByRole('button', { name: 'New Campaign' }).click();
      await fillDraft(page, NAME, TEXT, 'Headquarters');
      await page.getByRole('dialog').getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      const row = section(page).getByTestId('campaign-row').filter({ hasText: NAME });
      await expect(row).toContainText('Draft');
      await expect(row).toContainText(TEXT);
      await expect(row).toContainText('Not sent yet');

      // Edit: the dialog opens with the draft's values; a new name and text.
      await row.getByRole('button', { name: `Edit campaign ${NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
      await expect(dialog.getByLabel('Campaign name')).toHaveValue(NAME);
      await dialog.getByLabel('Campaign name').fill(EDITED);
      await dialog.getByLabel('Parameter 1').fill(`${TEXT} Bring your I-card.`);
      await dialog.getByRole('button', { name: 'Save draft' }).click();
      await expect(dialog).toBeHidden();
      const edited = section(page).getByTestId('campaign-row').filter({ hasText: EDITED });
      await expect(edited).toContainText('Bring your I-card.');

      // Send: the server counts the people who agreed to notices with a verified number.
      await edited.getByRole('button', { name: `Send campaign ${EDITED}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Send campaign' });
      await expect(confirm).toContainText(`Send this campaign to ${HOME_CONSENTING.length} people?`);
      await expectNoAxeViolations(page, '/whatsapp send confirmation');
      await confirm.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(`Campaign queued to ${HOME_CONSENTING.length} people.`)).toBeVisible();
      await expect(edited).toContainText('Sent');
      await expect(edited).toContainText(`${HOME_CONSENTING.length} recipients`);
      await expect(edited.getByRole('button', { name: `Send campaign ${EDITED}` })).toHaveCount(0);
    } finally {
      await context.close();
    }

    // Only the consenting, verified people of company 1 got a message.
    const recipients = await seeded.whileStopped((dataDir) => campaignRecipients(dataDir, EDITED));
    expect(recipients).toEqual(HOME_CONSENTING.map((person) => person.email).sort());
  });
});
