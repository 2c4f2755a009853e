import { and, asc, between, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RecordScope } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { appointmentsInScope } from '../../db/record-scope.js';
import { appointments, users } from '../../db/schema/index.js';

const officer = alias(users, 'officer');

/** The appointments of a date range that the viewer may count (the dashboard policy's scope). */
function inRange(scope: RecordScope, from: string, to: string): SQL {
  return and(between(appointments.appointment_date, from, to), appointmentsInScope(scope))!;
}

export async function countAppointments(
  executor: Executor,
  scope: RecordScope,
  from: string,
  to: string,
): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(appointments)
    .where(inRange(scope, from, to));
  return row?.value ?? 0;
}

/** Where the next batch starts: after this appointment in (date, time, id) order. */
export interface RowCursor {
  appointment_date: string;
  appointment_time: string;
  id: number;
}

/**
 * Rows of a range for the dashboard, earliest first (date, time, id): the first `limit`, or the
 * `limit` after `after` (the export reads the range in such batches), only of the given statuses
 * when `statuses` is set.
 */
export async function listAppointments(
  executor: Executor,
  scope: RecordScope,
  range: { from: string; to: string },
  options: { limit: number; after?: RowCursor; statuses?: string[] },
) {
  const conditions: SQL[] = [inRange(scope, range.from, range.to)];
  if (options.statuses) conditions.push(inArray(appointments.status, options.statuses));
  if (options.after) {
    const { appointment_date, appointment_time, id } = options.after;
    conditions.push(
      sql`(${appointments.appointment_date}, ${appointments.appointment_time}, ${appointments.id}) > (${appointment_date}::date, ${appointment_time}::time, ${id})`,
    );
  }
  return executor
    .select({
      id: appointments.id,
      appointment_date: appointments.appointment_date,
      appointment_time: appointments.appointment_time,
      first_name: appointments.first_name,
      last_name: appointments.last_name,
      officer_first: officer.first_name,
      officer_last: officer.last_name,
      phone_number: appointments.phone_number,
      badge_number: appointments.badge_number,
      request_type: appointments.request_type,
      status: appointments.status,
    })
    .from(appointments)
    .leftJoin(officer, eq(officer.id, appointments.officer_id))
    .where(and(...conditions))
    .orderBy(asc(appointments.appointment_date), asc(appointments.appointment_time), asc(appointments.id))
    .limit(options.limit);
}

/** Appointments of a range counted by status, most first. */
export async function countByStatus(executor: Executor, scope: RecordScope, from: string, to: string) {
  return executor
    .select({ status: appointments.status, count: count() })
    .from(appointments)
    .where(inRange(scope, from, to))
    .groupBy(appointments.status)
    .orderBy(sql`count(*) desc`, asc(appointments.status));
}

/**
 * Appointments per hour ('00'–'23') over a date range. Grouped by the stored time and bucketed here:
 * the (date, time) index answers it alone, without formatting every row's time in the database.
 */
export async function countByHour(
  executor: Executor,
  scope: RecordScope,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await executor
    .select({ time: appointments.appointment_time, value: count() })
    .from(appointments)
    .where(inRange(scope, from, to))
    .groupBy(appointments.appointment_time);
  const hours = new Map<string, number>();
  for (const row of rows) {
    const hour = row.time.slice(0, 2);
    hours.set(hour, (hours.get(hour) ?? 0) + row.value);
  }
  return hours;
}
