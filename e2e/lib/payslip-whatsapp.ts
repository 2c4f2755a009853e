import { rmSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { RunningServer } from '@srpf/test-kit';
import { generateSlips, type Staff } from './generated-slips.js';
import { expect, signInAs, ADMIN } from './fixtures.js';
import { bearer, createStaffMembers } from './staff.js';

export type { Staff } from './generated-slips.js';

/**
 * The browser tests of salary slips over WhatsApp (issue 30): three generated slips of one month, their
 * staff created by the administrator (the first two opted in, the third not), and the rows as the
 * slips screen shows them.
 */

export const MONTH = '2026-11';
export const MONTH_TEXT = 'November 2026';

function generateWhatsappSlips() {
  const { files, staff, folder } = generateSlips(MONTH);
  rmSync(folder, { recursive: true, force: true });
  return { files, staff };
}

export const slips = generateWhatsappSlips();
// The first two opted in to WhatsApp; the third did not (a send skips their slip, saying why).
export const [first, second, optedOut] = slips.staff as [Staff, Staff, Staff];

/** The staff of the slips, created by the administrator with their SEVARTH ID as DGP ID, a mobile number and their consent. */
export async function createStaff(request: APIRequestContext): Promise<void> {
  await createStaffMembers(
    request,
    await bearer(request),
    slips.staff.map((person, index) => ({
      first_name: person.firstName,
      middle_name: person.middleName,
      last_name: person.lastName,
      email: person.email,
      phone: staffPhone(index),
      password: 'Initial-whatsapp-2026',
      dgp_id: person.sevarthId,
      whatsapp_enabled: person !== optedOut,
      whatsapp_language: index === 1 ? 'mr' : 'en',
    })),
  );
}

/** The mobile number createStaff gives the person at this place of the slips' staff. */
export const staffPhone = (index: number) => `98220${String(10_000 + index).padStart(5, '0')}`;

/** A slip's id, by its person's SEVARTH ID (GET /salary-slip/salaryslips/all). */
export async function slipId(request: APIRequestContext, sevarthId: string): Promise<number> {
  const response = await request.get('/api/salary-slip/salaryslips/all', {
    headers: await bearer(request),
    params: { search: sevarthId, month_year: MONTH, page: 1, limit: 10 },
  });
  expect(response.status(), await response.text()).toBe(200);
  const rows = ((await response.json()) as { data: { payslips: { id: number; sevarth_id: string }[] } }).data.payslips;
  const row = rows.find((slip) => slip.sevarth_id === sevarthId);
  expect(row, `the slip of ${sevarthId}`).toBeTruthy();
  return row!.id;
}

export const rows = (page: Page) => page.locator('[data-payslip-row]');
export const rowOf = (page: Page, person: Staff) => page.locator(`[data-payslip-row="${person.sevarthId}"]`);
export const statusOf = (page: Page, person: Staff) => rowOf(page, person).locator('[data-delivery-status]');
export async function openPage(
  browser: Browser,
  width: number,
  on: RunningServer,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: on.baseUrl,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  await signInAs(page, ADMIN);
  return { context, page };
}
