import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // 23:30 UTC on the 21st is already the 22nd in Asia/Kolkata: "today" is the force's date.
  clock.set('2026-11-21T23:30:00Z');
  const officer = await t.buildUser({ role: 'officer', first_name: 'Vikram', last_name: 'Shinde' });
  const row = (date: string, time: string, status: string, first_name = 'Rahul') => ({
    request_type: 'orderly room',
    appointment_date: date,
    appointment_time: time,
    status,
    first_name,
    last_name: 'Pawar',
    phone_number: '9876543210',
    badge_number: '1204',
    officer_id: officer.id,
  });
  await t.database.db.insert(appointments).values([
    row('2026-11-22', '09:30:00', 'scheduled', 'राहुल'),
    row('2026-11-22', '09:45:00', 'approved'),
    row('2026-11-22', '14:00:00', 'pending_officer'),
    row('2026-11-21', '09:15:00', 'completed'),
    row('2026-11-18', '09:00:00', 'rejected'),
    row('2026-11-10', '10:00:00', 'completed'),
  ]);
});
afterAll(() => t.close());

describe('GET /api/kpis/daily', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/kpis/daily?days=1' })).statusCode).toBe(401);
  });

  it('refuses bad parameters with field messages', async () => {
    const request = await t.as('viewer');
    const cases = [
      ['days=5', 'days'],
      ['days=abc', 'days'],
      ['from=2026-11-01', 'from'],
      ['from=2026-11-10&to=2026-11-01', 'from'],
      ['from=01-11-2026&to=2026-11-02', 'from'],
    ];
    for (const [query, field] of cases) {
      const response = await request({ method: 'GET', url: `/api/kpis/daily?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.details.map((d: { field: string }) => d.field), query).toContain(field);
    }
  });

  it('counts today’s appointments in the force’s time zone with their rows', async () => {
    const request = await t.as('viewer');
    const response = await request({ method: 'GET', url: '/api/kpis/daily?days=1' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.range).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(data.summary).toEqual({ orders: 0, circulars: 0, appointments: 3, forms: 0, payslips: 0 });
    expect(data.appointments.map((a: { appointment_time: string }) => a.appointment_time)).toEqual(['09:30:00', '09:45:00', '14:00:00']);
    expect(data.appointments[0]).toMatchObject({ name: 'राहुल Pawar', officer_name: 'Vikram Shinde', status: 'scheduled', request_type: 'orderly room' });
  });

  it('gives 24 hours with today’s counts and the real 7-day average', async () => {
    const request = await t.as('viewer');
    const { data } = (await request({ method: 'GET', url: '/api/kpis/daily?days=1' })).json();
    expect(data.hourly).toHaveLength(24);
    const nine = data.hourly.find((h: { hour: string }) => h.hour === '09');
    expect(nine).toEqual({ hour: '09', today: 2, average7d: Math.round((2 / 7) * 100) / 100 });
    expect(data.hourly.find((h: { hour: string }) => h.hour === '14')).toEqual({ hour: '14', today: 1, average7d: 0 });
  });

  it('covers 7 days, 30 days and a custom range', async () => {
    const request = await t.as('viewer');
    const count = async (query: string) => (await request({ method: 'GET', url: `/api/kpis/daily?${query}` })).json().data.summary.appointments;
    expect(await count('days=7')).toBe(5);
    expect(await count('days=30')).toBe(6);
    expect(await count('from=2026-11-18&to=2026-11-21')).toBe(2);
  });
});
