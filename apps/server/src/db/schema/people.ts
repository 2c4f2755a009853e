import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ApprovalRole } from '@srpf/shared';
import { createdAt, updatedAt } from './columns.js';

const timestamps = {
  created_at: createdAt(),
  updated_at: updatedAt(),
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
    /**
     * The approval chain's step its holders take (APPROVAL_ROLES in packages/shared), set by
     * administrators; a CSV import never sets it. 'none' grants nothing.
     */
    approval_role: text('approval_role').$type<ApprovalRole>().notNull().default('none'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('designations_code_unique').on(sql`lower(${t.code})`),
    check('designations_approval_role_check', sql`${t.approval_role} IN ('none', 'clerk', 'officer', 'commandant')`),
  ],
);

/**
 * The lower-cased text a user search looks in: names, email, phone, DGP ID and badge number. Queries
 * must repeat exactly this expression so PostgreSQL uses users_search_trgm_idx.
 */
export function userSearchText(t: {
  first_name: AnyPgColumn;
  middle_name: AnyPgColumn;
  last_name: AnyPgColumn;
  email: AnyPgColumn;
  phone_number: AnyPgColumn;
  dgp_id: AnyPgColumn;
  badge_no: AnyPgColumn;
}) {
  return sql`lower(${t.first_name} || ' ' || coalesce(${t.middle_name}, '') || ' ' || ${t.last_name} || ' ' || ${t.email} || ' ' || coalesce(${t.phone_number}, '') || ' ' || coalesce(${t.dgp_id}, '') || ' ' || coalesce(${t.badge_no}::text, ''))`;
}

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
    /**
     * Idle timeout of this user's sessions in minutes (Settings): 0 for never (only SESSION_MAX_AGE
     * ends the session), null when the user chose none (the default, 60; `idleTimeoutMinutes` in
     * packages/shared).
     */
    session_timeout_minutes: integer('session_timeout_minutes'),
    must_change_password: boolean('must_change_password').notNull().default(false),
    /** Permissions an administrator granted on top of the role (GRANTABLE_PERMISSIONS in packages/shared). */
    granted_permissions: text('granted_permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * When a one-time, imported or administrator-set password stops opening the account (null: a
     * password the person chose, which does not expire).
     */
    password_expires_at: timestamp('password_expires_at', { withTimezone: true }),
    /**
     * Raised whenever the person's sessions must end (a new password, a deactivation, a deletion):
     * access tokens carry the version they were issued under, and the guard refuses an older one.
     */
    session_version: integer('session_version').notNull().default(0),
    /** WhatsApp consent (issue 19): slips and messages go to 91 + the phone only when enabled. */
    whatsapp_enabled: boolean('whatsapp_enabled').notNull().default(false),
    /** en | mr | hi. */
    whatsapp_language: text('whatsapp_language').notNull().default('en'),
    /** When consent was last given or withdrawn, and where it came from: self | admin | import. */
    whatsapp_consent_at: timestamp('whatsapp_consent_at', { withTimezone: true }),
    whatsapp_consent_source: text('whatsapp_consent_source'),
    /**
     * The phone number is the person's (issue 31): confirmed by a code sent to it (self), or set by an
     * administrator in the user form (admin) or the CSV import (import), who then answers for it;
     * `existing`: on file before verification began (migration 0021). Null: not verified, nothing is
     * sent to it. Cleared whenever the number changes.
     */
    phone_verified_at: timestamp('phone_verified_at', { withTimezone: true }),
    phone_verified_source: text('phone_verified_source'),
    phone_verified_by: integer('phone_verified_by'),
    /** Consent to notices (campaigns), apart from consent to slips (`whatsapp_enabled`). */
    whatsapp_notices_enabled: boolean('whatsapp_notices_enabled').notNull().default(false),
    whatsapp_notices_consent_at: timestamp('whatsapp_notices_consent_at', { withTimezone: true }),
    /** WhatsApp's business-scoped user id, stored once first seen beside the verified number; matched first. */
    whatsapp_bsuid: text('whatsapp_bsuid'),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deleted_at} IS NULL`),
    uniqueIndex('users_phone_unique')
      .on(t.phone_number)
      .where(sql`${t.deleted_at} IS NULL`),
    uniqueIndex('users_whatsapp_bsuid_unique')
      .on(t.whatsapp_bsuid)
      .where(sql`${t.deleted_at} IS NULL`),
    uniqueIndex('users_badge_no_unique')
      .on(t.badge_no)
      .where(sql`${t.deleted_at} IS NULL`),
    uniqueIndex('users_dgp_id_unique')
      .on(t.dgp_id)
      .where(sql`${t.deleted_at} IS NULL`),
    uniqueIndex('users_icard_no_unique')
      .on(t.icard_no)
      .where(sql`${t.deleted_at} IS NULL`),
    index('users_company_idx').on(t.company_id),
    index('users_role_idx').on(t.role_id),
    // Trigram index behind the list search and the appointment-form user search (partial words, any script).
    index('users_search_trgm_idx').using('gin', sql`(${userSearchText(t)}) gin_trgm_ops`),
    check('users_badge_no_positive', sql`${t.badge_no} IS NULL OR ${t.badge_no} >= 1`),
    check(
      'users_session_timeout_not_negative',
      sql`${t.session_timeout_minutes} IS NULL OR ${t.session_timeout_minutes} >= 0`,
    ),
    check('users_whatsapp_language_known', sql`${t.whatsapp_language} IN ('en', 'mr', 'hi')`),
    check(
      'users_whatsapp_consent_source_known',
      sql`${t.whatsapp_consent_source} IS NULL OR ${t.whatsapp_consent_source} IN ('self', 'admin', 'import')`,
    ),
    check(
      'users_phone_verified_source_known',
      sql`${t.phone_verified_source} IS NULL OR ${t.phone_verified_source} IN ('self', 'admin', 'import', 'existing')`,
    ),
    check('users_dgp_id_format', sql`${t.dgp_id} IS NULL OR ${t.dgp_id} ~ '^[A-Z]{7}[0-9]{4}$'`),
  ],
);

/**
 * The companies a superadmin gave a person to oversee beyond their own (a range's staff supervising
 * several groups): their records are in that person's scope.
 */
export const userOverseenCompanies = pgTable(
  'user_overseen_companies',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.company_id] }),
    index('user_overseen_companies_company_idx').on(t.company_id),
  ],
);
