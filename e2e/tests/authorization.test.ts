import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, ADMIN, signInAs } from '../lib/fixtures.js';
import {
  addDays,
  AppointmentsApi,
  dayFirst,
  HEADQUARTERS,
  todayInKolkata,
  uniqueWord,
} from '../lib/appointments-api.js';
import { documentMenuItems, documentRow, folderCard, makePdf, pdfFile } from '../lib/libraries-ui.js';

// A server of its own: these tests add people, companies, folders, orders and appointments.
test.use({ serverEnv: { E2E_SUITE: 'authorization' } });

/** The administrator files an orders folder and an order in it, as a records clerk would see them. */
async function fileOrder(
  request: APIRequestContext,
  admin: AppointmentsApi,
  folder: string,
  title: string,
): Promise<void> {
  const category = await request.post('/api/orders/categories', { headers: admin.headers, data: { name: folder } });
  expect(category.status(), await category.text()).toBe(201);
  const { data } = (await category.json()) as { data: { category: { id: number } } };
  const upload = await request.post('/api/orders/upload', {
    headers: admin.headers,
    multipart: {
      title,
      effective_date: todayInKolkata(),
      category_id: String(data.category.id),
      pdf_file: pdfFile('duty-roster.pdf', makePdf(title)),
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
}

/** Opens a page after sign-in once the person's full record (grants, company, approval role) has arrived. */
async function openWithRecord(page: Page, path: string): Promise<void> {
  const record = page.waitForResponse((response) => /\/api\/users\/\d+$/.test(response.url()) && response.ok());
  await page.goto(path);
  await record;
}

test.describe('authorization on the screens', () => {
  test('a viewer is offered no control they cannot use, on any screen', async ({ page, request, server }) => {
    const admin = await AppointmentsApi.signIn(server);
    const [viewer, clerk] = await Promise.all([
      admin.createPerson({
        role: 'viewer',
        designation: uniqueWord('Constable'),
        approvalRole: 'none',
        lastName: uniqueWord('Viewer'),
        signsIn: true,
      }),
      admin.createPerson({
        role: 'viewer',
        designation: uniqueWord('Clerk'),
        approvalRole: 'clerk',
        firstName: uniqueWord('Clerk'),
        signsIn: true,
      }),
    ]);
    const folder = `Standing Orders ${uniqueWord('')}`;
    const order = `Duty roster ${uniqueWord('')}`;
    await fileOrder(request, admin, folder, order);
    // The viewer files their own leave request; the company's clerk then takes the first step.
    const own = await AppointmentsApi.signIn(server, viewer.email, viewer.password);
    const { id } = await own.createLeave(viewer);
    await (await AppointmentsApi.signIn(server, clerk.email, clerk.password)).approve(id);

    await signInAs(page, viewer);
    await openWithRecord(page, '/dashboard');

    // Navigation: no Users.
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);

    // Dashboard: no export (view_all_kpis).
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);

    // Orders: the folder and the order are there to read, but no folder management and no Delete.
    await page.goto('/orders?view=folders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    const card = folderCard(page, folder);
    await expect(card).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Folder' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Actions for ${folder}` })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Edit ${folder}` })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Delete ${folder}` })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `New subcategory in ${folder}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'List view' }).click();
    const row = documentRow(page, order);
    await expect(row.getByRole('button', { name: 'View PDF' })).toBeVisible();
    expect(await documentMenuItems(row)).toEqual(['Download PDF']);
    // The order's page: no Approve or Reject (approve_orders, reject_orders).
    await row.getByRole('link', { name: order }).click();
    await expect(page.getByRole('heading', { name: order, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve Order' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reject Order' })).toHaveCount(0);

    // Their own request after the clerk's step: readable, but nothing to edit, move, decide or delete.
    await page.goto('/appointments');
    await page.getByRole('tab', { name: 'Leave Related' }).click();
    const listed = page.getByRole('row', { name: new RegExp(viewer.fullName) });
    await expect(listed).toContainText('Pending (officer)');
    await expect(listed.getByRole('button', { name: `Edit appointment of ${viewer.fullName}` })).toHaveCount(0);
    await expect(listed.getByRole('button', { name: `Print appointment of ${viewer.fullName}` })).toBeVisible();
    const detail = page.waitForResponse((response) => response.url().endsWith(`/api/appointments/${id}`));
    await listed.getByRole('link', { name: `View appointment of ${viewer.fullName}` }).click();
    const abilities = (
      (await (await detail).json()) as { data: { appointment: { abilities: Record<string, unknown> } } }
    ).data.appointment.abilities;
    expect(abilities).toMatchObject({
      can_edit: false,
      can_reschedule: false,
      can_delete: false,
      can_approve: false,
      can_reject: false,
    });
    await expect(page.getByRole('heading', { name: viewer.fullName, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    for (const action of ['Edit', 'Reschedule', 'Delete', 'Approve', 'Reject']) {
      await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { name: 'Your decision' })).toHaveCount(0);

    // A new request is their own: the person is fixed to them, in their own company.
    await page.goto('/appointments');
    await page.getByRole('button', { name: 'New Appointment' }).click();
    await page.getByRole('menuitem', { name: 'Leave Related' }).click();
    const panel = page.getByRole('dialog', { name: 'New leave application' });
    await expect(panel.getByLabel('User', { exact: true })).toHaveValue(viewer.fullName);
    await expect(panel.getByLabel('User', { exact: true })).not.toBeEditable();
    await expect(panel.getByText('You can file requests only for yourself.')).toBeVisible();
    await expect(panel.getByLabel('Company').locator('option')).toHaveText(['Select company', HEADQUARTERS.name]);
    const today = todayInKolkata();
    await panel.getByLabel('Leave type').selectOption({ label: 'गैरहजेरीतून हजर' });
    await panel.getByLabel('Start date').fill(dayFirst(addDays(today, 10)));
    await panel.getByLabel('End date').fill(dayFirst(addDays(today, 11)));
    await panel.getByLabel('Reason').fill('Son’s school admission at Pune');
    await panel.getByRole('button', { name: 'Create appointment' }).click();
    await expect(page.getByText('Leave appointment created successfully!')).toBeVisible();

    // Users and companies: refused, with nothing to press; Settings has no Companies or Designations tab.
    for (const path of ['/users', '/admin/users']) {
      await page.goto(path);
      await expect(page.getByText('You do not have permission to manage users')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
    }
    await page.goto('/companies');
    await expect(page.getByText('You do not have permission to manage companies')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Company' })).toHaveCount(0);
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Companies' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Designations' })).toHaveCount(0);
  });

  test('a clerk files a leave request for a colleague of the same company', async ({ page, server }) => {
    const admin = await AppointmentsApi.signIn(server);
    const [clerk, colleague] = await Promise.all([
      admin.createPerson({
        role: 'viewer',
        designation: uniqueWord('Clerk'),
        approvalRole: 'clerk',
        firstName: uniqueWord('Clerk'),
        signsIn: true,
      }),
      admin.createPerson({
        role: 'viewer',
        designation: uniqueWord('Constable'),
        approvalRole: 'none',
        lastName: uniqueWord('Colleague'),
      }),
    ]);
    const today = todayInKolkata();

    await signInAs(page, clerk);
    await openWithRecord(page, '/appointments');
    await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New Appointment' }).click();
    await page.getByRole('menuitem', { name: 'Leave Related' }).click();
    const panel = page.getByRole('dialog', { name: 'New leave application' });
    await expect(panel.getByLabel('Company')).toBeVisible();
    // A clerk chooses the person (someone filing only for themselves would find it fixed).
    await expect(panel.getByText('You can file requests only for yourself.')).toHaveCount(0);
    await panel.getByLabel('Company').selectOption({ label: HEADQUARTERS.name });
    await panel.getByRole('combobox', { name: 'User' }).fill(colleague.lastName);
    await panel.getByRole('option', { name: new RegExp(colleague.fullName) }).click();
    await expect(panel.getByText(`Selected: ${colleague.fullName}`)).toBeVisible();
    await panel.getByLabel('Leave type').selectOption({ label: 'गैरहजेरीतून हजर' });
    await panel.getByLabel('Start date').fill(dayFirst(addDays(today, 5)));
    await panel.getByLabel('End date').fill(dayFirst(addDays(today, 7)));
    await panel.getByLabel('Reason').fill('Marriage in the family at Baramati');
    await panel.getByRole('button', { name: 'Create appointment' }).click();
    await expect(page.getByText('Leave appointment created successfully!')).toBeVisible();
    await expect(panel).toBeHidden();

    await page.getByRole('tab', { name: 'Leave Related' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(colleague.lastName);
    const row = page.getByRole('row', { name: new RegExp(colleague.fullName) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Scheduled');
    // Filed by the clerk before any step: the clerk may still correct it.
    await expect(row.getByRole('button', { name: `Edit appointment of ${colleague.fullName}` })).toBeVisible();
  });

  test('an officer of another company cannot open an appointment by its address', async ({ page, server }) => {
    const admin = await AppointmentsApi.signIn(server);
    const elsewhere = await admin.createCompany(`Group ${uniqueWord('')}`);
    const [officer, person] = await Promise.all([
      admin.createPerson({
        role: 'officer',
        designation: uniqueWord('Inspector'),
        approvalRole: 'officer',
        companyId: elsewhere.id,
        firstName: uniqueWord('Officer'),
        signsIn: true,
      }),
      admin.createPerson({ role: 'viewer', lastName: uniqueWord('Private') }),
    ]);
    const { id } = await admin.createLeave(person);

    await signInAs(page, officer);
    const answer = page.waitForResponse((response) => response.url().endsWith(`/api/appointments/${id}`));
    await page.goto(`/appointments/${id}`);
    // Outside the officer's scope the record does not exist for them: 404, never 403.
    expect((await answer).status()).toBe(404);
    await expect(page.getByText('Appointment not found')).toBeVisible();
    await expect(page.getByRole('heading', { name: person.fullName })).toHaveCount(0);

    // Nor does the list show it.
    await page.goto('/appointments');
    await page.getByRole('tab', { name: 'Leave Related' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(person.lastName);
    await expect(page.getByText('No appointments found')).toBeVisible();
  });

  test('an administrator grants folder management through the user form, and the person then has it', async ({
    page,
    server,
  }) => {
    const admin = await AppointmentsApi.signIn(server);
    const records = await admin.createPerson({ role: 'viewer', lastName: uniqueWord('Records'), signsIn: true });

    await signInAs(page, ADMIN);
    await page.goto('/users');
    await page.getByLabel('Search users').fill(records.lastName);
    // By the last name: the row's name gains the middle name below.
    const row = page.getByRole('row', { name: new RegExp(records.lastName) });
    await row.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    const grants = edit.getByRole('group', { name: 'Granted permissions' });
    // Every grantable permission, send_whatsapp (issue 31) included.
    await expect(grants.getByRole('checkbox')).toHaveCount(13);
    await expect(grants.getByLabel('Manage document folders')).not.toBeChecked();
    // The first administrator is the superadmin: they also choose the companies a person oversees.
    await expect(edit.getByLabel('Overseen companies')).toBeVisible();
    await grants.getByLabel('Manage document folders').check();
    // The form asks for a middle name, which a person created through the API lacks.
    await edit.getByLabel('Middle Name').fill('Sharad');
    await edit.getByRole('button', { name: 'Update User' }).click();
    await expect(page.getByText('User updated successfully!')).toBeVisible();

    await row.getByRole('button', { name: /^View/ }).click();
    const view = page.getByRole('dialog', { name: 'View User' });
    await expect(view.getByText('Granted permissions').locator('..')).toContainText('Manage document folders');
    await view.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signInAs(page, records);
    await openWithRecord(page, '/orders');
    await expect(page.getByRole('button', { name: 'New Folder' }).first()).toBeVisible();
  });

  test('the edit form offers only the statuses the person may set, and an administrator gives a reason', async ({
    page,
    server,
  }) => {
    const admin = await AppointmentsApi.signIn(server);
    const filer = await admin.createPerson({ role: 'viewer', lastName: uniqueWord('Filer'), signsIn: true });
    const { id } = await (
      await AppointmentsApi.signIn(server, filer.email, filer.password)
    ).createOrderlyRoom(filer, { notes: 'Quarters repair' });
    const statusOptions = (panel: ReturnType<Page['getByRole']>) => panel.getByLabel('Status').locator('option');

    // The person who filed it may move it, but only the company's clerk or commandant (or an administrator) closes it.
    await signInAs(page, filer);
    await openWithRecord(page, `/appointments/${id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    let panel = page.getByRole('dialog', { name: 'Edit orderly room appointment' });
    await expect(statusOptions(panel)).toHaveText(['Scheduled', 'Rescheduled']);
    await expect(panel.getByLabel('Notes')).toBeEnabled();
    await expect(panel.getByLabel('Reason for the status change')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // An administrator closes it by hand, and must say why.
    await signInAs(page, ADMIN);
    await page.goto(`/appointments/${id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    panel = page.getByRole('dialog', { name: 'Edit orderly room appointment' });
    await expect(statusOptions(panel)).toHaveText(['Scheduled', 'Completed', 'Cancelled', 'Rescheduled']);
    await panel.getByLabel('Status').selectOption({ label: 'Completed' });
    const reason = panel.getByLabel('Reason for the status change');
    await expect(reason).toBeVisible();
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(panel.getByText('Please give a reason for the status change')).toBeVisible();
    await reason.fill('Heard in the orderly room on Monday');
    const saved = page.waitForRequest(
      (sent) => sent.method() === 'PUT' && sent.url().endsWith(`/api/appointments/${id}`),
    );
    await panel.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).postDataJSON()).toEqual({
      status: 'completed',
      status_reason: 'Heard in the orderly room on Monday',
    });
    await expect(page.getByText('Appointment updated successfully!')).toBeVisible();
    await expect(page.locator('main').getByText('Completed').first()).toBeVisible();
    // Completed is final: it can no longer be moved.
    await expect(page.getByRole('button', { name: 'Reschedule', exact: true })).toHaveCount(0);
  });
});
