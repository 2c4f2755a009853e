import type { Page } from '@playwright/test';
import { expectNoAxeViolations, useTheme } from '../lib/axe.js';
import { test, expect, signInAs } from '../lib/fixtures.js';
import { addDays, AppointmentsApi, todayInKolkata, uniqueWord, type Person } from '../lib/appointments-api.js';

// A server of its own: the steps taken here change what waits for whom.
test.use({ serverEnv: { E2E_SUITE: 'appointments-waiting' } });

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page must not pan sideways').toBeLessThanOrEqual(0);
}

/** An officer who signs in, and two leave requests already past the clerk's step, waiting for her. */
async function twoWaitingForOfficer(server: { baseUrl: string }) {
  const api = await AppointmentsApi.signIn(server);
  const chain = await api.createChain({
    members: [
      { firstName: uniqueWord('Sunil'), lastName: uniqueWord('Patil') },
      { firstName: uniqueWord('Ganesh'), lastName: uniqueWord('More') },
    ],
  });
  const requests: { person: Person; id: number }[] = [];
  for (const [person, days] of [
    [chain.members[0]!, 1],
    [chain.members[1]!, 3],
  ] as const) {
    const leave = await api.leaveAtOfficersStep(chain, person, addDays(todayInKolkata(), days));
    requests.push({ person, id: leave.id });
  }
  return { officer: chain.officer, requests };
}

test.describe('appointments: what waits for me', () => {
  test('at 1366 px: the navigation counts it, the tab lists it, and Approve and Reject act on the row', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const { officer, requests } = await twoWaitingForOfficer(server);
    await signInAs(page, officer);
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Appointments/ });
    await expect(nav).toContainText('2');
    await expect(nav).toHaveAccessibleName(/2 waiting for you/);
    await nav.click();

    const tab = page.getByRole('tab', { name: 'Waiting for me (2)' });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const [first, second] = requests;
    const firstRow = page.getByRole('row', { name: new RegExp(first!.person.fullName) });
    await expect(
      firstRow.getByRole('button', { name: `Approve the request of ${first!.person.fullName}` }),
    ).toBeInViewport();
    await firstRow.getByRole('button', { name: `Approve the request of ${first!.person.fullName}` }).click();
    await expect(page.getByText('Appointment approved successfully!')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Waiting for me (1)' })).toBeVisible();
    await expect(firstRow).toHaveCount(0);

    const secondRow = page.getByRole('row', { name: new RegExp(second!.person.fullName) });
    await secondRow.getByRole('button', { name: `Reject the request of ${second!.person.fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this request?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(secondRow).toBeVisible();
    await noHorizontalScroll(page);
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(page, theme);
      await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `/appointments (1366, ${theme})`);
    }
    await useTheme(page, 'light');
  });

  test('on a 390 px phone: the filters fold away and each request is a card with its status and actions', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { officer, requests } = await twoWaitingForOfficer(server);
    await signInAs(page, officer);
    await page.goto('/appointments');
    await expect(page.getByLabel('Search')).toBeVisible();
    await expect(page.getByLabel('Phone', { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'More filters' }).click();
    await expect(page.getByLabel('Phone', { exact: true })).toBeVisible();

    const card = page
      .getByRole('list', { name: 'Appointments' })
      .getByRole('listitem')
      .filter({ hasText: requests[0]!.person.fullName });
    await expect(card).toContainText('Pending (officer)');
    await expect(
      card.getByRole('button', { name: `Approve the request of ${requests[0]!.person.fullName}` }),
    ).toBeVisible();
    await noHorizontalScroll(page);
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(page, theme);
      await expect(card).toBeVisible();
      await expectNoAxeViolations(page, `/appointments (390, ${theme})`);
    }
    await useTheme(page, 'light');
  });

  test('/appointments?tab=waiting opened right after sign-in shows the Waiting tab and its rows', async ({
    page,
    server,
  }) => {
    const { officer, requests } = await twoWaitingForOfficer(server);
    // The full user record (which names the approval role) is held back until the page has drawn
    // itself without it, as on a slow line right after sign-in.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/users\/\d+$/, async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    await signInAs(page, officer);
    await page.goto('/appointments?tab=waiting');
    await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
    release();

    const tab = page.getByRole('tab', { name: 'Waiting for me (2)' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    for (const { person } of requests)
      await expect(
        page.getByRole('button', { name: `Approve the request of ${person.fullName}` }).first(),
      ).toBeVisible();
    await page.unroute(/\/api\/users\/\d+$/);
  });

  test('on the detail, Approve and open next decides this request and opens the next one waiting', async ({
    page,
    server,
  }) => {
    const { officer, requests } = await twoWaitingForOfficer(server);
    await signInAs(page, officer);
    const [first, second] = requests;
    await page.goto(`/appointments/${first!.id}`);
    await expect(page.getByRole('heading', { name: first!.person.fullName, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Approve and open next' }).click();
    await expect(page.getByText('Appointment approved successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/appointments/${second!.id}$`));
    await expect(page.getByRole('heading', { name: second!.person.fullName, level: 1 })).toBeVisible();
  });
});
