import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { RecordScope } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { currentSlip, slipsInScope } from '../../db/record-scope.js';
import { companies, payslips, users } from '../../db/schema/index.js';
import { escapeLike } from '@srpf/shared';

export type PayslipRow = typeof payslips.$inferSelect;
export type NewPayslip = typeof payslips.$inferInsert;

/** Rows written in one statement at most (28 columns each, well under PostgreSQL's 65,535 parameters). */
export const INSERT_BATCH = 500;

/** The people who hold these Sevarth IDs (DGP IDs), not deleted: one query for a whole upload. */
export async function peopleBySevarthId(executor: Executor, sevarthIds: readonly string[]) {
  if (sevarthIds.length === 0) return [];
  return executor
    .select({
      id: users.id,
      dgp_id: users.dgp_id,
      company_id: users.company_id,
      first_name: users.first_name,
      middle_name: users.middle_name,
      last_name: users.last_name,
    })
    .from(users)
    .where(and(inArray(users.dgp_id, [...sevarthIds]), isNull(users.deleted_at)));
}

/** The current versions of these people's slips for these months, locked for the upload that replaces them. */
export async function lockCurrentVersions(executor: Executor, userIds: readonly number[], months: readonly string[]) {
  if (userIds.length === 0) return [];
  return executor
    .select({
      id: payslips.id,
      user_id: payslips.user_id,
      salary_month: payslips.salary_month,
      version: payslips.version,
    })
    .from(payslips)
    .where(and(currentSlip, inArray(payslips.user_id, [...userIds]), inArray(payslips.salary_month, [...months])))
    .for('update');
}

export async function supersede(executor: Executor, ids: readonly number[], at: Date): Promise<void> {
  for (let start = 0; start < ids.length; start += INSERT_BATCH * 10) {
    await executor
      .update(payslips)
      .set({ superseded_at: at, updated_at: at })
      .where(inArray(payslips.id, ids.slice(start, start + INSERT_BATCH * 10)));
  }
}

/** The columns an upload writes for one slip (the rest take their defaults). */
export interface SlipValues {
  user_id: number;
  salary_month: string;
  version: number;
  superseded_at: string | null;
  file_name: string;
  html_key: string;
  html_size: number;
  pdf_error: string | null;
  sevarth_id: string;
  employee_name: string;
  payslip_number: string | null;
  date_of_birth: string | null;
  date_of_joining: string | null;
  date_of_retirement: string | null;
  gross_paise: number | null;
  deductions_paise: number | null;
  net_paise: number | null;
  consistent: boolean;
  uploaded_by: number;
}

/**
 * Inserts the rows in batches, each batch one statement whose rows travel as one JSON parameter
 * (Drizzle's builder spends ~0.3 ms a row on a VALUES list: most of a 5,000-slip upload). Answers
 * their ids in the order given.
 */
export async function insertPayslips(executor: Executor, rows: readonly SlipValues[], at: Date): Promise<number[]> {
  const ids: number[] = [];
  const now = at.toISOString();
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH).map((row, index) => ({ ...row, ord: start + index }));
    const result = await executor.execute(sql`
      insert into ${payslips} (user_id, salary_month, version, superseded_at, file_name, html_key, html_size, pdf_state, pdf_error, sevarth_id, employee_name, payslip_number,
        date_of_birth, date_of_joining, date_of_retirement, gross_paise, deductions_paise, net_paise, consistent, status, uploaded_by, created_at, updated_at)
      select user_id, salary_month, version, superseded_at, file_name, html_key, html_size, 'waiting', pdf_error, sevarth_id, employee_name, payslip_number,
        date_of_birth, date_of_joining, date_of_retirement, gross_paise, deductions_paise, net_paise, consistent, 'generated', uploaded_by, ${now}::timestamptz, ${now}::timestamptz
      from json_to_recordset(${JSON.stringify(batch)}::json) as row(
        ord integer, user_id integer, salary_month text, version integer, superseded_at timestamptz, file_name text, html_key text, html_size integer, pdf_error text,
        sevarth_id text, employee_name text, payslip_number text, date_of_birth date, date_of_joining date, date_of_retirement date,
        gross_paise bigint, deductions_paise bigint, net_paise bigint, consistent boolean, uploaded_by integer)
      order by ord
      returning id, html_key`);
    // RETURNING follows the rows inserted, not a promised order: each is found again by its file key.
    const byKey = new Map(
      (result as { rows: { id: number; html_key: string }[] }).rows.map((row) => [row.html_key, Number(row.id)]),
    );
    for (const row of batch) ids.push(byKey.get(row.html_key)!);
  }
  return ids;
}

const slipColumns = getTableColumns(payslips);
const viewColumns = {
  ...slipColumns,
  person_first: users.first_name,
  person_middle: users.middle_name,
  person_last: users.last_name,
  person_dgp_id: users.dgp_id,
  person_phone: users.phone_number,
  person_active: users.is_active,
  person_company_id: users.company_id,
  person_whatsapp_enabled: users.whatsapp_enabled,
  person_whatsapp_language: users.whatsapp_language,
  company_name: companies.name,
};

function selectSlips(executor: Executor) {
  return executor
    .select(viewColumns)
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .leftJoin(companies, eq(companies.id, users.company_id));
}
export type PayslipView = Awaited<ReturnType<ReturnType<typeof selectSlips>['execute']>>[number];

export interface PayslipFilter {
  status?: string;
  monthYear?: string;
  search?: string;
  companyId?: number;
  userId?: number;
  pdfState?: string;
}

function filterConditions(scope: RecordScope, filter: PayslipFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [currentSlip, slipsInScope(scope)];
  if (filter.status) conditions.push(eq(payslips.status, filter.status));
  if (filter.monthYear) conditions.push(eq(payslips.salary_month, filter.monthYear));
  if (filter.companyId) conditions.push(eq(users.company_id, filter.companyId));
  if (filter.userId) conditions.push(eq(payslips.user_id, filter.userId));
  if (filter.pdfState) conditions.push(eq(payslips.pdf_state, filter.pdfState));
  if (filter.search) {
    // The expression of the trigram index (payslips_search_trgm_idx): part of a word, any script.
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    conditions.push(
      sql`lower(${payslips.employee_name} || ' ' || coalesce(${payslips.payslip_number}, '') || ' ' || ${payslips.sevarth_id}) LIKE ${pattern}`,
    );
  }
  return and(...conditions);
}

/** A page of current slips in the scope, newest month first, then by name; with the total. */
export async function listPayslips(
  executor: Executor,
  scope: RecordScope,
  filter: PayslipFilter,
  page: number,
  limit: number,
): Promise<{ rows: PayslipView[]; total: number }> {
  const where = filterConditions(scope, filter);
  const rows = await selectSlips(executor)
    .where(where)
    .orderBy(desc(payslips.salary_month), asc(payslips.employee_name), asc(payslips.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [counted] = await executor
    .select({ value: count() })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(where);
  return { rows, total: counted?.value ?? 0 };
}

/** The earlier versions of these current slips (same person and month), newest first. */
export async function earlierVersions(
  executor: Executor,
  current: readonly { user_id: number; salary_month: string }[],
): Promise<PayslipRow[]> {
  if (current.length === 0) return [];
  const userIds = [...new Set(current.map((row) => row.user_id))];
  const months = [...new Set(current.map((row) => row.salary_month))];
  const wanted = new Set(current.map((row) => `${row.user_id}|${row.salary_month}`));
  const rows = await executor
    .select()
    .from(payslips)
    .where(
      and(
        isNotNull(payslips.superseded_at),
        inArray(payslips.user_id, userIds),
        inArray(payslips.salary_month, months),
      ),
    )
    .orderBy(desc(payslips.version));
  return rows.filter((row) => wanted.has(`${row.user_id}|${row.salary_month}`));
}

/** One slip (any version) with its person, for the policy and the download. */
export async function findPayslip(executor: Executor, id: number): Promise<PayslipView | undefined> {
  const [row] = await selectSlips(executor).where(eq(payslips.id, id)).limit(1);
  return row;
}

/** Counts of the current slips in the scope (one month, or all). */
export async function payslipStats(executor: Executor, scope: RecordScope, monthYear: string | undefined) {
  const where = and(currentSlip, slipsInScope(scope), monthYear ? eq(payslips.salary_month, monthYear) : undefined);
  const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [row] = await executor
    .select({
      total: count(),
      generated: counted(sql`${payslips.status} = 'generated'`),
      sent: counted(sql`${payslips.status} = 'sent'`),
      delivered: counted(sql`${payslips.status} = 'delivered'`),
      failed: counted(sql`${payslips.status} = 'failed'`),
      waiting: counted(sql`${payslips.pdf_state} = 'waiting'`),
      ready: counted(sql`${payslips.pdf_state} = 'ready'`),
      pdf_failed: counted(sql`${payslips.pdf_state} = 'failed'`),
      inconsistent: counted(sql`not ${payslips.consistent}`),
      with_versions: counted(sql`${payslips.version} > 1`),
      whatsapp_eligible: counted(
        sql`${users.is_active} and ${users.whatsapp_enabled} and ${users.phone_number} is not null and ${users.phone_verified_at} is not null and ${users.deleted_at} is null`,
      ),
    })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(where);
  return row!;
}

/** Active people with a verified phone and WhatsApp enabled who have a current slip (that month, or their newest). */
export async function eligibleUsers(executor: Executor, scope: RecordScope, monthYear: string | undefined) {
  const conditions = and(
    currentSlip,
    slipsInScope(scope),
    monthYear ? eq(payslips.salary_month, monthYear) : undefined,
    eq(users.is_active, true),
    eq(users.whatsapp_enabled, true),
    isNotNull(users.phone_number),
    // Nothing goes to a number its person has not confirmed (nor an administrator set): issue 31.
    isNotNull(users.phone_verified_at),
    isNull(users.deleted_at),
  );
  return executor
    .selectDistinctOn([users.id], {
      id: users.id,
      first_name: users.first_name,
      middle_name: users.middle_name,
      last_name: users.last_name,
      dgp_id: users.dgp_id,
      company_id: users.company_id,
      phone_number: users.phone_number,
      whatsapp_language: users.whatsapp_language,
      payslip_id: payslips.id,
      salary_month: payslips.salary_month,
      status: payslips.status,
      pdf_state: payslips.pdf_state,
    })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(conditions)
    .orderBy(users.id, desc(payslips.salary_month))
    .limit(20_000);
}

/** Current slips in the scope uploaded in [from, until): the dashboard's Payslips count. */
export async function countUploaded(executor: Executor, scope: RecordScope, from: Date, until: Date): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(
      and(
        currentSlip,
        slipsInScope(scope),
        sql`${payslips.created_at} >= ${from.toISOString()}::timestamptz`,
        sql`${payslips.created_at} < ${until.toISOString()}::timestamptz`,
      ),
    );
  return row?.value ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Rendering

export async function slipToRender(executor: Executor, id: number) {
  const [row] = await executor
    .select({
      id: payslips.id,
      html_key: payslips.html_key,
      pdf_state: payslips.pdf_state,
      pdf_key: payslips.pdf_key,
      file_name: payslips.file_name,
    })
    .from(payslips)
    .where(eq(payslips.id, id))
    .limit(1);
  return row;
}

/** Records the PDF unless another attempt already did (answers false then: the caller drops its file). */
export async function recordPdf(
  executor: Executor,
  id: number,
  pdf: { key: string; size: number },
  at: Date,
): Promise<boolean> {
  const updated = await executor
    .update(payslips)
    .set({
      pdf_key: pdf.key,
      pdf_size: pdf.size,
      pdf_state: 'ready',
      pdf_error: null,
      pdf_rendered_at: at,
      updated_at: at,
    })
    .where(and(eq(payslips.id, id), sql`${payslips.pdf_state} <> 'ready'`))
    .returning({ id: payslips.id });
  return updated.length > 0;
}

export async function recordPdfProblem(
  executor: Executor,
  id: number,
  state: 'waiting' | 'failed',
  reason: string,
  at: Date,
): Promise<void> {
  await executor
    .update(payslips)
    .set({ pdf_state: state, pdf_error: reason.slice(0, 500), updated_at: at })
    .where(and(eq(payslips.id, id), sql`${payslips.pdf_state} <> 'ready'`));
}

/** Slips whose PDF is still waiting (after Chromium was missing), oldest first, after `afterId`. */
export async function waitingSlips(executor: Executor, afterId: number, limit: number): Promise<number[]> {
  const rows = await executor
    .select({ id: payslips.id })
    .from(payslips)
    .where(and(eq(payslips.pdf_state, 'waiting'), sql`${payslips.id} > ${afterId}`))
    .orderBy(asc(payslips.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Stored files (the orphan sweep)

export async function referencedFileKeys(executor: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const list = [...keys];
  const rows = await executor
    .select({ html: payslips.html_key, pdf: payslips.pdf_key })
    .from(payslips)
    .where(or(inArray(payslips.html_key, list), inArray(payslips.pdf_key, list)));
  const wanted = new Set(keys);
  const found = new Set<string>();
  for (const row of rows) {
    if (wanted.has(row.html)) found.add(row.html);
    if (row.pdf && wanted.has(row.pdf)) found.add(row.pdf);
  }
  return found;
}

export async function fileKeyPage(
  executor: Executor,
  after: string,
  limit: number,
): Promise<{ key: string; row: string }[]> {
  const result = await executor.execute(sql`
    select key, row from (
      select ${payslips.html_key} as key, 'payslips#' || ${payslips.id} || ' html' as row from ${payslips}
      union all
      select ${payslips.pdf_key} as key, 'payslips#' || ${payslips.id} || ' pdf' as row from ${payslips} where ${payslips.pdf_key} is not null
    ) as refs
    where key > ${after}
    order by key
    limit ${limit}`);
  return (result as { rows: { key: string; row: string }[] }).rows;
}
