import type { Page } from '@playwright/test';
import { test, expect, signInAs } from '../lib/fixtures.js';
import {
  addDays,
  AppointmentsApi,
  dayFirst,
  todayInKolkata,
  uniqueWord,
  type Person,
} from '../lib/appointments-api.js';

// A server of its own: these tests reschedule, approve and delete appointments.
test.use({ serverEnv: { E2E_SUITE: 'appointments-approval' } });

const timelineEntry = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

test.describe('appointment detail actions', () => {
  test('reschedules by hand through the modal; a taken slot is refused', async ({ page, server, signIn }) => {
    const api = await AppointmentsApi.signIn(server);
    const today = todayInKolkata();
    const [person, other] = await Promise.all([
      api.createPerson({ role: 'viewer', lastName: uniqueWord('Move') }),
      api.createPerson({ role: 'viewer', lastName: uniqueWord('Holder') }),
    ]);
    const { id } = await api.createOrderlyRoom(person, { appointment_time: '10:00' });
    // Another request of the same company already holds this slot.
    const taken = { date: addDays(today, 4), time: '15:15' };
    await api.createOrderlyRoom(other, { appointment_date: taken.date, appointment_time: taken.time });

    await signIn();
    await page.goto(`/appointments/${id}`);
    await expect(page.getByRole('heading', { name: person.fullName, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await expect(dialog.getByLabel('Choose a date and time')).toBeChecked();
    await dialog.getByLabel('New date').fill(dayFirst(taken.date));
    await dialog.getByLabel('New time').fill(taken.time);
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expect(page.getByText('Failed to reschedule appointment. Please try again.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText(`The slot on ${taken.date} at ${taken.time} is already taken for this company.`, {
        exact: false,
      }),
    ).toBeVisible();

    const target = { date: addDays(today, 3), time: '11:45' };
    await dialog.getByLabel('New date').fill(dayFirst(target.date));
    await dialog.getByLabel('New time').fill(target.time);
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expect(
      page.getByText(`Appointment rescheduled successfully! New date: ${dayFirst(target.date)} at ${target.time}.`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    const info = page.getByRole('heading', { name: 'Appointment information', level: 2 }).locator('..');
    await expect(info).toContainText(dayFirst(target.date));
    await expect(info).toContainText(target.time);
    await expect(info).toContainText('Rescheduled');
    await expect(info.getByText('Original request date').locator('..')).toContainText(dayFirst(today));
    await expect(
      timelineEntry(page, `${dayFirst(today)} 10:00 → ${dayFirst(target.date)} ${target.time}`),
    ).toContainText('Rescheduled');
  });

  test('approves through the chain: clerk, then officer, then commandant', async ({ page, server }) => {
    const api = await AppointmentsApi.signIn(server);
    const [clerk, officer, commandant, requester] = await Promise.all([
      api.createPerson({ role: 'viewer', designation: 'Clerk', firstName: uniqueWord('Clerk'), signsIn: true }),
      api.createPerson({
        role: 'officer',
        designation: 'Inspector',
        approvalRole: 'officer',
        firstName: uniqueWord('Officer'),
        signsIn: true,
      }),
      api.createPerson({
        role: 'executive',
        designation: 'Commandant',
        firstName: uniqueWord('Commandant'),
        signsIn: true,
      }),
      api.createPerson({ role: 'viewer', designation: 'Police Constable', lastName: uniqueWord('Applicant') }),
    ]);
    const { id } = await api.createLeave(requester);
    const status = page
      .locator('main')
      .getByText(/^(Scheduled|Pending \((officer|final)\)|Approved)$/)
      .first();
    const decide = async (person: Person, remark: string) => {
      await signInAs(page, person);
      await page.goto(`/appointments/${id}`);
      await expect(page.getByRole('heading', { name: requester.fullName, level: 1 })).toBeVisible();
      // Only an administrator deletes appointments.
      await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await page.getByLabel('Remark (optional)').fill(remark);
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(page.getByText('Appointment approved successfully!')).toBeVisible();
      // Once the step is taken, it is no longer this person's turn.
      await expect(page.getByRole('heading', { name: 'Your decision' })).toHaveCount(0);
    };
    const signOut = async () => {
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/login$/);
    };

    await decide(clerk, 'Leave balance verified');
    await expect(status).toHaveText('Pending (officer)');
    await expect(page.getByText('Waiting for: Officer')).toBeVisible();
    const clerkStep = timelineEntry(page, 'Scheduled → Pending (officer)');
    await expect(clerkStep).toContainText('Approved');
    await expect(clerkStep).toContainText(`by ${clerk.fullName} · as Clerk`);
    await expect(clerkStep).toContainText('Leave balance verified');
    await signOut();

    await decide(officer, 'Recommended');
    await expect(status).toHaveText('Pending (final)');
    await expect(page.getByText('Waiting for: Commandant')).toBeVisible();
    const officerStep = timelineEntry(page, 'Pending (officer) → Pending (final)');
    await expect(officerStep).toContainText(`by ${officer.fullName} · as Officer`);
    await expect(officerStep).toContainText('Recommended');
    await expect(page.getByRole('heading', { name: 'Appointment information', level: 2 }).locator('..')).toContainText(
      officer.fullName,
    );
    await signOut();

    await decide(commandant, 'Granted');
    await expect(status).toHaveText('Approved');
    await expect(page.getByText(/^Waiting for:/)).toHaveCount(0);
    const finalStep = timelineEntry(page, 'Pending (final) → Approved');
    await expect(finalStep).toContainText(`by ${commandant.fullName} · as Commandant`);
    await expect(finalStep).toContainText('Granted');
    // The whole history, oldest first: created, then the three steps.
    await expect(
      page.getByRole('heading', { name: 'Approval timeline' }).locator('..').getByRole('listitem'),
    ).toHaveText([/^Created/, /^Approved/, /^Approved/, /^Approved/]);
  });

  test('an administrator deletes after confirming', async ({ page, server, signIn }) => {
    const api = await AppointmentsApi.signIn(server);
    const person = await api.createPerson({ role: 'viewer', lastName: uniqueWord('Remove') });
    const { id } = await api.createOrderlyRoom(person);

    await signIn();
    await page.goto(`/appointments/${id}`);
    await expect(page.getByRole('heading', { name: person.fullName, level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete appointment' });
    await expect(confirm).toContainText('Are you sure you want to delete this appointment?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('heading', { name: person.fullName, level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Appointment deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/appointments$/);
    await page.getByRole('searchbox', { name: 'Search' }).fill(person.lastName);
    await expect(page.getByText('No appointments found')).toBeVisible();

    await page.goto(`/appointments/${id}`);
    await expect(page.getByText('Appointment not found')).toBeVisible();
  });
});
