import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index.js';
import { clock, today } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { COUNT_AHEAD } from '../../db/count-ahead.js';

let t: TestApp;
let list: (query: string) => Promise<{ pagination: Record<string, unknown>; data: unknown[] }>;
let companyId: number;
const MANY = COUNT_AHEAD + 30;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await t.buildCompany({ name: 'Group 9 Gondia' })).id;
  // The company's clerk reads all its appointments: the count runs under the read scope's filter.
  const clerk = await t.asUser({ designation: 'Clerk', company_id: companyId });
  list = async (query) => (await clerk.request({ method: 'GET', url: `/api/appointments?${query}` })).json();
  const rows = Array.from({ length: MANY }, (_, index) => ({
    company_id: companyId,
    request_type: 'orderly room',
    appointment_date: today(),
    appointment_time: '12:00:00',
    first_name: 'Santosh',
    last_name: `Kale${index}`,
    phone_number: '9822000000',
    status: index === 0 ? 'approved' : 'scheduled',
    created_at: clock.now(),
    updated_at: clock.now(),
  }));
  await t.database.db.insert(appointments).values(rows);
});
afterAll(() => t.close());

describe('the total of a long appointments list', () => {
  it('says "more than" once counting passes the limit ahead of the page, and lets the user page on', async () => {
    const first = await list(`company_id=${companyId}&limit=10`);
    expect(first.data).toHaveLength(10);
    expect(first.pagination).toEqual({
      page: 1,
      limit: 10,
      total: COUNT_AHEAD,
      totalPages: COUNT_AHEAD / 10 + 1,
      hasNext: true,
      hasPrev: false,
      totalCapped: true,
    });

    // Further on, the count reaches the end of the list and is exact again.
    const later = await list(`company_id=${companyId}&limit=10&page=${COUNT_AHEAD / 10 + 1}`);
    expect(later.data).toHaveLength(10);
    expect(later.pagination).toEqual({
      page: COUNT_AHEAD / 10 + 1,
      limit: 10,
      total: MANY,
      totalPages: Math.ceil(MANY / 10),
      hasNext: true,
      hasPrev: true,
    });
  });

  it('counts a narrow filter exactly, without the flag', async () => {
    const approved = await list(`company_id=${companyId}&status=approved`);
    expect(approved.pagination).toEqual({
      page: 1,
      limit: 10,
      total: 1,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });
  });
});
