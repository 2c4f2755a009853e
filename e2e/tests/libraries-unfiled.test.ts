import type { Page } from '@playwright/test';
import { expectNoAxeViolations, useTheme } from '../lib/axe.js';
import { test, expect, signInAs } from '../lib/fixtures.js';
import { LibrariesApi } from '../lib/libraries-api.js';
import { createUser, documentRow, folderCard, showFolders } from '../lib/libraries-ui.js';

// A server of its own: these tests file documents outside any folder, which other screens count.
test.use({ serverEnv: { E2E_LIBRARY: 'unfiled' } });

const SCREENS = [
  { name: 'desk', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** The page does not pan sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
}

/** The titles of the documents listed, top to bottom. */
const listedTitles = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();

for (const screen of SCREENS) {
  test.describe(`documents filed in no folder, on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('orders open on a list, newest effective date first, with the orders filed in no folder; the folders view lists them under the folders', async ({
      page,
      server,
      signIn,
    }) => {
      const api = await LibrariesApi.signIn(server);
      const suffix = screen.name;
      const category = await api.createCategory('orders', `Establishment ${suffix}`);
      await api.upload('orders', {
        title: `Posting of Group 5 ${suffix}`,
        categoryId: category.id,
        effectiveDate: '2026-09-01',
      });
      await api.upload('orders', { title: `Armoury duty roster ${suffix}`, effectiveDate: '2026-11-15' });
      await api.upload('orders', { title: `Canteen timings ${suffix}`, effectiveDate: '2026-10-01' });

      await signIn();
      await page.goto('/orders');
      await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
      await expect(documentRow(page, `Armoury duty roster ${suffix}`)).toBeVisible();
      const titles = (await listedTitles(page)).filter((title) => title.endsWith(suffix));
      expect(titles).toEqual([
        `Armoury duty roster ${suffix}`,
        `Canteen timings ${suffix}`,
        `Posting of Group 5 ${suffix}`,
      ]);
      // A compact row: its first action on it, the rest behind its menu, no "Medium priority" on it.
      const row = documentRow(page, `Armoury duty roster ${suffix}`);
      await expect(row.getByRole('button', { name: 'View PDF' })).toBeVisible();
      await expect(row.getByRole('button', { name: `More actions for Armoury duty roster ${suffix}` })).toBeVisible();
      await expect(row).not.toContainText('Medium priority');
      if (screen.name === 'desk') expect((await row.boundingBox())!.height).toBeLessThan(110);
      await expectNoSidewaysScroll(page);

      // The menu works from the keyboard: arrows move, Escape closes it and gives the focus back.
      const more = row.getByRole('button', { name: `More actions for Armoury duty roster ${suffix}` });
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(row.getByRole('menuitem', { name: 'Download PDF' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(row.getByRole('menuitem', { name: 'Edit Details' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(row.getByRole('menu')).toHaveCount(0);
      await expect(more).toBeFocused();

      // The folders view: the folder's card, and under it the two orders no card leads to.
      await showFolders(page);
      await expect(folderCard(page, `Establishment ${suffix}`)).toContainText('1 document');
      const unfiled = page.getByRole('region', { name: 'Not in any folder' });
      await expect(unfiled.getByRole('article', { name: `Armoury duty roster ${suffix}` })).toBeVisible();
      await expect(unfiled.getByRole('article', { name: `Canteen timings ${suffix}` })).toBeVisible();
      await expect(unfiled.getByRole('article', { name: `Posting of Group 5 ${suffix}` })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme);
        await expectNoAxeViolations(page, `/orders?view=folders on a ${screen.name} (${theme})`);
      }

      // The detail page: the title is the heading, the actions at the top, the PDF beside the details
      // on a desk and a button to open it on a phone.
      await unfiled.getByRole('link', { name: `Canteen timings ${suffix}` }).click();
      await expect(page.getByRole('heading', { name: `Canteen timings ${suffix}`, level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Approve Order' })).toBeInViewport();
      if (screen.name === 'desk') {
        await expect(page.locator(`iframe[title="PDF of Canteen timings ${suffix}"]`)).toBeVisible();
        await expect(page.getByRole('button', { name: 'Open PDF' })).toHaveCount(0);
      } else {
        await expect(page.getByRole('button', { name: 'Open PDF' })).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
    });

    test('a constable sees the mandatory circular he must acknowledge, though it is in no folder and there are no folders', async ({
      browser,
      baseURL,
      request,
      server,
    }) => {
      const api = await LibrariesApi.signIn(server);
      const title = `Monsoon leave restrictions ${screen.name}`;
      await api.upload('circulars', { title, mandatory: true, content: 'No leave from 1 June to 30 September.' });
      const constable = await createUser(request, 'viewer', 'Santosh');
      const context = await browser.newContext({
        baseURL,
        locale: 'en-IN',
        timezoneId: 'Asia/Kolkata',
        viewport: screen.viewport,
      });
      try {
        const page = await context.newPage();
        await signInAs(page, constable);
        await page.goto('/circulars');
        await expect(page.getByRole('heading', { name: 'Circulars', level: 1 })).toBeVisible();
        const row = documentRow(page, title);
        await expect(row).toContainText('Mandatory');
        await expect(row.getByRole('button', { name: 'Acknowledge Circular' })).toBeVisible();
        await expectNoSidewaysScroll(page);
        for (const theme of ['light', 'dark'] as const) {
          await useTheme(page, theme);
          await expectNoAxeViolations(page, `/circulars as a constable on a ${screen.name} (${theme})`);
        }

        // The folders view does not say "No folders yet" over a circular waiting for him.
        await showFolders(page);
        await expect(page.getByText('No folders yet')).toHaveCount(0);
        const unfiled = page.getByRole('region', { name: 'Not in any folder' });
        await unfiled
          .getByRole('article', { name: title })
          .getByRole('button', { name: 'Acknowledge Circular' })
          .click();
        await expect(page.getByText('Circular acknowledged', { exact: true })).toBeVisible();
        await expect(unfiled.getByRole('article', { name: title })).toContainText('Acknowledged by you');

        await unfiled.getByRole('link', { name: title }).click();
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page);
      } finally {
        await context.close();
      }
    });
  });
}
