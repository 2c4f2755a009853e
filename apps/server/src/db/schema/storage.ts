import { pgTable, text } from 'drizzle-orm/pg-core';
import { stampedAt } from './columns.js';

/**
 * Stored files whose rows are gone and which are still to be removed from storage. A purge writes the
 * keys here in the transaction that deletes the rows, and removes each file (then its entry) once it
 * commits; whatever a crash leaves here is removed at the next start or daily pass. So a committed
 * delete never leaves a file behind for good, and a rolled-back one never loses a file.
 */
export const storedFileRemovals = pgTable('stored_file_removals', {
  file_key: text('file_key').primaryKey(),
  requested_at: stampedAt('requested_at'),
});
