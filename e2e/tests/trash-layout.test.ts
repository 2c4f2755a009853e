import { expectNoAxeViolations, useTheme } from '../lib/axe.js';
import { test, expect } from '../lib/fixtures.js';
import { LibrariesApi } from '../lib/libraries-api.js';
import { DESK, horizontalOverflow, PHONE } from '../lib/overflow.js';

// A server of its own: the test restores what it deleted.
test.use({ serverEnv: { E2E_LIBRARY: 'trash-layout' } });

const TITLE = 'Deployment of the reserve companies for the Ganeshotsav festival bandobast';

for (const [size, viewport] of [
  ['1366x768', DESK],
  ['390x844', PHONE],
] as const) {
  test.describe(`the trash at ${size}`, () => {
    test.use({ viewport });

    test('shows a deleted order with Restore in reach, restores it, and never pans sideways', async ({
      page,
      server,
      signIn,
    }) => {
      const api = await LibrariesApi.signIn(server);
      const order = await api.upload('orders', { title: `${TITLE} (${size})` });
      await api.deleteDocument('orders', order.id);

      await signIn();
      await page.goto('/trash?library=orders');
      await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
      const restore = page.getByRole('button', { name: `Restore ${order.title}`, exact: true });
      await expect(restore).toBeVisible();
      const box = await restore.boundingBox();
      expect(box!.x + box!.width, 'Restore stands inside the window').toBeLessThanOrEqual(viewport.width);
      await expect(page.getByText('Not in a folder')).toBeVisible();
      expect(await horizontalOverflow(page)).toEqual([]);

      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme);
        await expect(restore).toBeVisible();
        await expectNoAxeViolations(page, `the trash at ${size}, ${theme} theme`);
      }

      await restore.click();
      await page
        .getByRole('dialog', { name: `Restore ${order.title}?` })
        .getByRole('button', { name: 'Restore', exact: true })
        .click();
      await expect(page.getByText('The trash is empty')).toBeVisible();
    });
  });
}
