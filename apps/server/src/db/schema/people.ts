import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('companies_code_unique').on(sql`lower(${t.code})`)],
);

export const designations = pgTable(
  'designations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('designations_code_unique').on(sql`lower(${t.code})`)],
);

/** Uniqueness holds among users not deleted, so a person removed by mistake can be added again. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    first_name: text('first_name').notNull(),
    middle_name: text('middle_name'),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number'),
    password_hash: text('password_hash').notNull(),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id),
    company_id: integer('company_id').references(() => companies.id),
    designation_id: integer('designation_id').references(() => designations.id),
    designation: text('designation'),
    dgp_id: text('dgp_id'),
    badge_no: integer('badge_no'),
    icard_no: text('icard_no'),
    is_active: boolean('is_active').notNull().default(true),
    must_change_password: boolean('must_change_password').notNull().default(false),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`).where(sql`${t.deleted_at} IS NULL`),
    uniqueIndex('users_phone_unique').on(t.phone_number).where(sql`${t.deleted_at} IS NULL`),
    uniqueIndex('users_badge_no_unique').on(t.badge_no).where(sql`${t.deleted_at} IS NULL`),
    uniqueIndex('users_dgp_id_unique').on(t.dgp_id).where(sql`${t.deleted_at} IS NULL`),
    uniqueIndex('users_icard_no_unique').on(t.icard_no).where(sql`${t.deleted_at} IS NULL`),
    index('users_company_idx').on(t.company_id),
    check('users_badge_no_positive', sql`${t.badge_no} IS NULL OR ${t.badge_no} >= 1`),
    check('users_dgp_id_format', sql`${t.dgp_id} IS NULL OR ${t.dgp_id} ~ '^[A-Z]{7}[0-9]{4}$'`),
  ],
);
