import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './people.js';
import { createdAt, updatedAt } from './columns.js';

/**
 * Salary slips (issue 19). One table, one row per uploaded slip: the rows of one employee and month
 * are its versions (1, 2, …); the current one has `superseded_at` null (at most one, a partial unique
 * index), the earlier ones carry the moment the next version replaced them and stay downloadable.
 * The uploaded HTML (`html_key`) and the rendered PDF (`pdf_key`) are stored files, registered with
 * the orphan sweep (payslips.stored-files.ts). Money is integer paise, never floating point.
 */
export const payslips = pgTable(
  'payslips',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `YYYY-MM`. */
    salary_month: text('salary_month').notNull(),
    version: integer('version').notNull().default(1),
    /** When the next version replaced this one; null for the current version. */
    superseded_at: timestamp('superseded_at', { withTimezone: true }),
    /** The uploaded file's name, cleaned. */
    file_name: text('file_name').notNull(),
    html_key: text('html_key').notNull(),
    html_size: integer('html_size').notNull(),
    pdf_key: text('pdf_key'),
    pdf_size: integer('pdf_size'),
    /** waiting | ready | failed (PAYSLIP_PDF_STATES). */
    pdf_state: text('pdf_state').notNull().default('waiting'),
    pdf_error: text('pdf_error'),
    pdf_rendered_at: timestamp('pdf_rendered_at', { withTimezone: true }),
    /** The Sevarth ID read from the slip: the DGP ID it was matched by. */
    sevarth_id: text('sevarth_id').notNull(),
    employee_name: text('employee_name').notNull(),
    payslip_number: text('payslip_number'),
    date_of_birth: date('date_of_birth', { mode: 'string' }),
    date_of_joining: date('date_of_joining', { mode: 'string' }),
    date_of_retirement: date('date_of_retirement', { mode: 'string' }),
    gross_paise: bigint('gross_paise', { mode: 'number' }),
    deductions_paise: bigint('deductions_paise', { mode: 'number' }),
    net_paise: bigint('net_paise', { mode: 'number' }),
    /** False: net ≠ gross − deductions on the slip (stored as read, flagged). */
    consistent: boolean('consistent').notNull().default(true),
    /** generated | queued | sent | delivered | read | failed | needs_check (PAYSLIP_STATUSES, whatsapp.rules.ts). */
    status: text('status').notNull().default('generated'),
    status_reason: text('status_reason'),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('payslips_current_unique')
      .on(t.user_id, t.salary_month)
      .where(sql`${t.superseded_at} IS NULL`),
    uniqueIndex('payslips_version_unique').on(t.user_id, t.salary_month, t.version),
    // The list: current slips, newest month first, then by name.
    index('payslips_current_month_idx')
      .on(t.salary_month, t.employee_name)
      .where(sql`${t.superseded_at} IS NULL`),
    index('payslips_current_status_idx')
      .on(t.status, t.salary_month)
      .where(sql`${t.superseded_at} IS NULL`),
    // Search by employee name, payslip number or Sevarth ID: partial words, any script.
    index('payslips_search_trgm_idx')
      .using(
        'gin',
        sql`(lower(${t.employee_name} || ' ' || coalesce(${t.payslip_number}, '') || ' ' || ${t.sevarth_id})) gin_trgm_ops`,
      )
      .where(sql`${t.superseded_at} IS NULL`),
    index('payslips_html_key_idx').on(t.html_key),
    index('payslips_pdf_key_idx').on(t.pdf_key),
    index('payslips_pdf_waiting_idx')
      .on(t.id)
      .where(sql`${t.pdf_state} = 'waiting'`),
    check('payslips_salary_month_format', sql`${t.salary_month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('payslips_version_positive', sql`${t.version} >= 1`),
    check('payslips_pdf_state_known', sql`${t.pdf_state} IN ('waiting', 'ready', 'failed')`),
    check(
      'payslips_status_known',
      sql`${t.status} IN ('generated', 'queued', 'sent', 'delivered', 'read', 'failed', 'needs_check')`,
    ),
    check('payslips_pdf_ready_has_file', sql`${t.pdf_state} <> 'ready' OR ${t.pdf_key} IS NOT NULL`),
  ],
);
