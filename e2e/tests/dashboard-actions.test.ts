import { test, expect, signInAs } from '../lib/fixtures.js';
import { addDays, AppointmentsApi, dayFirst, todayInKolkata, uniqueWord } from '../lib/appointments-api.js';

// A server of its own: Approve and Reschedule change today's appointments, which the other
// dashboard tests count.
test.use({ serverEnv: { E2E_SUITE: 'dashboard-actions' } });

test.describe('dashboard: acting on today’s appointments in place', () => {
  test('shows today’s appointment, and Approve decides it without leaving the page', async ({
    page,
    server,
    signIn,
  }) => {
    const api = await AppointmentsApi.signIn(server);
    const person = await api.createPerson({ role: 'viewer', lastName: uniqueWord('Today') });
    await api.createOrderlyRoom(person, { appointment_time: '09:15' });

    // The administrator acts as commandant: the final decision is theirs at any pending step.
    await signIn();
    const row = page.getByRole('table').getByRole('row', { name: new RegExp(person.fullName) });
    await expect(row).toContainText(dayFirst(todayInKolkata()));
    await expect(row).toContainText('09:15');
    await expect(row).toContainText('Orderly room');
    await expect(row).toContainText('Scheduled');

    await row.getByRole('button', { name: `Approve the appointment of ${person.fullName}` }).click();
    await expect(page.getByText('Appointment approved successfully!')).toBeVisible();
    await expect(row).toContainText('Approved');
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);

    await row.getByRole('link', { name: `View the appointment of ${person.fullName}` }).click();
    await expect(page).toHaveURL(/\/appointments\/\d+$/);
    await expect(page.getByRole('heading', { name: person.fullName, level: 1 })).toBeVisible();
  });

  test('Reschedule opens the reschedule form on the dashboard and moves the appointment', async ({
    page,
    server,
    signIn,
  }) => {
    const api = await AppointmentsApi.signIn(server);
    const person = await api.createPerson({ role: 'viewer', lastName: uniqueWord('Later') });
    await api.createOrderlyRoom(person, { appointment_time: '09:45' });
    const tomorrow = addDays(todayInKolkata(), 1);

    await signIn();
    const row = page.getByRole('table').getByRole('row', { name: new RegExp(person.fullName) });
    await row.getByRole('button', { name: `Reschedule the appointment of ${person.fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(dialog.getByLabel('New time')).toHaveValue('09:45');

    await dialog.getByLabel('New date').fill(dayFirst(tomorrow));
    await dialog.getByLabel('New time').fill('10:30');
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expect(
      page.getByText(`Appointment rescheduled successfully! New date: ${dayFirst(tomorrow)} at 10:30.`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    // Tomorrow's appointment is no longer one of today's.
    await expect(row).toHaveCount(0);
  });

  test('a clerk approves the first step from what waits for her; the next step is not hers', async ({
    page,
    server,
  }) => {
    const api = await AppointmentsApi.signIn(server);
    const [clerk, person] = await Promise.all([
      api.createPerson({ role: 'viewer', designation: 'Clerk', firstName: uniqueWord('Clerk'), signsIn: true }),
      api.createPerson({ role: 'viewer', lastName: uniqueWord('Waiting') }),
    ]);
    await api.createLeave(person, { appointment_time: '10:00' });

    await signInAs(page, clerk);
    const waiting = page.getByRole('region', { name: /^Waiting for me/ });
    const approve = waiting.getByRole('button', { name: `Approve the request of ${person.fullName}` });
    await approve.click();
    await expect(page.getByText('Appointment approved successfully!')).toBeVisible();

    const row = page.getByRole('table').getByRole('row', { name: new RegExp(person.fullName) });
    await expect(row).toContainText('Pending officer');
    // Still waiting for a decision, but now for the officer: no longer in the clerk's list, no Approve for her.
    await expect(waiting).not.toContainText(person.fullName);
    await expect(approve).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Approve the appointment of ${person.fullName}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Reschedule the appointment of ${person.fullName}` })).toBeVisible();
  });

  test("someone who takes no approval step sees their own request on their own dashboard, Reschedule on its page, no Approve, and nobody else's", async ({
    page,
    server,
  }) => {
    const api = await AppointmentsApi.signIn(server);
    const [constable, person] = await Promise.all([
      api.createPerson({
        role: 'viewer',
        designation: 'Police Constable',
        lastName: uniqueWord('Asking'),
        signsIn: true,
      }),
      api.createPerson({ role: 'viewer', lastName: uniqueWord('Other') }),
    ]);
    // Their own request, filed by themselves: before any step they may still move it.
    await (
      await AppointmentsApi.signIn(server, constable.email, constable.password)
    ).createOrderlyRoom(constable, { appointment_time: '11:00' });
    await api.createOrderlyRoom(person, { appointment_time: '11:15' });

    const role = page.waitForResponse('**/api/appointments/my-role');
    await signInAs(page, constable);
    expect((await (await role).json()).data.remark_role).toBeNull();
    // Their own dashboard (no figures of others to show): their requests, where each stands.
    const requests = page.getByRole('region', { name: 'My requests' });
    const own = requests.getByRole('listitem');
    await expect(own).toHaveCount(1);
    await expect(own).toContainText('Orderly room');
    await expect(own).toContainText('Scheduled');
    await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    // Another person's request is outside what they may read (the authorization issue).
    await expect(page.getByText(person.fullName)).toHaveCount(0);
    // Before any step they may still move it, from its page.
    await own.getByRole('link').click();
    await expect(page).toHaveURL(/\/appointments\/\d+$/);
    await expect(page.getByRole('button', { name: 'Reschedule' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  });
});
