import { readFileSync } from 'node:fs';
import { test, expect } from '../lib/fixtures.js';
import { dayFirst } from '../lib/appointments-api.js';
import { expectPollEvery30Seconds } from '../lib/polling.js';

// The demo data books four appointments today (12:00 completed, 14:30 rejected, 15:00 rescheduled,
// 16:15 scheduled) and four on each of the four days before.
test.use({ seedDemo: true });

test.describe('dashboard home', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('shows the title, the five count cards and today’s appointments', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    for (const card of ['Orders', 'Circulars', 'Appointments', 'Forms', 'Payslips']) {
      await expect(
        page.getByRole('region', { name: 'Totals for the period' }).getByRole('link', { name: new RegExp(`^${card}`) }),
      ).toBeVisible();
    }
    const appointmentsCard = page.locator('a[data-metric="appointments"]');
    await expect(appointmentsCard).toContainText('4');
    await expect(page.getByRole('heading', { name: "Today's Appointments" })).toBeVisible();
    const table = page.getByRole('table');
    for (const header of ['Date/Time', 'Applicant', 'Officer', 'Type', 'Status', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(page.getByRole('heading', { name: 'Appointments by Hour' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Status Distribution' })).toBeVisible();
    // An administrator takes the commandant's step: what waits for it replaces the period's pending list.
    await expect(page.getByRole('heading', { name: /^Waiting for me \(\d+\)$/ })).toBeVisible();
  });

  test('the range toggle changes the counts', async ({ page }) => {
    const appointmentsCard = page.locator('a[data-metric="appointments"]');
    await page.getByRole('button', { name: '7 Days' }).click();
    await expect(appointmentsCard).toContainText('20');
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(appointmentsCard).toContainText('4');
  });

  test('30 Days and a custom period: wrong dates get a message, a valid period its counts', async ({ page }) => {
    const appointmentsCard = page.locator('a[data-metric="appointments"]');
    await page.getByRole('button', { name: '30 Days' }).click();
    await expect(appointmentsCard).toContainText('20');

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
      new Date(Date.now() - 86_400_000),
    );
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(dayFirst(today));
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(dayFirst(yesterday));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText("The 'From' date must not be after the 'To' date.")).toBeVisible();

    await page.getByRole('textbox', { name: 'From', exact: true }).fill(dayFirst(yesterday));
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(dayFirst(today));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(appointmentsCard).toContainText('8');
    await expect(page.getByRole('heading', { name: 'Appointments in the Period' })).toBeVisible();
  });

  test('the figures refresh every 30 seconds', async ({ page }) => {
    await expectPollEvery30Seconds(page, '/api/kpis/daily');
    await expect(page.locator('a[data-metric="appointments"]')).toContainText('4');
  });

  test('a period with more appointments than the table lists says so, and a failed export says why', async ({
    page,
  }) => {
    await page.route('**/api/kpis/daily?*', async (route) => {
      const answer = await (await route.fetch()).json();
      const row = answer.data.appointments[0];
      const appointments = Array.from({ length: 500 }, (_, index) => ({ ...row, id: 100_000 + index }));
      answer.data = { ...answer.data, appointments, summary: { ...answer.data.summary, appointments: 1234 } };
      await route.fulfill({ json: answer });
    });
    await page.reload();
    await expect(
      page.getByText('Showing the first 500 of 1234 appointments of this period. Export downloads them all.'),
    ).toBeVisible();

    await page.route('**/api/kpis/daily/export?*', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: /^Export/ }).click();
    await expect(page.getByText('The export could not be downloaded: Network error')).toBeVisible();
  });

  test('toasts: an error stays about 4 seconds, and no more than 20 show at once', async ({ page }) => {
    await page.clock.install();
    await page.reload();
    await page.route('**/api/kpis/daily/export?*', (route) => route.abort('connectionreset'));
    const exportButton = page.getByRole('button', { name: /^Export/ });
    const failure = page.getByText('The export could not be downloaded: Network error');

    await exportButton.click();
    await expect(failure).toBeVisible();
    await page.clock.fastForward(3_500);
    await expect(failure).toBeVisible();
    // 4 s shown, then a second to fade out before it leaves the page.
    await page.clock.fastForward(2_000);
    await expect(failure).toHaveCount(0);

    // The toasts pile up over the button, top right: the clicks are sent to it directly.
    for (let click = 1; click <= 21; click += 1) {
      await expect(exportButton).toBeEnabled();
      await exportButton.dispatchEvent('click');
      await expect(failure).toHaveCount(Math.min(click, 20));
    }
  });

  // Approving changes the data the other tests count; dashboard-actions.test.ts approves on a server of its own.
  test('Approve shows on the pending appointment, Reschedule opens its form in place, View opens it', async ({
    page,
  }) => {
    const table = page.getByRole('table');
    await expect(table.getByRole('button', { name: /^Approve the appointment of/ })).toHaveCount(1);
    await table.getByRole('button', { name: /^Reschedule the appointment of/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await table
      .getByRole('link', { name: /^View the appointment of/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/appointments\/\d+$/);
  });

  test('Export downloads a CSV of the shown range', async ({ page }) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Export/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^srpf-dashboard-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text).toContain('appointments,4');
    expect(text).toMatch(/id,date,time,name,officer,phone,badge,type,status/);
    expect(text.split('\n').filter((line) => /^\d+,\d{4}-/.test(line))).toHaveLength(4);
  });
});
