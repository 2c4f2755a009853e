import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { TAllDesignationsResponse, TPayslipListResponse, TUserResponse } from '@srpf/shared';
import { ApiSession } from '@srpf/test-kit';
import { generateSlipFiles } from '@srpf/test-kit/payslips/index';
import { test, expect, signInAs, ADMIN } from '../lib/fixtures.js';
import { expectNoAxeViolations, useTheme, type Theme } from '../lib/axe.js';
import { AppointmentsApi, HEADQUARTERS, uniquePhone } from '../lib/appointments-api.js';
import { LibrariesApi } from '../lib/libraries-api.js';

// A server of its own with the demo data (its Police Constable designation), a constable with two
// months of slips, a mandatory circular he has not acknowledged and an ordinary one, and a leave request.
test.use({ seedDemo: true, serverEnv: { E2E_SUITE: 'own-dashboard' } });

const SLIP_MONTHS = ['2026-09', '2026-10'] as const;
// The generator is seeded: one slip a month, the same person each time.
const slips = SLIP_MONTHS.map((month) => generateSlipFiles({ count: 1, month }));
const person = slips[0]!.staff[0]!;
const latest = slips[1]!.expected[0]!;
const constable = { email: person.email, password: 'Own-dashboard-password-2026' };
const MANDATORY = 'Night patrol: reporting at the gate from 1 December';
const ORDINARY = 'Canteen closed on Sunday';

/** 56814 → '₹56,814.00', as the screens write an amount (Indian grouping, paise always shown). */
function rupees(amount: number): string {
  const [whole, fraction] = amount.toFixed(2).split('.');
  const last3 = whole!.slice(-3);
  const rest = whole!.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `₹${rest ? `${rest},${last3}` : last3}.${fraction}`;
}

const SIZES = [
  { name: 'a 1366x768 desk', viewport: { width: 1366, height: 768 } },
  { name: 'a 390x844 phone', viewport: { width: 390, height: 844 } },
] as const;

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

test.beforeAll(async ({ server }) => {
  const admin = await ApiSession.signIn(server.baseUrl, ADMIN);
  const designations = await admin.get<TAllDesignationsResponse>('/api/designations/all');
  const policeConstable = designations.data.designations.find((designation) => designation.code === 'PC');
  expect(policeConstable, 'the demo data has the Police Constable designation').toBeTruthy();

  const initial = 'Initial-own-dashboard-2026';
  const created = await admin.post<TUserResponse>('/api/users', {
    first_name: person.firstName,
    middle_name: person.middleName,
    last_name: person.lastName,
    email: person.email,
    phone: uniquePhone(),
    password: initial,
    role: 'viewer',
    company_id: HEADQUARTERS.id,
    designation_id: policeConstable!.id,
    dgp_id: person.sevarthId,
  });
  const own = await ApiSession.signIn(server.baseUrl, { email: person.email, password: initial });
  await own.put('/api/users/profile/password', {
    current_password: initial,
    new_password: constable.password,
    confirm_password: constable.password,
  });

  const form = new FormData();
  for (const slip of slips.flatMap((generated) => generated.files))
    form.append('htmlFiles', new Blob([slip.html], { type: 'text/html' }), slip.name);
  await admin.post('/api/salary-slip/upload-html', form);
  await expect
    .poll(
      async () => {
        const list = await admin.get<TPayslipListResponse>('/api/salary-slip/salaryslips/all', {
          search: person.sevarthId,
        });
        return list.data.payslips.filter((slip) => slip.pdf_state === 'ready').length;
      },
      { timeout: 90_000, message: 'both PDFs are made' },
    )
    .toBe(2);

  const libraries = await LibrariesApi.signIn(server);
  await libraries.upload('circulars', { title: MANDATORY, mandatory: true });
  await libraries.upload('circulars', { title: ORDINARY, mandatory: false });

  const appointments = await AppointmentsApi.signIn(server);
  await appointments.createLeave({
    id: created.data.user.id,
    email: person.email,
    password: constable.password,
    firstName: person.firstName,
    lastName: person.lastName,
    fullName: `${person.firstName} ${person.lastName}`,
    phone: '',
  });
});

for (const size of SIZES) {
  test.describe(`a constable on ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('downloads his latest slip from the dashboard in one click after signing in', async ({ page }) => {
      await signInAs(page, constable);
      let clicks = 0;
      const click = async (target: Locator) => {
        clicks += 1;
        await target.click();
      };

      const slip = page.getByRole('region', { name: 'My latest salary slip' });
      await expect(slip).toContainText('October 2026');
      await expect(slip).toContainText(rupees(latest.net_pay));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        click(slip.getByRole('button', { name: 'Download the payslip for October 2026' })),
      ]);
      expect(clicks, 'clicks from the dashboard to the PDF').toBeLessThanOrEqual(2);
      expect(download.suggestedFilename()).toBe(`${person.sevarthId}_2026-10.pdf`);
      expect(
        readFileSync(await download.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await expectNoSidewaysScroll(page, `the dashboard on ${size.name}`);
    });

    test('his dashboard shows his net pay, the circular he must acknowledge and his request, not the figures', async ({
      page,
    }) => {
      await signInAs(page, constable);
      await expect(page.getByRole('region', { name: 'My latest salary slip' })).toContainText(
        `Net pay${rupees(latest.net_pay)}`,
      );
      const circulars = page.getByRole('region', { name: 'Circulars to acknowledge' });
      await expect(circulars.getByRole('link', { name: MANDATORY })).toBeVisible();
      await expect(circulars.getByText(ORDINARY)).toHaveCount(0);
      const requests = page.getByRole('region', { name: 'My requests' });
      await expect(requests.getByRole('link', { name: /^Leave/ })).toBeVisible();
      await expect(requests).toContainText('Scheduled');
      // Not the administrators' figures and charts.
      await expect(page.getByRole('heading', { name: 'Appointments by Hour' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Status Distribution' })).toHaveCount(0);
      await expectNoSidewaysScroll(page, `the dashboard on ${size.name}`);

      await circulars.getByRole('link', { name: MANDATORY }).click();
      await expect(page).toHaveURL(/\/circulars\/\d+$/);
      await expect(page.getByText(MANDATORY).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Acknowledge Circular' })).toBeVisible();
    });

    test('his salary page lists month, net pay and Download, without the administrator’s columns', async ({ page }) => {
      await signInAs(page, constable);
      await page.goto('/salary-finance');
      await expect(page.getByRole('heading', { name: 'Salary & Finance', level: 1 })).toBeVisible();
      const list = page.getByRole('list', { name: 'My payslips' });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      const october = list.getByRole('listitem').filter({ hasText: 'October 2026' });
      await expect(october).toContainText(rupees(latest.net_pay));
      const download = october.getByRole('button', { name: 'Download the payslip for October 2026' });
      await expect(download).toBeInViewport();
      await expect(download).toHaveText('Download');
      for (const column of ['Payslip File', 'WhatsApp', 'Date of Birth', 'Date of Retirement'])
        await expect(page.getByText(column, { exact: true })).toHaveCount(0);
      await expect(page.getByRole('searchbox')).toHaveCount(0);
      await expectNoSidewaysScroll(page, `the salary page on ${size.name}`);

      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe(`${person.sevarthId}_2026-10.pdf`);
    });
  });
}

test.describe('the administrator’s slips', () => {
  test('show the Download column at 1366x768, and cards with Download on a 390x844 phone', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAs(page, ADMIN);
    await page.goto('/salary-finance');
    const header = page.getByRole('columnheader', { name: 'Download' });
    await expect(header).toBeInViewport({ ratio: 1 });
    const row = page.locator(`[data-payslip-row="${person.sevarthId}"]`, { hasText: 'October 2026' });
    await expect(row.getByRole('button', { name: /^Download the payslip of/ })).toBeInViewport();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row.getByRole('button', { name: /^Download the payslip of/ })).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: /^Download the payslip of/ })).toBeInViewport();
    await expectNoSidewaysScroll(page, 'the administrator’s salary page on a phone');
  });
});

for (const theme of ['light', 'dark'] as Theme[]) {
  test(`WCAG 2.1 AA in the ${theme} theme: his dashboard and his salary page, on a phone and a desk`, async ({
    page,
  }) => {
    await signInAs(page, constable);
    await useTheme(page, theme);
    for (const size of SIZES) {
      await page.setViewportSize(size.viewport);
      await page.goto('/dashboard');
      await expect(page.getByRole('region', { name: 'My latest salary slip' })).toContainText('October 2026');
      await expect(page.getByRole('link', { name: MANDATORY })).toBeVisible();
      await expectNoAxeViolations(page, `the constable's dashboard on ${size.name} (${theme})`);
      await page.goto('/salary-finance');
      await expect(page.getByRole('list', { name: 'My payslips' }).getByRole('listitem')).toHaveCount(2);
      await page.getByText('Filter by month or status').click();
      await expect(page.getByLabel('Payslip Month')).toBeVisible();
      await expectNoAxeViolations(page, `the constable's salary page on ${size.name} (${theme})`);
    }
  });
}

// Last in the file: the acknowledgment takes the circular off the list the tests above read.
test('once he acknowledges the circular, it leaves his dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, constable);
  const circulars = page.getByRole('region', { name: 'Circulars to acknowledge' });
  await circulars.getByRole('link', { name: MANDATORY }).click();
  await page.getByRole('button', { name: 'Acknowledge Circular' }).click();
  await expect(page.getByText('Circular acknowledged')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(circulars.getByText('Nothing to acknowledge: you are up to date.')).toBeVisible();
  await expect(circulars.getByRole('link', { name: MANDATORY })).toHaveCount(0);
});
