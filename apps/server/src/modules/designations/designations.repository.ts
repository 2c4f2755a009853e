import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { escapeLike } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { designations } from '../../db/schema/index.js';

export type DesignationRow = typeof designations.$inferSelect;
export type NewDesignation = typeof designations.$inferInsert;

export interface DesignationFilter {
  search?: string;
  active?: boolean;
}

function filterConditions(filter: DesignationFilter): SQL | undefined {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    pattern ? or(ilike(designations.name, pattern), ilike(designations.code, pattern)) : undefined,
    filter.active !== undefined ? eq(designations.active, filter.active) : undefined,
  );
}

export async function listDesignations(executor: Executor, filter: DesignationFilter, page: number, limit: number) {
  const where = filterConditions(filter);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(designations)
      .where(where)
      .orderBy(asc(designations.name), asc(designations.id))
      .limit(limit)
      .offset((page - 1) * limit),
    executor.select({ value: count() }).from(designations).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export function allDesignations(executor: Executor, filter: { active?: boolean } = {}) {
  return executor
    .select()
    .from(designations)
    .where(filter.active !== undefined ? eq(designations.active, filter.active) : undefined)
    .orderBy(asc(designations.name), asc(designations.id));
}

export async function findDesignation(executor: Executor, id: number): Promise<DesignationRow | undefined> {
  const [row] = await executor.select().from(designations).where(eq(designations.id, id));
  return row;
}

export async function insertDesignation(executor: Executor, values: NewDesignation): Promise<DesignationRow> {
  const [row] = await executor.insert(designations).values(values).returning();
  return row!;
}

export async function updateDesignation(
  executor: Executor,
  id: number,
  values: Partial<NewDesignation>,
): Promise<DesignationRow | undefined> {
  const [row] = await executor.update(designations).set(values).where(eq(designations.id, id)).returning();
  return row;
}
