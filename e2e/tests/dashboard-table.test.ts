import type { Page } from '@playwright/test';
import { test, expect } from '../lib/fixtures.js';
import { AppointmentsApi, todayInKolkata, uniqueWord } from '../lib/appointments-api.js';

// A server of its own: the appointment made here is one of today's, which other dashboard tests count.
test.use({ serverEnv: { E2E_SUITE: 'dashboard-table' } });

/** Today's leave request of a constable with a badge, past the clerk's and the officer's steps. */
async function decidedByOfficer(server: { baseUrl: string }) {
  const api = await AppointmentsApi.signIn(server);
  const [clerk, officer, constable] = await Promise.all([
    api.createPerson({ role: 'viewer', designation: uniqueWord('Clerk'), approvalRole: 'clerk', signsIn: true }),
    api.createPerson({
      role: 'viewer',
      designation: uniqueWord('Officer'),
      approvalRole: 'officer',
      firstName: uniqueWord('Kavita'),
      lastName: uniqueWord('Shinde'),
      signsIn: true,
    }),
    api.createPerson({ role: 'viewer', firstName: uniqueWord('Ramesh'), lastName: uniqueWord('Jadhav') }),
  ]);
  const badge = uniqueWord('B');
  const leave = await api.createLeave(constable, { appointment_date: todayInKolkata(), badge_number: badge });
  await (await AppointmentsApi.signIn(server, clerk.email, clerk.password)).approve(leave.id);
  await (await AppointmentsApi.signIn(server, officer.email, officer.password)).approve(leave.id);
  return { constable, officer, badge };
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page must not pan sideways').toBeLessThanOrEqual(0);
}

test.describe('the dashboard’s appointments name the applicant first and the officer beside', () => {
  test('at 1366 px: the Applicant column holds the name, badge and phone; the Officer column the officer', async ({
    page,
    server,
    signIn,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const { constable, officer, badge } = await decidedByOfficer(server);
    await signIn();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Date/Time',
      'Applicant',
      'Officer',
      'Type',
      'Status',
      'Actions',
    ]);
    const row = table.getByRole('row', { name: new RegExp(constable.fullName) });
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toContainText(constable.fullName);
    await expect(cells.nth(1)).toContainText(`Badge ${badge}`);
    await expect(cells.nth(1)).toContainText(constable.phone);
    await expect(cells.nth(2)).toHaveText(officer.fullName);
    await expect(cells.nth(2)).not.toContainText(constable.phone);
    await expect(row.getByRole('link', { name: `View the appointment of ${constable.fullName}` })).toBeInViewport();
    await noHorizontalScroll(page);
  });

  test('on a 390 px phone: each appointment is a card with the applicant, the officer and the status', async ({
    page,
    server,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { constable, officer, badge } = await decidedByOfficer(server);
    await signIn();
    const card = page
      .getByRole('list', { name: 'Appointments' })
      .getByRole('listitem')
      .filter({ hasText: constable.fullName });
    await expect(card).toContainText(`Badge ${badge}`);
    await expect(card).toContainText(constable.phone);
    await expect(card).toContainText(`Officer: ${officer.fullName}`);
    await expect(card).toContainText('Pending final');
    await expect(card.getByRole('link', { name: `View the appointment of ${constable.fullName}` })).toBeVisible();
    await noHorizontalScroll(page);
  });

  test('the status legend reads whole at 1366 px and on a phone', async ({ page, server, signIn }) => {
    await decidedByOfficer(server);
    await signIn();
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.reload();
      const legend = page.getByRole('region', { name: 'Status Distribution' }).getByRole('listitem');
      await expect(legend.first()).toBeVisible();
      for (const item of await legend.all()) {
        // Each label shows whole: nothing cut to a letter.
        const cut = await item.evaluate((element) =>
          [...element.querySelectorAll('span')].some((span) => span.scrollWidth > span.clientWidth + 1),
        );
        expect(cut, `${await item.textContent()} at ${viewport.width} px`).toBe(false);
      }
      await expect(legend.filter({ hasText: 'Pending final' })).toBeVisible();
    }
  });
});
