import type { TKpiAppointment, TKpiQuery, TKpiResponse, TKpiSummary } from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { addDays, today } from '../../lib/clock.js';
import { createLibraryStatsService } from '../libraries/libraries.stats.service.js';
import * as repository from './kpis.repository.js';

const TABLE_LIMIT = 500;
const AVERAGE_DAYS = 7;

type Range = { from: string; to: string };
type Counter = (range: Range) => Promise<number>;

const none: Counter = async () => 0;

export function createKpisService(context: AppContext) {
  const { db } = context;
  const libraries = createLibraryStatsService(context);

  /**
   * One counter per area; an area not built yet counts 0. Orders and circulars count the documents
   * created (issued) in the range, by the force's day, not their effective dates, which may lie
   * anywhere, past or future.
   */
  const counters: Record<keyof TKpiSummary, Counter> = {
    orders: ({ from, to }) => libraries.countCreated('orders', from, to),
    circulars: ({ from, to }) => libraries.countCreated('circulars', from, to),
    appointments: ({ from, to }) => repository.countAppointments(db, from, to),
    forms: none,
    payslips: none,
  };

  async function summary(range: Range): Promise<TKpiSummary> {
    const entries = await Promise.all(Object.entries(counters).map(async ([key, counter]) => [key, await counter(range)] as const));
    return Object.fromEntries(entries) as TKpiSummary;
  }

  async function hourly(day: string) {
    const [todayCounts, weekCounts] = await Promise.all([
      repository.countByHour(db, day, day),
      repository.countByHour(db, addDays(day, -AVERAGE_DAYS), addDays(day, -1)),
    ]);
    return Array.from({ length: 24 }, (_, index) => {
      const hour = String(index).padStart(2, '0');
      const average = (weekCounts.get(hour) ?? 0) / AVERAGE_DAYS;
      return { hour, today: todayCounts.get(hour) ?? 0, average7d: Math.round(average * 100) / 100 };
    });
  }

  return {
    async daily(query: TKpiQuery): Promise<TKpiResponse['data']> {
      const day = today();
      const range: Range = query.from && query.to ? { from: query.from, to: query.to } : { from: addDays(day, -((query.days ?? 1) - 1)), to: day };
      const [totals, rows, hours] = await Promise.all([summary(range), repository.listAppointments(db, range.from, range.to, TABLE_LIMIT), hourly(day)]);
      const appointments: TKpiAppointment[] = rows.map((row) => {
        const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
        const officerName = [row.officer_first, row.officer_last].filter(Boolean).join(' ');
        return {
          id: row.id,
          appointment_date: row.appointment_date,
          appointment_time: row.appointment_time,
          first_name: row.first_name,
          last_name: row.last_name,
          name,
          officer_name: officerName || null,
          phone_number: row.phone_number,
          badge_number: row.badge_number,
          request_type: row.request_type,
          status: row.status,
        };
      });
      return { range, summary: totals, appointments, hourly: hours };
    },
  };
}
