import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { escapeLike } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { companies, users } from '../../db/schema/index.js';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;

export interface CompanyFilter {
  search?: string;
  active?: boolean;
}

function filterConditions(filter: CompanyFilter): SQL | undefined {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    pattern ? or(ilike(companies.name, pattern), ilike(companies.code, pattern)) : undefined,
    filter.active !== undefined ? eq(companies.active, filter.active) : undefined,
  );
}

export async function listCompanies(executor: Executor, filter: CompanyFilter, page: number, limit: number) {
  const where = filterConditions(filter);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(limit)
      .offset((page - 1) * limit),
    executor.select({ value: count() }).from(companies).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findCompany(executor: Executor, id: number): Promise<CompanyRow | undefined> {
  const [row] = await executor.select().from(companies).where(eq(companies.id, id));
  return row;
}

export async function insertCompany(executor: Executor, values: NewCompany): Promise<CompanyRow> {
  const [row] = await executor.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompany(
  executor: Executor,
  id: number,
  values: Partial<NewCompany>,
): Promise<CompanyRow | undefined> {
  const [row] = await executor.update(companies).set(values).where(eq(companies.id, id)).returning();
  return row;
}

export async function deleteCompany(executor: Executor, id: number) {
  const [row] = await executor.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  return row;
}

/** Users of the company who are not deleted: while there are any, the company stays. */
export async function countLiveMembers(executor: Executor, companyId: number): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.company_id, companyId), isNull(users.deleted_at)));
  return row?.value ?? 0;
}

/** Deleted users keep no link to a company that is going away (their rows stay for history). */
export async function detachDeletedMembers(executor: Executor, companyId: number) {
  await executor
    .update(users)
    .set({ company_id: null })
    .where(and(eq(users.company_id, companyId), isNotNull(users.deleted_at)));
}
