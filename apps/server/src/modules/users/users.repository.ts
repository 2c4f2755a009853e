import { and, asc, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { escapeLike, type RecordScope, type SignInIdentifier } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { usersInScope } from '../../db/record-scope.js';
import {
  companies,
  designations,
  refreshTokens,
  roles,
  userOverseenCompanies,
  userSearchText,
  users,
} from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';

const sessionColumns = {
  id: users.id,
  first_name: users.first_name,
  middle_name: users.middle_name,
  last_name: users.last_name,
  email: users.email,
  phone_number: users.phone_number,
  role: roles.name,
  is_active: users.is_active,
  must_change_password: users.must_change_password,
};

export async function findSessionUserById(executor: Executor, id: number) {
  const [row] = await executor
    .select(sessionColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.id, id), isNull(users.deleted_at)));
  return row;
}

export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof findSessionUserById>>>;

/** The sign-in lookup: the password hash never leaves the auth service. */
/** The columns each sign-in identifier is unique in (among users not deleted): lower(email), phone_number, dgp_id. */
function signInMatch(identifier: SignInIdentifier): SQL {
  switch (identifier.kind) {
    case 'email':
      return sql`lower(${users.email}) = ${identifier.value}`;
    case 'phone':
      return eq(users.phone_number, identifier.value);
    case 'dgp_id':
      return eq(users.dgp_id, identifier.value);
  }
}

export async function findUserForSignIn(executor: Executor, identifier: SignInIdentifier) {
  const [row] = await executor
    .select({
      ...sessionColumns,
      password_hash: users.password_hash,
      password_expires_at: users.password_expires_at,
      session_version: users.session_version,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(signInMatch(identifier), isNull(users.deleted_at)));
  return row;
}

/** The password check of a password change; the hash never leaves the service. */
export async function findPasswordHolder(executor: Executor, id: number) {
  const [row] = await executor
    .select({
      email: users.email,
      first_name: users.first_name,
      middle_name: users.middle_name,
      last_name: users.last_name,
      password_hash: users.password_hash,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deleted_at)));
  return row;
}

export async function findSessionTimeout(executor: Executor, id: number) {
  const [row] = await executor.select({ minutes: users.session_timeout_minutes }).from(users).where(eq(users.id, id));
  return row?.minutes ?? null;
}

export async function findRoleByName(executor: Executor, name: string) {
  const [row] = await executor.select().from(roles).where(eq(roles.name, name));
  return row;
}

export function listRoles(executor: Executor) {
  return executor.select().from(roles).orderBy(asc(roles.id));
}

/**
 * What the approval chain reads of a person (not deleted): their role and their designation record's
 * approval role (null without a designation). The free-text designation is not read: it grants nothing.
 */
/** The companies a person oversees, as an array column of a query about users. */
const overseenCompanyIds = sql<
  number[]
>`coalesce((select array_agg(${userOverseenCompanies.company_id} order by ${userOverseenCompanies.company_id}) from ${userOverseenCompanies} where ${userOverseenCompanies.user_id} = ${users.id}), '{}')`;

/**
 * The person's sessions (refresh-token families) revoked since `since`, as an array column: a revoked
 * family has every token marked, so any marked token names it.
 */
const endedSessionIdsSince = (since: Date) =>
  sql<
    string[]
  >`coalesce((select array_agg(distinct ${refreshTokens.family_id}::text) from ${refreshTokens} where ${refreshTokens.user_id} = ${users.id} and ${refreshTokens.revoked_at} > ${since.toISOString()}::timestamptz), '{}'::text[])`;

/**
 * What the request guard reads of the signed-in person at every request: one indexed row, with the
 * sessions ended since `endedSince` (whose access tokens may still be unexpired).
 */
export async function findActorStanding(executor: Executor, id: number, endedSince: Date) {
  const [row] = await executor
    .select({
      id: users.id,
      role: roles.name,
      company_id: users.company_id,
      granted_permissions: users.granted_permissions,
      overseen_company_ids: overseenCompanyIds,
      designation_approval_role: designations.approval_role,
      is_active: users.is_active,
      must_change_password: users.must_change_password,
      session_version: users.session_version,
      ended_session_ids: endedSessionIdsSince(endedSince),
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(designations, eq(designations.id, users.designation_id))
    .where(and(eq(users.id, id), isNull(users.deleted_at)));
  return row;
}

/** Every column the full user presenter reads; never the password hash. */
const userColumns = {
  id: users.id,
  first_name: users.first_name,
  middle_name: users.middle_name,
  last_name: users.last_name,
  email: users.email,
  phone_number: users.phone_number,
  role_id: users.role_id,
  role: roles.name,
  company_id: users.company_id,
  company_name: companies.name,
  designation: users.designation,
  designation_id: users.designation_id,
  designation_name: designations.name,
  dgp_id: users.dgp_id,
  badge_no: users.badge_no,
  icard_no: users.icard_no,
  is_active: users.is_active,
  must_change_password: users.must_change_password,
  session_timeout_minutes: users.session_timeout_minutes,
  granted_permissions: users.granted_permissions,
  overseen_company_ids: overseenCompanyIds,
  designation_approval_role: designations.approval_role,
  whatsapp_enabled: users.whatsapp_enabled,
  whatsapp_language: users.whatsapp_language,
  whatsapp_consent_at: users.whatsapp_consent_at,
  whatsapp_consent_source: users.whatsapp_consent_source,
  phone_verified_at: users.phone_verified_at,
  phone_verified_source: users.phone_verified_source,
  whatsapp_notices_enabled: users.whatsapp_notices_enabled,
  whatsapp_notices_consent_at: users.whatsapp_notices_consent_at,
  created_at: users.created_at,
  updated_at: users.updated_at,
  deleted_at: users.deleted_at,
};

function selectUsers(executor: Executor) {
  return executor
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(companies, eq(companies.id, users.company_id))
    .leftJoin(designations, eq(designations.id, users.designation_id));
}

export type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];

export async function findUserById(
  executor: Executor,
  id: number,
  options: { includeDeleted?: boolean } = {},
): Promise<UserRow | undefined> {
  const [row] = await selectUsers(executor).where(
    and(eq(users.id, id), options.includeDeleted ? undefined : isNull(users.deleted_at)),
  );
  return row;
}

/**
 * Each word must appear somewhere in the user's search text (names, email, phone, DGP ID, badge), so
 * "ganesh jadhav" finds Ganesh Ramesh Jadhav. The expression is the indexed one (trigram GIN).
 */
export function searchCondition(search: string): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => sql`${userSearchText(users)} like lower(${`%${escapeLike(word)}%`})`));
}

export interface UserFilter {
  /** Whom the reader may see (the users policy's scope). */
  scope: RecordScope;
  search?: string;
  role?: string;
  company_id?: number;
  is_active?: boolean;
  phoneDigits?: string;
  dgp_id?: string;
  include_deleted?: boolean;
}

function filterConditions(filter: UserFilter): SQL | undefined {
  return and(
    usersInScope(filter.scope),
    filter.include_deleted ? undefined : isNull(users.deleted_at),
    filter.search ? searchCondition(filter.search) : undefined,
    filter.role ? eq(roles.name, filter.role) : undefined,
    filter.company_id !== undefined ? eq(users.company_id, filter.company_id) : undefined,
    filter.is_active !== undefined ? eq(users.is_active, filter.is_active) : undefined,
    filter.phoneDigits ? ilike(users.phone_number, `%${escapeLike(filter.phoneDigits)}%`) : undefined,
    filter.dgp_id ? ilike(users.dgp_id, `%${escapeLike(filter.dgp_id)}%`) : undefined,
  );
}

export async function listUsers(executor: Executor, filter: UserFilter, page: number, limit: number) {
  const where = filterConditions(filter);
  const [rows, [total]] = await Promise.all([
    selectUsers(executor)
      .where(where)
      .orderBy(desc(users.created_at), desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    executor.select({ value: count() }).from(users).innerJoin(roles, eq(roles.id, users.role_id)).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The appointment forms' lookups: active, not deleted people only. */
export function lookupUsers(executor: Executor, condition: SQL | undefined, limit: number) {
  return selectUsers(executor)
    .where(and(isNull(users.deleted_at), eq(users.is_active, true), condition))
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
    .limit(limit);
}

export const byPhone = (phone: string) => eq(users.phone_number, phone);
export const inCompany = (companyId: number) => eq(users.company_id, companyId);
export { usersInScope };

/** Sets the companies a person oversees to exactly these. */
export async function replaceOverseenCompanies(
  executor: Executor,
  userId: number,
  companyIds: readonly number[],
): Promise<void> {
  await executor.delete(userOverseenCompanies).where(eq(userOverseenCompanies.user_id, userId));
  if (companyIds.length > 0)
    await executor
      .insert(userOverseenCompanies)
      .values(companyIds.map((company_id) => ({ user_id: userId, company_id })));
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(executor: Executor, values: NewUser): Promise<number> {
  const [row] = await executor.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

/** The columns one row of an imported file fills: who the person is. */
export interface ImportedPerson {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string;
  phone_number: string | null;
  dgp_id: string;
  designation_id: number;
  designation: string;
  /** The WHATSAPP column (issue 19): null when blank (off, no consent recorded). */
  whatsapp_enabled: boolean | null;
  /** The WHATSAPP LANGUAGE column: null when blank (en). */
  whatsapp_language: 'en' | 'mr' | 'hi' | null;
}

/** The columns an imported user is created with. */
export interface ImportedUserValues extends ImportedPerson {
  company_id: number;
  role_id: number;
  password_hash: string;
  must_change_password: boolean;
  /** When the one-time password stops signing in. */
  password_expires_at: Date;
}

/**
 * Inserts many users in one statement; a row that would break a uniqueness rule is left out instead
 * of failing the batch (ON CONFLICT DO NOTHING covers the partial unique indexes too). The rows travel
 * as one JSON parameter: Drizzle's builder spends ~0.3 ms per row on a multi-row VALUES list, which
 * was most of a 10,000-row import.
 */
export async function insertUsersSkippingConflicts(
  executor: Executor,
  values: ImportedUserValues[],
  importedBy: number,
): Promise<{ id: number; email: string }[]> {
  if (values.length === 0) return [];
  const now = clock.now().toISOString();
  // A number in the file counts as verified by the administrator who imports it (issue 31).
  const result = await executor.execute(sql`
    insert into ${users} (first_name, middle_name, last_name, email, phone_number, dgp_id, designation_id, designation, company_id, role_id, password_hash, must_change_password, password_expires_at,
      whatsapp_enabled, whatsapp_language, whatsapp_consent_at, whatsapp_consent_source,
      phone_verified_at, phone_verified_source, phone_verified_by, created_at, updated_at)
    select first_name, middle_name, last_name, email, phone_number, dgp_id, designation_id, designation, company_id, role_id, password_hash, must_change_password, password_expires_at,
      coalesce(whatsapp_enabled, false), coalesce(whatsapp_language, 'en'),
      case when whatsapp_enabled is null then null else ${now}::timestamptz end, case when whatsapp_enabled is null then null else 'import' end,
      case when phone_number is null then null else ${now}::timestamptz end,
      case when phone_number is null then null else 'import' end,
      case when phone_number is null then null else ${importedBy}::integer end,
      ${now}::timestamptz, ${now}::timestamptz
    from json_to_recordset(${JSON.stringify(values)}::json) as row(
      first_name text, middle_name text, last_name text, email text, phone_number text, dgp_id text, designation_id integer,
      designation text, company_id integer, role_id integer, password_hash text, must_change_password boolean, password_expires_at timestamptz,
      whatsapp_enabled boolean, whatsapp_language text)
    on conflict do nothing
    returning id, email`);
  return (result as { rows: { id: number; email: string }[] }).rows;
}

/** The change always stamps updated_at, so a change of the person's companies alone (another table) is a change of them too. */
export async function updateUser(executor: Executor, id: number, values: Partial<NewUser>) {
  const [row] = await executor
    .update(users)
    .set({ ...values, updated_at: clock.now() })
    .where(and(eq(users.id, id), isNull(users.deleted_at)))
    .returning({ id: users.id });
  return row;
}

export async function softDeleteUser(executor: Executor, id: number, now: Date) {
  const [row] = await executor
    .update(users)
    .set({ deleted_at: now, updated_at: now })
    .where(and(eq(users.id, id), isNull(users.deleted_at)))
    .returning({ id: users.id });
  return row;
}

/**
 * Which of these emails, phones and DGP IDs already belong to users not deleted: the import reports
 * them per row instead of creating a second account. Each list travels as one JSON parameter.
 */
export async function findExistingIdentities(
  executor: Executor,
  identities: { emails: string[]; phones: string[]; dgpIds: string[] },
) {
  const matching = async (column: SQL, values: string[]) => {
    if (values.length === 0) return new Set<string>();
    const rows = await executor
      .select({ value: sql<string>`${column}` })
      .from(users)
      .where(
        and(
          isNull(users.deleted_at),
          sql`${column} in (select json_array_elements_text(${JSON.stringify(values)}::json))`,
        ),
      );
    return new Set(rows.map((row) => row.value));
  };
  return {
    emails: await matching(sql`lower(${users.email})`, identities.emails),
    phones: await matching(sql`${users.phone_number}`, identities.phones),
    dgpIds: await matching(sql`${users.dgp_id}`, identities.dgpIds),
  };
}
