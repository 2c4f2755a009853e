import { test, expect } from '../lib/fixtures.js';
import { addDays, AppointmentsApi, dayFirst, todayInKolkata, uniqueWord } from '../lib/appointments-api.js';

// A server of its own: these tests book appointments. Each test books what it looks for under
// names and words of its own, so the tests do not depend on each other's data.
test.use({ serverEnv: { E2E_SUITE: 'appointments-list' } });

test.describe('appointments list', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn();
    await page.goto('/appointments');
    await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
  });

  test('creates a leave request through the leave panel', async ({ page, server }) => {
    const api = await AppointmentsApi.signIn(server);
    const person = await api.createPerson({
      role: 'viewer',
      designation: 'Police Constable',
      lastName: uniqueWord('Leave'),
    });
    const today = todayInKolkata();

    await page.getByRole('button', { name: 'New Appointment' }).click();
    await page.getByRole('menuitem', { name: 'Leave Related' }).click();
    const panel = page.getByRole('dialog', { name: 'New leave application' });
    await panel.getByRole('button', { name: 'Create appointment' }).click();
    await expect(
      page.getByText('Please fill required fields: Company, User, Leave Type, Start/End Dates, Reason').first(),
    ).toBeVisible();

    await panel.getByLabel('Company').selectOption({ label: 'Headquarters' });
    await panel.getByRole('combobox', { name: 'User' }).fill(person.lastName);
    await panel.getByRole('option', { name: new RegExp(person.fullName) }).click();
    await expect(panel.getByText(`Selected: ${person.fullName}`)).toBeVisible();
    await panel.getByLabel('Leave type').selectOption({ label: 'गैरहजेरीतून हजर' });
    await panel.getByLabel('Start date').fill(dayFirst(addDays(today, 5)));
    await panel.getByLabel('End date').fill(dayFirst(addDays(today, 8)));
    await panel.getByLabel('Reason').fill('Sister’s wedding in Satara');
    await panel.getByLabel('Appointment date').fill(dayFirst(addDays(today, 2)));
    await panel.getByLabel('Appointment time').fill('11:30');
    await panel.getByLabel('Rewards').fill('3');
    // The administrator acts as commandant: that remark is the one they may write.
    await panel.getByRole('textbox', { name: 'Commandant remarks' }).fill('Leave may be granted');
    await panel.getByRole('button', { name: 'Create appointment' }).click();
    await expect(page.getByText('Leave appointment created successfully!')).toBeVisible();
    await expect(panel).toBeHidden();

    await page.getByRole('tab', { name: 'Leave Related' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(person.lastName);
    const row = page.getByRole('row', { name: new RegExp(person.fullName) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Leave related');
    await expect(row).toContainText(`${dayFirst(addDays(today, 2))} 11:30`);
    await expect(row).toContainText('Scheduled');

    await row.getByRole('link', { name: `View appointment of ${person.fullName}` }).click();
    await expect(page.getByRole('heading', { name: person.fullName, level: 1 })).toBeVisible();
    const leave = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'Leave details', level: 2 }) })
      .last();
    await expect(leave).toContainText('गैरहजेरीतून हजर');
    await expect(leave).toContainText(dayFirst(addDays(today, 5)));
    await expect(leave).toContainText(dayFirst(addDays(today, 8)));
    await expect(leave).toContainText('Sister’s wedding in Satara');
    await expect(page.getByText('Leave may be granted').first()).toBeVisible();
  });

  test('filters by search, phone, status and date, and Clear empties the filters', async ({ page, server }) => {
    const api = await AppointmentsApi.signIn(server);
    const word = uniqueWord('filter');
    const today = todayInKolkata();
    const [first, second, third] = await Promise.all([
      api.createPerson({ role: 'viewer', lastName: uniqueWord('First') }),
      api.createPerson({ role: 'viewer', lastName: uniqueWord('Second') }),
      api.createPerson({ role: 'viewer', lastName: uniqueWord('Third') }),
    ]);
    await api.createOrderlyRoom(first, { notes: `Transfer request ${word}` });
    await api.createLeave(second, { notes: `Leave note ${word}`, appointment_date: addDays(today, 1) });
    const cancelled = await api.createOrderlyRoom(third, {
      notes: `Quarters ${word}`,
      appointment_date: addDays(today, 2),
    });
    // An administrator setting a status by hand says why (the authorization issue).
    await api.update(cancelled.id, { status: 'cancelled', status_reason: 'Quarters allotted meanwhile' });

    const views = page.getByRole('link', { name: /^View appointment of / });
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(word);
    await expect(views).toHaveCount(3);
    for (const person of [first, second, third])
      await expect(page.getByRole('link', { name: `View appointment of ${person.fullName}` })).toBeVisible();

    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Cancelled' });
    await expect(views).toHaveCount(1);
    await expect(page.getByRole('row', { name: new RegExp(third.fullName) })).toContainText('Cancelled');

    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
    await page.getByLabel('Date', { exact: true }).fill(dayFirst(addDays(today, 1)));
    await expect(views).toHaveCount(1);
    await expect(page.getByRole('link', { name: `View appointment of ${second.fullName}` })).toBeVisible();

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('');

    await page.getByLabel('Phone', { exact: true }).fill(first.phone);
    await expect(views).toHaveCount(1);
    await expect(page.getByRole('row', { name: new RegExp(first.fullName) })).toContainText(first.phone);

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Clear' })).toBeDisabled();
    await search.fill(word);
    await expect(views).toHaveCount(3);

    await search.fill(uniqueWord('nothing'));
    await expect(page.getByText('No appointments found')).toBeVisible();
  });

  test('pages through the list with 10, 20 and 50 per page', async ({ page, server }) => {
    const api = await AppointmentsApi.signIn(server);
    const word = uniqueWord('paging');
    const person = await api.createPerson({ role: 'viewer', lastName: uniqueWord('Pages') });
    for (let index = 0; index < 23; index += 1)
      await api.createOrderlyRoom(person, { notes: `Request ${index + 1} ${word}` });

    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    const views = page.getByRole('link', { name: `View appointment of ${person.fullName}` });
    const paging = page.getByRole('navigation', { name: 'Appointment pages' });
    await expect(paging).toContainText('Showing 1 to 10 of 23 appointments');
    await expect(paging).toContainText('Page 1 of 3');
    await expect(views).toHaveCount(10);
    await expect(paging.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await paging.getByRole('button', { name: 'Next' }).click();
    await expect(paging).toContainText('Showing 11 to 20 of 23 appointments');
    await expect(paging).toContainText('Page 2 of 3');
    await paging.getByRole('button', { name: 'Next' }).click();
    await expect(paging).toContainText('Showing 21 to 23 of 23 appointments');
    await expect(views).toHaveCount(3);
    await expect(paging.getByRole('button', { name: 'Next' })).toBeDisabled();

    await paging.getByLabel('Per page').selectOption('20');
    await expect(paging).toContainText('Showing 1 to 20 of 23 appointments');
    await expect(paging).toContainText('Page 1 of 2');
    await expect(views).toHaveCount(20);

    await paging.getByLabel('Per page').selectOption('50');
    await expect(paging).toContainText('Showing 1 to 23 of 23 appointments');
    await expect(paging).toContainText('Page 1 of 1');
    await expect(views).toHaveCount(23);
    await expect(paging.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test('sorts by the Name, Date / time and Status headers, each a button that says its order', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const api = await AppointmentsApi.signIn(server);
    const word = uniqueWord('sorted');
    const [anand, bhaskar, chandu] = await Promise.all(
      ['Anand', 'Bhaskar', 'Chandu'].map((name) =>
        api.createPerson({ role: 'viewer', firstName: uniqueWord(name), lastName: uniqueWord('Sort') }),
      ),
    );
    await api.createOrderlyRoom(anand!, { notes: `Posting ${word}` });
    const cancelled = await api.createOrderlyRoom(bhaskar!, { notes: `Posting ${word}` });
    await api.update(cancelled.id, { status: 'cancelled', status_reason: 'Withdrawn by the applicant' });
    const completed = await api.createOrderlyRoom(chandu!, { notes: `Posting ${word}` });
    await api.update(completed.id, { status: 'completed', status_reason: 'Heard on the day' });

    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(3);
    const header = (name: string) => page.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const names = (order: (typeof anand)[]) => order.map((person) => person!.fullName);

    await expect(header('Date / time')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    await header('Name')
      .getByRole('button', { name: /^Name ?, sort by this column$/ })
      .click();
    await expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header('Date / time')).toHaveAttribute('aria-sort', 'none');
    await expect(rows).toContainText(names([anand, bhaskar, chandu]));
    await header('Name')
      .getByRole('button', { name: /^Name ?, ascending; sort descending$/ })
      .click();
    await expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    await expect(rows).toContainText(names([chandu, bhaskar, anand]));

    // Statuses sort by their codes: cancelled, completed, scheduled.
    await header('Status').getByRole('button').click();
    await expect(header('Status')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    await expect(rows).toContainText(names([bhaskar, chandu, anand]));
    await header('Status').getByRole('button').click();
    await expect(header('Status')).toHaveAttribute('aria-sort', 'descending');
    await expect(rows).toContainText(names([anand, chandu, bhaskar]));

    await header('Date / time').getByRole('button').click();
    await expect(header('Date / time')).toHaveAttribute('aria-sort', 'ascending');
  });

  test('opens the detail from the list and prints the appointment', async ({ page, server }) => {
    const api = await AppointmentsApi.signIn(server);
    const designationId = await api.createDesignation('Head Constable');
    const person = await api.createPerson({ role: 'viewer', designationId, lastName: uniqueWord('Print') });
    const date = addDays(todayInKolkata(), 1);
    const { id } = await api.createOrderlyRoom(person, {
      appointment_date: date,
      appointment_time: '10:15',
      notes: 'Bring the posting order',
      additional_details: 'Request for transfer to Group 5 Daund',
    });

    await page.getByRole('searchbox', { name: 'Search' }).fill(person.lastName);
    await page.getByRole('link', { name: `View appointment of ${person.fullName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${id}$`));
    await expect(page.getByRole('heading', { name: person.fullName, level: 1 })).toBeVisible();
    await expect(page.getByText(`Appointment #${id}`)).toBeVisible();
    for (const section of ['Personal information', 'Appointment information', 'Additional information']) {
      await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
    }
    await expect(page.getByText(person.phone)).toBeVisible();
    await expect(page.getByText('Head Constable')).toBeVisible();
    await expect(page.getByText(dayFirst(date)).first()).toBeVisible();
    await expect(page.getByText('Request for transfer to Group 5 Daund')).toBeVisible();

    // Print writes a print layout into a window of its own.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Print', exact: true }).click(),
    ]);
    await expect(popup).toHaveTitle(`Appointment #${id}`);
    await expect(popup.getByRole('heading', { name: 'State Reserve Police Force' })).toBeVisible();
    const field = (label: string) => popup.getByRole('row', { name: new RegExp(`^${label}`) });
    await expect(field('Name')).toContainText(person.fullName);
    await expect(field('Phone')).toContainText(person.phone);
    await expect(field('Designation')).toContainText('Head Constable');
    await expect(field('Company')).toContainText('Headquarters');
    await expect(field('Request type')).toContainText('orderly room');
    await expect(field('Appointment date')).toContainText(dayFirst(date));
    await expect(field('Appointment time')).toContainText('10:15');
    await expect(field('Notes')).toContainText('Bring the posting order');
    await expect(field('Additional details')).toContainText('Request for transfer to Group 5 Daund');
    await popup.close();

    // The list's Print action opens the same layout.
    await page.getByRole('link', { name: 'Back to appointments' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(person.lastName);
    const [fromList] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: `Print appointment of ${person.fullName}` }).click(),
    ]);
    await expect(fromList.getByRole('row', { name: /^Name/ })).toContainText(person.fullName);
    await fromList.close();
  });
});
