import type { SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';

/** A statement's rows, on either driver. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
