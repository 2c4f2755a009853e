import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './people.js';
import { createdAt, updatedAt } from './columns.js';

/** Refresh tokens are stored only as keyed hashes; a family is one sign-in and its rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    family_id: uuid('family_id').notNull(),
    /** When the family's sign-in happened, copied to every rotation: SESSION_MAX_AGE counts from it. */
    family_started_at: timestamp('family_started_at', { withTimezone: true }).notNull(),
    /**
     * The user's session version the family was signed in under: a refresh is refused once the
     * user's version has moved on (a new password, a deactivation), even if this token was issued
     * while the change was committing.
     */
    session_version: integer('session_version').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.family_id),
    index('refresh_tokens_user_idx').on(t.user_id),
    // The guard reads a person's sessions ended within the hour at every request (users.repository.ts's findActorStanding).
    index('refresh_tokens_user_revoked_idx')
      .on(t.user_id, t.revoked_at)
      .where(sql`${t.revoked_at} IS NOT NULL`),
  ],
);

/** Every sign-in attempt; failures within the window throttle further attempts. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: inet('ip'),
    succeeded: boolean('succeeded').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.created_at),
    index('login_attempts_ip_idx').on(t.ip, t.created_at),
  ],
);

/**
 * Addresses an account's right password came from (a sign-in or a password change), until
 * KNOWN_ADDRESS_TTL after the latest: the account-wide throttle does not hold them back, so guesses
 * from elsewhere cannot keep the owner out (modules/auth/auth.password-throttle.ts).
 */
export const knownSignInAddresses = pgTable(
  'known_sign_in_addresses',
  {
    email: text('email').notNull(),
    ip: inet('ip').notNull(),
    last_success_at: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.ip] }),
    index('known_sign_in_addresses_last_success_idx').on(t.last_success_at),
  ],
);

/** Who did what to which record, when, from where, and how it ended. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id'),
    outcome: text('outcome').notNull(),
    ip: inet('ip'),
    details: jsonb('details'),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at),
    index('audit_log_entity_idx').on(t.entity_type, t.entity_id),
  ],
);

/** Instance-wide settings kept in the database, such as the generated JWT signing key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updated_at: updatedAt(),
});
