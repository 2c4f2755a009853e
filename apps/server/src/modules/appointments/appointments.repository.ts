import { and, asc, between, desc, eq, ilike, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { escapeLike, type AppointmentSortField, type RecordScope } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { countAhead } from '../../db/count-ahead.js';
import { appointmentsInScope } from '../../db/record-scope.js';
import {
  appointmentEvents,
  appointments,
  appointmentSearchText,
  companies,
  designations,
  users,
} from '../../db/schema/index.js';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;
export type AppointmentChanges = Partial<Omit<NewAppointment, 'id'>>;
export type NewAppointmentEvent = typeof appointmentEvents.$inferInsert;

const requester = alias(users, 'requester');
const officer = alias(users, 'officer');
const actor = alias(users, 'actor');

/** Statuses that no longer hold their slot: anyone may book that date and time again. */
const RELEASED_STATUSES = ['cancelled', 'rejected'];

/** An appointment with the names the answer carries (company, designation, officer, the user's role). */
function selectAppointments(executor: Executor) {
  return executor
    .select({
      appointment: appointments,
      company_name: companies.name,
      // A requester without a listed designation may have one written in by hand on their profile.
      designation_name: sql<string | null>`coalesce(${designations.name}, nullif(${requester.designation}, ''))`,
      role_id: requester.role_id,
      officer_first_name: officer.first_name,
      officer_middle_name: officer.middle_name,
      officer_last_name: officer.last_name,
    })
    .from(appointments)
    .leftJoin(companies, eq(companies.id, appointments.company_id))
    .leftJoin(designations, eq(designations.id, appointments.designation_id))
    .leftJoin(requester, eq(requester.id, appointments.user_id))
    .leftJoin(officer, eq(officer.id, appointments.officer_id));
}

export type AppointmentView = Awaited<ReturnType<ReturnType<typeof selectAppointments>['execute']>>[number];

export interface AppointmentFilter {
  /** Whose appointments the reader may see (the policy's read scope). */
  scope: RecordScope;
  search?: string;
  status?: string;
  company_id?: number;
  /** Ten digits match exactly (indexed); fewer digits match anywhere in the number. */
  phoneDigits?: string;
  appointment_date?: string;
  request_type?: string;
  is_leave_appointment?: boolean;
}

/** Each word must appear in the indexed search text (trigram GIN), in any script. */
function searchCondition(search: string): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => sql`${appointmentSearchText(appointments)} like lower(${`%${escapeLike(word)}%`})`),
  );
}

function filterConditions(filter: AppointmentFilter): SQL | undefined {
  const phone = filter.phoneDigits;
  return and(
    appointmentsInScope(filter.scope),
    filter.search ? searchCondition(filter.search) : undefined,
    filter.status !== undefined ? eq(appointments.status, filter.status) : undefined,
    filter.company_id !== undefined ? eq(appointments.company_id, filter.company_id) : undefined,
    phone
      ? phone.length === 10
        ? eq(appointments.phone_number, phone)
        : ilike(appointments.phone_number, `%${escapeLike(phone)}%`)
      : undefined,
    filter.appointment_date !== undefined ? eq(appointments.appointment_date, filter.appointment_date) : undefined,
    filter.request_type !== undefined ? eq(appointments.request_type, filter.request_type) : undefined,
    filter.is_leave_appointment !== undefined
      ? eq(appointments.is_leave_appointment, filter.is_leave_appointment)
      : undefined,
  );
}

/** The whitelisted orders; the id breaks ties so pages never repeat or skip a row. */
function orderOf(sortBy: AppointmentSortField, sortOrder: 'asc' | 'desc', today: string) {
  const direction = sortOrder === 'asc' ? asc : desc;
  switch (sortBy) {
    case 'upcoming': {
      const past = sql`${appointments.appointment_date} < ${today}`;
      // Upcoming earliest first, then the past latest first: a date's distance from today, either way.
      const sooner = sql`case when ${past} then null else ${appointments.appointment_date} end`;
      return [
        asc(past),
        sql`${sooner} asc nulls last`,
        desc(appointments.appointment_date),
        asc(appointments.appointment_time),
        asc(appointments.id),
      ];
    }
    case 'appointment_date':
      return [
        direction(appointments.appointment_date),
        direction(appointments.appointment_time),
        direction(appointments.id),
      ];
    case 'appointment_time':
      return [
        direction(appointments.appointment_time),
        direction(appointments.appointment_date),
        direction(appointments.id),
      ];
    case 'status':
      return [direction(appointments.status), desc(appointments.created_at), desc(appointments.id)];
    case 'full_name': {
      // The name as the list joins it (first, middle, last, blanks left out), in any letter case.
      const name = sql`lower(concat_ws(' ', nullif(${appointments.first_name}, ''), nullif(${appointments.middle_name}, ''), nullif(${appointments.last_name}, '')))`;
      return [direction(name), direction(appointments.id)];
    }
    case 'created_at':
      return [direction(appointments.created_at), direction(appointments.id)];
  }
}

export async function listAppointments(
  executor: Executor,
  filter: AppointmentFilter,
  sort: { sortBy: AppointmentSortField; sortOrder: 'asc' | 'desc'; today: string },
  page: number,
  limit: number,
) {
  const where = filterConditions(filter);
  const offset = (page - 1) * limit;
  const [rows, { total, capped }] = await Promise.all([
    selectAppointments(executor)
      .where(where)
      .orderBy(...orderOf(sort.sortBy, sort.sortOrder, sort.today))
      .limit(limit)
      .offset(offset),
    countAhead(executor, appointments, where, offset),
  ]);
  return { rows, total, capped };
}

/**
 * The requests waiting for one person's step: in the statuses of that step, in their companies
 * ('all' for administrators), never about themselves; earliest date first, so today's come before
 * later ones.
 */
export async function listWaiting(
  executor: Executor,
  waiting: { statuses: string[]; companyIds: 'all' | readonly number[]; exceptUserId: number },
  page: number,
  limit: number,
) {
  const where = and(
    inArray(appointments.status, waiting.statuses),
    waiting.companyIds === 'all'
      ? undefined
      : waiting.companyIds.length > 0
        ? inArray(appointments.company_id, [...waiting.companyIds])
        : sql`false`,
    or(isNull(appointments.user_id), ne(appointments.user_id, waiting.exceptUserId)),
  );
  const offset = (page - 1) * limit;
  const [rows, { total, capped }] = await Promise.all([
    selectAppointments(executor)
      .where(where)
      .orderBy(asc(appointments.appointment_date), asc(appointments.appointment_time), asc(appointments.id))
      .limit(limit)
      .offset(offset),
    countAhead(executor, appointments, where, offset),
  ]);
  return { rows, total, capped };
}

export async function findAppointmentView(executor: Executor, id: number): Promise<AppointmentView | undefined> {
  const [row] = await selectAppointments(executor).where(eq(appointments.id, id));
  return row;
}

/** The latest leave request filed about a person, among those the reader may see. */
export async function latestLeaveRequest(
  executor: Executor,
  userId: number,
  scope: RecordScope,
): Promise<AppointmentRow | undefined> {
  const [row] = await executor
    .select()
    .from(appointments)
    .where(
      and(eq(appointments.user_id, userId), eq(appointments.is_leave_appointment, true), appointmentsInScope(scope)),
    )
    .orderBy(desc(appointments.created_at), desc(appointments.id))
    .limit(1);
  return row;
}

/** Has a step of the approval chain (an approval or a rejection) been taken on the appointment? */
export async function hasApprovalStep(executor: Executor, id: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: appointmentEvents.id })
    .from(appointmentEvents)
    .where(and(eq(appointmentEvents.appointment_id, id), inArray(appointmentEvents.event, ['approved', 'rejected'])))
    .limit(1);
  return row !== undefined;
}

/** The row, locked until the transaction ends, so two changes of one appointment queue up. */
export async function lockAppointment(executor: Executor, id: number): Promise<AppointmentRow | undefined> {
  const [row] = await executor.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

export async function insertAppointment(executor: Executor, values: NewAppointment): Promise<AppointmentRow> {
  const [row] = await executor.insert(appointments).values(values).returning();
  return row!;
}

export async function updateAppointment(executor: Executor, id: number, values: AppointmentChanges): Promise<void> {
  await executor.update(appointments).set(values).where(eq(appointments.id, id));
}

export async function deleteAppointment(executor: Executor, id: number): Promise<boolean> {
  const rows = await executor.delete(appointments).where(eq(appointments.id, id)).returning({ id: appointments.id });
  return rows.length > 0;
}

/**
 * Serialises slot bookings of one company until the transaction ends, so two reschedules cannot take
 * the same free slot at the same moment (a unique index cannot do it: new requests all default to
 * 12:00 and may share it).
 */
export async function lockCompanySlots(executor: Executor, companyId: number | null): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext('appointment-slots'), ${companyId ?? 0})`);
}

function sameCompany(companyId: number | null): SQL {
  return companyId === null ? sql`${appointments.company_id} is null` : eq(appointments.company_id, companyId);
}

/** Is the slot held by another live appointment of the company? */
export async function isSlotTaken(
  executor: Executor,
  slot: { companyId: number | null; date: string; time: string; exceptId: number },
): Promise<boolean> {
  const [row] = await executor
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        sameCompany(slot.companyId),
        eq(appointments.appointment_date, slot.date),
        eq(appointments.appointment_time, slot.time),
        ne(appointments.id, slot.exceptId),
        notInArray(appointments.status, RELEASED_STATUSES),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Every slot ('YYYY-MM-DD HH:MM:SS') the company's other live appointments hold between two dates. */
export async function takenSlots(
  executor: Executor,
  range: { companyId: number | null; from: string; to: string; exceptId: number },
): Promise<Set<string>> {
  const rows = await executor
    .select({ date: appointments.appointment_date, time: appointments.appointment_time })
    .from(appointments)
    .where(
      and(
        sameCompany(range.companyId),
        between(appointments.appointment_date, range.from, range.to),
        ne(appointments.id, range.exceptId),
        notInArray(appointments.status, RELEASED_STATUSES),
      ),
    );
  return new Set(rows.map((row) => `${row.date} ${row.time}`));
}

export async function insertEvent(executor: Executor, values: NewAppointmentEvent): Promise<void> {
  await executor.insert(appointmentEvents).values(values);
}

/** The timeline, oldest first, with the name of whoever acted. */
export function listEvents(executor: Executor, appointmentId: number) {
  return executor
    .select({
      event: appointmentEvents,
      actor_first_name: actor.first_name,
      actor_middle_name: actor.middle_name,
      actor_last_name: actor.last_name,
    })
    .from(appointmentEvents)
    .leftJoin(actor, eq(actor.id, appointmentEvents.actor_id))
    .where(eq(appointmentEvents.appointment_id, appointmentId))
    .orderBy(asc(appointmentEvents.created_at), asc(appointmentEvents.id));
}

export type EventView = Awaited<ReturnType<ReturnType<typeof listEvents>['execute']>>[number];
