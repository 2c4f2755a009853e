import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, useTheme, type Theme } from '../lib/axe.js';
import { test, expect, signInAs } from '../lib/fixtures.js';
import { addDays, AppointmentsApi, dayFirst, todayInKolkata, uniqueWord } from '../lib/appointments-api.js';

// The demo data around the test's own people (a clerk and a constable of a company of their own):
// a server of its own, because these tests file requests.
test.use({ seedDemo: true, serverEnv: { E2E_SUITE: 'leave-file-and-forward' } });

/** Every click or tap the test makes, choosing an option of a select or picker included; typing is not counted. */
class ClickCounter {
  count = 0;
  async click(target: Locator): Promise<void> {
    this.count += 1;
    await target.click();
  }
  async choose(select: Locator, label: string): Promise<void> {
    this.count += 1;
    await select.selectOption({ label });
  }
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `the page pans sideways on ${where}`).toBeLessThanOrEqual(0);
}

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const THEMES: Theme[] = ['light', 'dark'];

for (const size of SIZES) {
  test.describe(`a clerk files leave for a constable and forwards it (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    for (const theme of THEMES) {
      test(`in at most 6 clicks from the dashboard, in the ${theme} theme`, async ({ page, server }) => {
        const admin = await AppointmentsApi.signIn(server);
        const company = await admin.createCompany(`Group ${uniqueWord('')}`);
        const [clerk, constable] = await Promise.all([
          admin.createPerson({
            role: 'viewer',
            designation: uniqueWord('Clerk'),
            approvalRole: 'clerk',
            companyId: company.id,
            firstName: uniqueWord('Clerk'),
            signsIn: true,
          }),
          admin.createPerson({
            role: 'viewer',
            designation: uniqueWord('Constable'),
            approvalRole: 'none',
            companyId: company.id,
            lastName: uniqueWord('Constable'),
          }),
        ]);
        const today = todayInKolkata();
        // His previous leave request carries the counters the form should bring back.
        await admin.createLeave(constable, {
          company_id: company.id,
          leave_start_date: addDays(today, -40),
          leave_end_date: addDays(today, -38),
          appointment_date: today,
          remaining_al: 14,
          remaining_pl: 3,
          sick: 2,
          rewards: 1,
        });

        // From where she lands after signing in: the dashboard's "File a leave request" opens the form.
        await signInAs(page, clerk);
        await useTheme(page, theme);

        const clicks = new ClickCounter();
        await clicks.click(page.getByRole('link', { name: 'File a leave request' }));
        await expect(page).toHaveURL(/\/appointments$/);
        const panel = page.getByRole('dialog', { name: 'New leave application' });

        // The person first; the company is the clerk's only one, chosen already.
        await panel.getByRole('combobox', { name: 'User' }).fill(constable.lastName);
        await clicks.click(panel.getByRole('option', { name: new RegExp(constable.fullName) }));
        await expect(panel.getByText(`Selected: ${constable.fullName}`)).toBeVisible();
        await expect(panel.getByLabel('Company')).toHaveValue(String(company.id));

        // The counters come from his previous request.
        await expect(
          panel.getByText(`Filled in from the previous leave request of ${dayFirst(addDays(today, -40))}`),
        ).toBeVisible();
        await expect(panel.getByLabel('Remaining AL')).toHaveValue('14');
        await expect(panel.getByLabel('Remaining PL')).toHaveValue('3');
        await expect(panel.getByLabel('Sick', { exact: true })).toHaveValue('2');

        await clicks.choose(panel.getByLabel('Leave type'), 'Earned leave');
        // Dates typed day first, as the force writes them; the days are counted for the clerk.
        await panel.getByLabel('Start date').fill(dayFirst(addDays(today, 7)));
        await panel.getByLabel('End date').fill(dayFirst(addDays(today, 11)));
        await expect(panel.getByText('Total: 5 days')).toBeVisible();
        await panel.getByLabel('Reason').fill('Sister’s wedding at Baramati');

        await expectNoAxeViolations(page, `the filled leave form (${size.name}, ${theme})`);
        await expectNoSidewaysScroll(page, `the leave form (${size.name})`);

        await clicks.click(panel.getByRole('button', { name: 'File and forward to the officer' }));
        await expect(page.getByText('Leave request filed and forwarded to the officer')).toBeVisible();
        await expect(panel).toBeHidden();
        expect(clicks.count).toBeLessThanOrEqual(6);

        // Waiting for the officer now, in the list the clerk is back on (rows on a desk, cards on a phone),
        // beside his previous request, which still waits for a clerk.
        const entries =
          size.name === 'desktop'
            ? page.getByRole('row', { name: new RegExp(constable.fullName) })
            : page
                .getByRole('list', { name: 'Appointments' })
                .getByRole('listitem')
                .filter({ hasText: constable.fullName });
        await expect(entries.filter({ hasText: 'Pending (officer)' })).toHaveCount(1);
        await expect(entries).toHaveCount(2);
        await expectNoSidewaysScroll(page, `the appointments list (${size.name})`);
      });
    }
  });
}

test('a constable filing his own leave gets no forward button, and may type a leave type of his own', async ({
  page,
  server,
}) => {
  const admin = await AppointmentsApi.signIn(server);
  const constable = await admin.createPerson({
    role: 'viewer',
    designation: uniqueWord('Constable'),
    approvalRole: 'none',
    lastName: uniqueWord('Own'),
    signsIn: true,
  });
  const today = todayInKolkata();
  await signInAs(page, constable);
  await page.goto('/appointments');
  await page.getByRole('button', { name: 'New Appointment' }).click();
  await page.getByRole('menuitem', { name: 'Leave Related' }).click();
  const panel = page.getByRole('dialog', { name: 'New leave application' });
  await expect(panel.getByRole('button', { name: 'File and forward to the officer' })).toHaveCount(0);

  await panel.getByLabel('Leave type').selectOption({ label: 'Other (type it)' });
  await panel.getByLabel('Leave type (free text)').fill('Study leave');
  await panel.getByLabel('Start date').fill(dayFirst(addDays(today, 3)));
  // Month first is not a date here: the form says how to write it.
  await panel.getByLabel('End date').fill('12/31/2026');
  await panel.getByLabel('Reason').fill('Departmental examination');
  await panel.getByRole('button', { name: 'Create appointment' }).click();
  await expect(panel.getByText('Enter the date as dd/mm/yyyy')).toBeVisible();
  await panel.getByLabel('End date').fill(dayFirst(addDays(today, 3)));
  await expect(panel.getByText('Total: 1 day')).toBeVisible();
  await panel.getByRole('button', { name: 'Create appointment' }).click();
  await expect(page.getByText('Leave appointment created successfully!')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(constable.fullName) }).first();
  await expect(row).toContainText('Scheduled');
});
