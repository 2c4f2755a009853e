import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KPI_TABLE_LIMIT } from '@srpf/shared/dashboard/dashboard.export';
import { eq } from 'drizzle-orm';
import { appointments, auditLog } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
/** The clerk of company 1, where every appointment below is filed: the dashboard counts what they may read. */
let asClerk: Awaited<ReturnType<TestApp['as']>>;
beforeAll(async () => {
  t = await createTestApp();
  // 23:30 UTC on the 21st is already the 22nd in Asia/Kolkata: "today" is the force's date.
  clock.set('2026-11-21T23:30:00Z');
  asClerk = (await t.asUser({ designation: 'Clerk', company_id: 1 })).request;
  const officer = await t.buildUser({ role: 'officer', first_name: 'Vikram', last_name: 'Shinde' });
  const row = (date: string, time: string, status: string, first_name = 'Rahul') => ({
    company_id: 1,
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
  await t.database.db
    .insert(appointments)
    .values([
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
      expect(
        response.json().error.details.map((d: { field: string }) => d.field),
        query,
      ).toContain(field);
    }
  });

  it('counts today’s appointments in the force’s time zone with their rows', async () => {
    const request = asClerk;
    const response = await request({ method: 'GET', url: '/api/kpis/daily?days=1' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.range).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(data.summary).toEqual({ orders: 0, circulars: 0, appointments: 3, forms: 0, payslips: 0 });
    expect(data.appointments.map((a: { appointment_time: string }) => a.appointment_time)).toEqual([
      '09:30:00',
      '09:45:00',
      '14:00:00',
    ]);
    expect(data.appointments[0]).toMatchObject({
      name: 'राहुल Pawar',
      officer_name: 'Vikram Shinde',
      status: 'scheduled',
      request_type: 'orderly room',
    });
  });

  it('gives 24 hours with today’s counts and the real 7-day average', async () => {
    const request = asClerk;
    const { data } = (await request({ method: 'GET', url: '/api/kpis/daily?days=1' })).json();
    expect(data.hourly).toHaveLength(24);
    const nine = data.hourly.find((h: { hour: string }) => h.hour === '09');
    expect(nine).toEqual({ hour: '09', today: 2, average7d: Math.round((2 / 7) * 100) / 100 });
    expect(data.hourly.find((h: { hour: string }) => h.hour === '14')).toEqual({ hour: '14', today: 1, average7d: 0 });
  });

  it('covers 7 days, 30 days and a custom range', async () => {
    const request = asClerk;
    const count = async (query: string) =>
      (await request({ method: 'GET', url: `/api/kpis/daily?${query}` })).json().data.summary.appointments;
    expect(await count('days=7')).toBe(5);
    expect(await count('days=30')).toBe(6);
    expect(await count('from=2026-11-18&to=2026-11-21')).toBe(2);
  });
});

describe('a period with more appointments than the dashboard lists', () => {
  // 2,050 appointments over two days, ten times of day shared by many (so the export's batches must
  // break ties by id); the ten awaiting approval come last, beyond the listed rows.
  const PERIOD = 'from=2025-06-01&to=2025-06-02';
  const TOTAL = 2050;
  const PENDING = 10;

  beforeAll(async () => {
    const rows = Array.from({ length: TOTAL }, (_, index) => ({
      company_id: 1,
      request_type: 'orderly room',
      appointment_date: index < 1200 ? '2025-06-01' : '2025-06-02',
      appointment_time: `${String(8 + (index % 10)).padStart(2, '0')}:00:00`,
      status: index >= TOTAL - PENDING ? 'pending_clerk' : 'completed',
      first_name: 'Sakharam',
      last_name: `Gaikwad ${index}`,
      phone_number: '9876543210',
    }));
    await t.database.db.insert(appointments).values(rows);
  });

  it('lists the first rows and counts, charts and lists pending ones over the whole period', async () => {
    const request = asClerk;
    const { data } = (await request({ method: 'GET', url: `/api/kpis/daily?${PERIOD}` })).json();
    expect(data.summary.appointments).toBe(TOTAL);
    expect(data.appointments).toHaveLength(KPI_TABLE_LIMIT);
    expect(data.appointments[0]).toMatchObject({ appointment_date: '2025-06-01', appointment_time: '08:00:00' });
    expect(data.statuses).toEqual([
      { status: 'completed', count: TOTAL - PENDING },
      { status: 'pending_clerk', count: PENDING },
    ]);
    expect(data.pending).toHaveLength(PENDING);
    expect(
      data.pending.every(
        (a: { status: string; appointment_date: string }) =>
          a.status === 'pending_clerk' && a.appointment_date === '2025-06-02',
      ),
    ).toBe(true);
  });

  it('exports the summary and every appointment of the period as CSV, audited with who, range and rows', async () => {
    const request = await t.as('admin');
    const response = await request({ method: 'GET', url: `/api/kpis/daily/export?${PERIOD}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="srpf-dashboard-2025-06-01-to-2025-06-02.csv"',
    );
    const text = response.body;
    expect(text.startsWith('\uFEFFmetric,count\r\norders,0\r\ncirculars,0\r\nappointments,2050\r\n')).toBe(true);
    expect(text).toContain('\r\n\r\nid,date,time,name,officer,phone,badge,type,status\r\n');
    const rows = text.split('\r\n').filter((line) => /^\d+,2025-06-0[12],/.test(line));
    expect(rows).toHaveLength(TOTAL);
    expect(new Set(rows.map((line) => line.split(',')[0])).size).toBe(TOTAL);
    const moments = rows.map((line) => line.split(',').slice(1, 3).join(' '));
    expect(moments).toEqual([...moments].sort());
    expect(rows[0]).toMatch(
      /^\d+,2025-06-01,08:00,Sakharam Gaikwad \d+,Sakharam Gaikwad \d+,9876543210,,orderly room,completed$/,
    );
    expect(rows.filter((line) => line.endsWith(',pending_clerk'))).toHaveLength(PENDING);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'dashboard.export'));
    expect(entry).toMatchObject({ outcome: 'success', details: { from: '2025-06-01', to: '2025-06-02', rows: TOTAL } });
    expect(entry!.actor_id).toEqual(expect.any(Number));
  });

  it('exports a period with no appointments as the summary and the header', async () => {
    const request = await t.as('admin');
    const response = await request({ method: 'GET', url: '/api/kpis/daily/export?from=2024-01-01&to=2024-01-02' });
    expect(response.statusCode).toBe(200);
    expect(
      response.body.endsWith(
        'appointments,0\r\nforms,0\r\npayslips,0\r\n\r\nid,date,time,name,officer,phone,badge,type,status\r\n',
      ),
    ).toBe(true);
  });

  it('refuses the export without a session, without view_all_kpis (a viewer) and with bad parameters', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/kpis/daily/export?${PERIOD}` })).statusCode).toBe(401);
    const refused = await (await t.as('viewer'))({ method: 'GET', url: `/api/kpis/daily/export?${PERIOD}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    const request = await t.as('admin');
    for (const [query, field] of [
      ['days=5', 'days'],
      ['from=2025-06-01', 'from'],
      ['from=2024-01-01&to=2025-06-02', 'to'],
    ]) {
      const response = await request({ method: 'GET', url: `/api/kpis/daily/export?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().success).toBe(false);
      expect(
        response.json().error.details.map((d: { field: string }) => d.field),
        query,
      ).toContain(field);
    }
  });
});
