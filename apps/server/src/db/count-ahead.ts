import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/**
 * How far past the first row of the page shown a list's total is counted. Counting every match of a
 * broad filter reads most of a large table on every refresh (≈ 30 ms for 100,000 documents, ≈ 200 ms
 * for 1,000,000 appointments); past this the answer says "more than" (pagination.totalCapped), and
 * paging on moves the count along (bench/appointments.ts, bench/library-list.ts, docs/PERFORMANCE.md).
 */
export const COUNT_AHEAD = 1_000;

/** The rows matching `where`, counted up to COUNT_AHEAD past `offset`; `capped` when there are more. */
export async function countAhead(
  executor: Executor,
  table: PgTable,
  where: SQL | undefined,
  offset: number,
): Promise<{ total: number; capped: boolean }> {
  const ceiling = offset + COUNT_AHEAD;
  const upToCeiling = executor
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(ceiling + 1)
    .as('up_to_ceiling');
  const [row] = await executor.select({ value: count() }).from(upToCeiling);
  const counted = row?.value ?? 0;
  return counted > ceiling ? { total: ceiling, capped: true } : { total: counted, capped: false };
}
