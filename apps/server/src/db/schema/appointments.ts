import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  time,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { companies, designations, users } from './people.js';
import { createdAt, updatedAt } from './columns.js';

const counter = (name: string) => integer(name).notNull().default(0);

/**
 * The lower-cased text the appointments search looks in: names, phone, badge number, DGP ID, notes,
 * details and the leave reason. Queries must repeat exactly this expression so PostgreSQL uses
 * appointments_search_trgm_idx.
 */
export function appointmentSearchText(t: {
  first_name: AnyPgColumn;
  middle_name: AnyPgColumn;
  last_name: AnyPgColumn;
  phone_number: AnyPgColumn;
  badge_number: AnyPgColumn;
  dgp_id: AnyPgColumn;
  notes: AnyPgColumn;
  additional_details: AnyPgColumn;
  leave_reason: AnyPgColumn;
}) {
  return sql`lower(coalesce(${t.first_name}, '') || ' ' || coalesce(${t.middle_name}, '') || ' ' || coalesce(${t.last_name}, '') || ' ' || coalesce(${t.phone_number}, '') || ' ' || coalesce(${t.badge_number}, '') || ' ' || coalesce(${t.dgp_id}, '') || ' ' || coalesce(${t.notes}, '') || ' ' || coalesce(${t.additional_details}, '') || ' ' || coalesce(${t.leave_reason}, ''))`;
}

/** Leave-related and orderly-room requests (document 2, section 3). */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id').references(() => companies.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    badge_number: text('badge_number'),
    phone_number: text('phone_number'),
    contact_number: text('contact_number'),
    email: text('email'),
    first_name: text('first_name'),
    middle_name: text('middle_name'),
    last_name: text('last_name'),
    icard_no: text('icard_no'),
    dgp_id: text('dgp_id'),
    designation_id: integer('designation_id').references(() => designations.id),
    officer_id: integer('officer_id').references(() => users.id, { onDelete: 'set null' }),
    request_type: text('request_type').notNull(),
    appointment_date: date('appointment_date', { mode: 'string' }).notNull(),
    appointment_time: time('appointment_time').notNull().default('12:00:00'),
    notes: text('notes'),
    additional_details: text('additional_details'),
    purpose: text('purpose'),
    remarks: text('remarks'),
    preferred_date: date('preferred_date', { mode: 'string' }),
    original_request_date: date('original_request_date', { mode: 'string' }),
    status: text('status').notNull().default('scheduled'),
    auto_scheduled: boolean('auto_scheduled').notNull().default(false),
    whatsapp_enabled: boolean('whatsapp_enabled').notNull().default(false),
    whatsapp_language: text('whatsapp_language').notNull().default('en'),
    is_leave_appointment: boolean('is_leave_appointment').notNull().default(false),
    leave_type: text('leave_type'),
    leave_start_date: date('leave_start_date', { mode: 'string' }),
    leave_end_date: date('leave_end_date', { mode: 'string' }),
    leave_reason: text('leave_reason'),
    date_of_joining: date('date_of_joining', { mode: 'string' }),
    rewards: counter('rewards'),
    punishments: counter('punishments'),
    remaining_al: counter('remaining_al'),
    remaining_pl: counter('remaining_pl'),
    sick: counter('sick'),
    absent: counter('absent'),
    sick_hajar: counter('sick_hajar'),
    sick_gairhajar: counter('sick_gairhajar'),
    clerk_remarks: text('clerk_remarks'),
    officer_remarks: text('officer_remarks'),
    commandant_remarks: text('commandant_remarks'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('appointments_date_idx').on(t.appointment_date, t.appointment_time),
    // Also the company filter: a company's slots on a day (reschedule) are its prefix and more.
    index('appointments_company_slot_idx').on(t.company_id, t.appointment_date, t.appointment_time),
    // A tab (request type) with a status filter, newest first: the list's commonest question.
    index('appointments_status_type_created_idx').on(t.status, t.request_type, t.created_at),
    index('appointments_created_at_idx').on(t.created_at),
    index('appointments_phone_idx').on(t.phone_number),
    // The read scope's "about me" half (everyone's own appointments).
    index('appointments_user_idx').on(t.user_id),
    // Trigram index behind the list search (partial words, any script).
    index('appointments_search_trgm_idx').using('gin', sql`(${appointmentSearchText(t)}) gin_trgm_ops`),
    check(
      'appointments_counters_non_negative',
      sql`${t.rewards} >= 0 AND ${t.punishments} >= 0 AND ${t.remaining_al} >= 0 AND ${t.remaining_pl} >= 0 AND ${t.sick} >= 0 AND ${t.absent} >= 0 AND ${t.sick_hajar} >= 0 AND ${t.sick_gairhajar} >= 0`,
    ),
  ],
);

/**
 * The approval timeline of an appointment: creation, status changes, remarks, reschedules and each
 * approval step, with who and when. Written in the transaction of the change (beside its audit row).
 */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: serial('id').primaryKey(),
    appointment_id: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    from_status: text('from_status'),
    to_status: text('to_status'),
    /** Sanitised rich text written with the step. */
    remark: text('remark'),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The remark role (clerk, officer, commandant) the person acted in, when it mattered. */
    role: text('role'),
    /** A reschedule's old and new date and time. */
    details: jsonb('details'),
    created_at: createdAt(),
  },
  (t) => [index('appointment_events_appointment_idx').on(t.appointment_id, t.id)],
);
