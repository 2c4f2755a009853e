import { timestamp } from 'drizzle-orm/pg-core';
import { clock } from '../../lib/clock.js';

/**
 * Moments a row records, stamped from the clock module (which tests set) when Drizzle writes the row;
 * the database's now() stays the column default for statements written in SQL.
 */
export const stampedAt = (name: string) =>
  timestamp(name, { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now());

/** When a row was created. */
export const createdAt = () => stampedAt('created_at');

/** When a row last changed: stamped on insert and on every update that does not set it itself. */
export const updatedAt = () => stampedAt('updated_at').$onUpdateFn(() => clock.now());
