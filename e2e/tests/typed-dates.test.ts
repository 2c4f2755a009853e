import type { Page } from '@playwright/test';
import { expectNoAxeViolations, useTheme, type Theme } from '../lib/axe.js';
import { test, expect } from '../lib/fixtures.js';
import {
  addDays,
  AppointmentsApi,
  dayFirst,
  todayInKolkata,
  uniqueWord,
  type Person,
} from '../lib/appointments-api.js';
import { DESK, PHONE } from '../lib/overflow.js';

// Dates are typed day first (dd/mm/yyyy) whatever the browser's locale. The demo data books four
// appointments on each of the four days before today, which the dashboard's custom period counts.
test.use({ seedDemo: true, serverEnv: { E2E_SUITE: 'typed-dates' } });

/** The new orderly-room form for this person, in this theme, after a month-first date was refused. */
async function openFormWithRefusedDate(page: Page, person: Person, theme: Theme) {
  await useTheme(page, theme);
  await page.goto('/appointments');
  await page.getByRole('button', { name: 'New Appointment' }).click();
  await page.getByRole('menuitem', { name: 'Orderly Room' }).click();
  const dialog = page.getByRole('dialog', { name: 'New orderly room appointment' });
  await dialog.getByLabel('Company').selectOption({ label: 'Headquarters' });
  await dialog.getByRole('combobox', { name: 'User' }).fill(person.lastName);
  await dialog.getByRole('option', { name: new RegExp(person.fullName) }).click();
  await expect(dialog.getByLabel('Phone')).not.toHaveValue('');

  const date = dialog.getByRole('textbox', { name: 'Preferred date' });
  await expect(date).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  // Month first, as an en-US date picker would take it: refused, with how to write it.
  await date.pressSequentially('12/31/2026');
  await dialog.getByRole('button', { name: 'Create appointment' }).click();
  await expect(dialog.getByText('Enter the date as dd/mm/yyyy')).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  return date;
}

for (const [screen, size] of [
  ['1366 px desk', DESK],
  ['390 px phone', PHONE],
] as const) {
  test.describe(`dates typed day first on a ${screen}`, () => {
    test.beforeEach(async ({ page, signIn }) => {
      await page.setViewportSize(size);
      await signIn();
    });

    test('the orderly-room form takes a preferred date as dd/mm/yyyy and refuses one that is not', async ({
      page,
      server,
    }) => {
      const api = await AppointmentsApi.signIn(server);
      const person = await api.createPerson({ role: 'viewer', lastName: uniqueWord('Typed') });
      const preferred = addDays(todayInKolkata(), 4);

      // The refused date is checked in both themes (a theme is chosen with a reload), then saved in light.
      await openFormWithRefusedDate(page, person, 'dark');
      await expectNoAxeViolations(page, `orderly-room form, date refused (${size.width}, dark)`);
      const date = await openFormWithRefusedDate(page, person, 'light');
      await expectNoAxeViolations(page, `orderly-room form, date refused (${size.width}, light)`);
      const dialog = page.getByRole('dialog', { name: 'New orderly room appointment' });

      await date.fill('');
      await date.pressSequentially(dayFirst(preferred));
      await expect(date).toHaveValue(dayFirst(preferred));
      await dialog.getByRole('button', { name: 'Create appointment' }).click();
      await expect(page.getByText('Appointment created successfully!')).toBeVisible();
      await expect(dialog).toBeHidden();

      await page.getByRole('searchbox', { name: 'Search' }).fill(person.lastName);
      await page
        .getByRole('link', { name: `View appointment of ${person.fullName}` })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: person.fullName, level: 1 })).toBeVisible();
      await expect(page.getByText(dayFirst(preferred)).first()).toBeVisible();
    });

    test('the dashboard counts a custom period typed as dd/mm/yyyy', async ({ page }) => {
      const from = addDays(todayInKolkata(), -4);
      const to = addDays(todayInKolkata(), -3);
      await page.getByRole('button', { name: 'Custom' }).click();
      const fromField = page.getByRole('textbox', { name: 'From', exact: true });
      const toField = page.getByRole('textbox', { name: 'To', exact: true });

      await fromField.fill('');
      await fromField.pressSequentially('31/02/2026');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Enter the date as dd/mm/yyyy' })).toBeVisible();

      await fromField.fill('');
      await fromField.pressSequentially(dayFirst(from));
      await toField.fill('');
      await toField.pressSequentially(dayFirst(to));
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(new RegExp(`range=custom&from=${from}&to=${to}`));
      await expect(page.locator('a[data-metric="appointments"]')).toContainText('8');
      await expect(page.getByRole('heading', { name: 'Appointments in the Period' })).toBeVisible();
      await expect(fromField).toHaveValue(dayFirst(from));
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme);
        await expectNoAxeViolations(page, `dashboard custom period (${size.width}, ${theme})`);
      }
      await useTheme(page, 'light');
    });
  });
}
