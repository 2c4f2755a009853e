import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { libraryAcknowledgments } from '../../db/schema/libraries.js';

/**
 * Who read a mandatory document (acknowledgments) and who has yet to, and who a document can be
 * assigned to: the people side of the libraries' documents.
 */

/** A user who can be assigned: exists and is not deleted. */
export async function isAssignableUser(executor: Executor, userId: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  return row !== undefined;
}

/** True when this call recorded the acknowledgment, false when the user had already acknowledged. */
export async function insertAcknowledgment(
  executor: Executor,
  documentId: number,
  version: number,
  userId: number,
): Promise<boolean> {
  const rows = await executor
    .insert(libraryAcknowledgments)
    .values({ document_id: documentId, version, user_id: userId })
    .onConflictDoNothing()
    .returning({ user_id: libraryAcknowledgments.user_id });
  return rows.length > 0;
}

/** Who acknowledged the document, earliest first; with `userId`, only that person's acknowledgments. */
export async function listAcknowledgments(executor: Executor, documentId: number, userId?: number) {
  return executor
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
      acknowledged_at: libraryAcknowledgments.acknowledged_at,
      version: libraryAcknowledgments.version,
    })
    .from(libraryAcknowledgments)
    .innerJoin(users, eq(users.id, libraryAcknowledgments.user_id))
    .where(
      and(
        eq(libraryAcknowledgments.document_id, documentId),
        userId === undefined ? undefined : eq(libraryAcknowledgments.user_id, userId),
      ),
    )
    .orderBy(asc(libraryAcknowledgments.acknowledged_at), asc(users.id));
}

/** Active users who have not acknowledged this version of the document, by name, at most `limit`, with their total. */
export async function listPendingAcknowledgers(executor: Executor, documentId: number, version: number, limit: number) {
  const where = and(
    eq(users.is_active, true),
    isNull(users.deleted_at),
    sql`not exists (select 1 from library_acknowledgments a where a.document_id = ${documentId} and a.version = ${version} and a.user_id = users.id)`,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select({ id: users.id, first_name: users.first_name, last_name: users.last_name, email: users.email })
      .from(users)
      .where(where)
      .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
      .limit(limit),
    executor.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
