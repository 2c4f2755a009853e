import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, useTheme } from '../lib/axe.js';
import { test, expect, signInAs } from '../lib/fixtures.js';
import { addDays, AppointmentsApi, dayFirst, todayInKolkata, uniqueWord } from '../lib/appointments-api.js';

// A server of its own: the steps taken here change what waits for whom.
test.use({ serverEnv: { E2E_SUITE: 'dashboard-waiting' } });

const SIZES = [
  { name: 'desk', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Clicks as a person does, counting them: the daily path is measured in clicks. */
function clickCounter() {
  let clicks = 0;
  return {
    click: async (target: Locator) => {
      clicks += 1;
      await target.click();
    },
    get count() {
      return clicks;
    },
  };
}

/** The appointment as the administrator reads it through the API. */
async function appointmentAsAdmin(server: { baseUrl: string }, api: AppointmentsApi, id: number) {
  const response = await fetch(`${server.baseUrl}/api/appointments/${id}`, { headers: api.headers });
  const body = (await response.json()) as { data: { appointment: { status: string; officer_remarks: string | null } } };
  return body.data.appointment;
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page must not pan sideways').toBeLessThanOrEqual(0);
}

/** A clerk, an officer who signs in, and the person whose leave they decide, in a company of their own. */
async function chain(api: AppointmentsApi, tag: string) {
  const { members, ...people } = await api.createChain({
    officer: { firstName: uniqueWord('Kavita') },
    members: [{ firstName: uniqueWord(tag), lastName: uniqueWord('Jadhav') }],
  });
  return { ...people, constable: members[0]! };
}

for (const size of SIZES) {
  test.describe(`what waits for me (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('an officer finds a request dated tomorrow on her dashboard and approves it in at most 3 clicks', async ({
      page,
      server,
    }) => {
      const api = await AppointmentsApi.signIn(server);
      const people = await chain(api, 'Tomorrow');
      const tomorrow = addDays(todayInKolkata(), 1);
      const leave = await api.leaveAtOfficersStep(people, people.constable, tomorrow);

      await signInAs(page, people.officer);
      const clicks = clickCounter();
      const waiting = page.getByRole('region', { name: /^Waiting for me/ });
      await expect(waiting.getByRole('heading', { name: 'Waiting for me (1)' })).toBeVisible();
      await expect(waiting).toContainText(people.constable.fullName);
      await expect(waiting).toContainText(dayFirst(tomorrow));
      await expect(waiting).toContainText(people.constable.phone);
      await expect(waiting).toContainText('Pending (officer)');
      await noHorizontalScroll(page);

      await clicks.click(waiting.getByRole('button', { name: `Approve the request of ${people.constable.fullName}` }));
      await expect(page.getByText('Appointment approved successfully!')).toBeVisible();
      await expect(waiting.getByRole('heading', { name: 'Waiting for me (0)' })).toBeVisible();
      await expect(waiting).toContainText('Nothing waits for your step');
      expect(clicks.count).toBeLessThanOrEqual(3);

      // The step went on to the commandant.
      expect((await appointmentAsAdmin(server, api, leave.id)).status).toBe('pending_final');
    });

    test('Reject on the dashboard asks first, with a remark, and the request leaves the list', async ({
      page,
      server,
    }) => {
      const api = await AppointmentsApi.signIn(server);
      const people = await chain(api, 'Refused');
      const leave = await api.leaveAtOfficersStep(people, people.constable, addDays(todayInKolkata(), 2));

      await signInAs(page, people.officer);
      const waiting = page.getByRole('region', { name: /^Waiting for me/ });
      await waiting.getByRole('button', { name: `Reject the request of ${people.constable.fullName}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject this request?' });
      await expect(dialog).toContainText(people.constable.fullName);
      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') {
          await useTheme(page, 'dark');
          await waiting.getByRole('button', { name: `Reject the request of ${people.constable.fullName}` }).click();
        }
        await expectNoAxeViolations(page, `/dashboard (${size.name}, ${theme}, the reject confirmation)`);
      }
      await dialog.getByLabel('Remark (optional)').fill('Leave already used up this year');
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      await expect(page.getByText('Appointment rejected')).toBeVisible();
      await expect(waiting).not.toContainText(people.constable.fullName);
      const after = await appointmentAsAdmin(server, api, leave.id);
      expect(after.status).toBe('rejected');
      expect(after.officer_remarks).toContain('Leave already used up this year');
      await useTheme(page, 'light');
    });

    test('the dashboard with what waits stays free of WCAG 2.1 AA violations in both themes', async ({
      page,
      server,
    }) => {
      const api = await AppointmentsApi.signIn(server);
      const people = await chain(api, 'Axe');
      await api.leaveAtOfficersStep(people, people.constable, todayInKolkata());
      await signInAs(page, people.officer);
      const waiting = page.getByRole('region', { name: /^Waiting for me/ });
      await expect(waiting).toContainText(people.constable.fullName);
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme);
        await expect(waiting).toContainText(people.constable.fullName);
        await expectNoAxeViolations(page, `/dashboard (${size.name}, ${theme}, an officer with a request waiting)`);
      }
      await useTheme(page, 'light');
    });
  });
}
