import { test, expect, signInAs } from '../lib/fixtures.js';
import { AppointmentsApi, type Person } from '../lib/appointments-api.js';
import { expectNoAxeViolations, useTheme } from '../lib/axe.js';
import { DESK, horizontalOverflow, PHONE } from '../lib/overflow.js';

let constable: Person;

test.beforeAll(async ({ server }) => {
  const api = await AppointmentsApi.signIn(server);
  constable = await api.createPerson({ role: 'viewer', designation: 'Police Constable', signsIn: true });
});

for (const [size, viewport] of [
  ['1366x768', DESK],
  ['390x844', PHONE],
] as const) {
  test.describe(`the header at ${size}`, () => {
    test.use({ viewport });

    test('says what a person is by their designation, not the role "viewer"', async ({ page }) => {
      await signInAs(page, constable);
      const header = page.getByRole('banner');
      // On a phone the name and designation are read out (visually hidden) rather than shown beside the avatar.
      await expect(header.getByText(/Police Constable/).filter({ visible: true })).toHaveCount(1);
      await expect(header).not.toContainText(/viewer/i);
    });

    test('a person without a designation is named by their role', async ({ page, signIn }) => {
      await signIn();
      await expect(
        page
          .getByRole('banner')
          .getByText(/superadmin/)
          .filter({ visible: true }),
      ).toHaveCount(1);
    });

    test('changes the language from any page, and the choice stays after a reload', async ({ page, signIn }) => {
      await signIn();
      await page.goto('/users');
      const language = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
      await expect(language).toBeInViewport();
      await language.selectOption({ label: 'मराठी' });
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('User Management');
      await expect(page.getByRole('banner').getByRole('combobox', { name: 'भाषा' })).toHaveValue('mr');
      await page.reload();
      await expect(page.getByRole('banner').getByRole('combobox', { name: 'भाषा' })).toHaveValue('mr');
      await page.getByRole('banner').getByRole('combobox', { name: 'भाषा' }).selectOption({ label: 'हिंदी' });
      await expect(page.getByRole('banner').getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi');
      await page.getByRole('banner').getByRole('combobox', { name: 'भाषा' }).selectOption({ label: 'English' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('User Management');
      expect(await horizontalOverflow(page)).toEqual([]);
    });

    test('has no WCAG 2.1 AA violations in either theme', async ({ page, signIn }) => {
      await signIn();
      await page.goto('/settings');
      await expect(page.getByRole('banner').getByRole('combobox', { name: 'Language' })).toBeVisible();
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme);
        await expect(page.getByRole('banner').getByRole('combobox', { name: 'Language' })).toBeVisible();
        await expectNoAxeViolations(page, `the header at ${size}, ${theme} theme`);
      }
    });
  });
}
