import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { knownSignInAddresses, loginAttempts, refreshTokens, users } from '../../db/schema/index.js';

export async function recordLoginAttempt(
  executor: Executor,
  attempt: { email: string; ip: string | null; succeeded: boolean; created_at: Date },
): Promise<number> {
  const [row] = await executor.insert(loginAttempts).values(attempt).returning({ id: loginAttempts.id });
  return row!.id;
}

/** Marks the attempt a success; answers its account, address and time (nothing when it is gone). */
export async function markLoginAttemptSucceeded(executor: Executor, id: number) {
  const [row] = await executor
    .update(loginAttempts)
    .set({ succeeded: true })
    .where(eq(loginAttempts.id, id))
    .returning({ email: loginAttempts.email, ip: loginAttempts.ip, at: loginAttempts.created_at });
  return row;
}

/** Notes that the account's right password came from this address at `at` (the latest such moment is kept). */
export async function rememberKnownAddress(executor: Executor, email: string, ip: string, at: Date) {
  await executor
    .insert(knownSignInAddresses)
    .values({ email, ip, last_success_at: at })
    .onConflictDoUpdate({
      target: [knownSignInAddresses.email, knownSignInAddresses.ip],
      set: { last_success_at: sql`greatest(${knownSignInAddresses.last_success_at}, excluded.last_success_at)` },
    });
}

/** Did the account's right password come from this address since `since`? */
export async function isKnownAddress(executor: Executor, email: string, ip: string, since: Date): Promise<boolean> {
  const [row] = await executor
    .select({ email: knownSignInAddresses.email })
    .from(knownSignInAddresses)
    .where(
      and(
        eq(knownSignInAddresses.email, email),
        eq(knownSignInAddresses.ip, ip),
        gt(knownSignInAddresses.last_success_at, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Forgets every address the user's right password came from (they are known by the account's email). */
export async function forgetKnownAddressesOf(executor: Executor, userId: number) {
  await executor
    .delete(knownSignInAddresses)
    .where(
      sql`${knownSignInAddresses.email} = (select lower(${users.email}) from ${users} where ${users.id} = ${userId})`,
    );
}

export async function deleteLoginAttempt(executor: Executor, id: number) {
  await executor.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/**
 * Serialises, until the transaction ends, the attempts on one account and then those from one
 * address (always in this order, so two locks never wait on each other in a cycle). Keys are hashes:
 * a collision only makes two accounts wait for each other a moment.
 */
export async function lockAttemptsOf(executor: Executor, email: string, ip: string | null) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext('password-attempts:account'), hashtext(${email}))`);
  if (ip)
    await executor.execute(sql`select pg_advisory_xact_lock(hashtext('password-attempts:address'), hashtext(${ip}))`);
}

/**
 * Times of the latest failed sign-ins for an account since `since` (only those from `ip` when one
 * is given), newest first; failures before the account's last successful sign-in no longer count.
 */
export async function recentAccountFailures(
  executor: Executor,
  email: string,
  since: Date,
  limit: number,
  ip?: string,
): Promise<Date[]> {
  const lastSuccess = sql`coalesce((select max(${loginAttempts.created_at}) from ${loginAttempts} where ${loginAttempts.email} = ${email} and ${loginAttempts.succeeded}), '-infinity'::timestamptz)`;
  const rows = await executor
    .select({ at: loginAttempts.created_at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        ip === undefined ? undefined : eq(loginAttempts.ip, ip),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.created_at, since),
        sql`${loginAttempts.created_at} > ${lastSuccess}`,
      ),
    )
    .orderBy(desc(loginAttempts.created_at))
    .limit(limit);
  return rows.map((row) => row.at);
}

export async function recentAddressFailures(
  executor: Executor,
  ip: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await executor
    .select({ at: loginAttempts.created_at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false), gt(loginAttempts.created_at, since)))
    .orderBy(desc(loginAttempts.created_at))
    .limit(limit);
  return rows.map((row) => row.at);
}

export async function insertRefreshToken(
  executor: Executor,
  token: {
    user_id: number;
    token_hash: string;
    family_id: string;
    family_started_at: Date;
    session_version: number;
    created_at: Date;
    expires_at: Date;
  },
) {
  await executor.insert(refreshTokens).values(token);
}

/** The stored token among the forms it may be stored under (one per key of a rotation). */
export async function findRefreshToken(executor: Executor, storedForms: readonly string[]) {
  const [row] = await executor
    .select()
    .from(refreshTokens)
    .where(inArray(refreshTokens.token_hash, [...storedForms]))
    .limit(1);
  return row;
}

/** The user's session version, which every new access token carries (0 for an unknown user). */
export async function sessionVersionOf(executor: Executor, userId: number): Promise<number> {
  const [row] = await executor.select({ version: users.session_version }).from(users).where(eq(users.id, userId));
  return row?.version ?? 0;
}

/** Ends every access token the user holds: the guard refuses tokens of an older version. */
export async function raiseSessionVersion(executor: Executor, userId: number): Promise<void> {
  await executor
    .update(users)
    .set({ session_version: sql`${users.session_version} + 1` })
    .where(eq(users.id, userId));
}

/** Marks a live token used; returns nothing when another request used or revoked it first. */
export async function claimRefreshToken(executor: Executor, id: number, now: Date) {
  const [row] = await executor
    .update(refreshTokens)
    .set({ used_at: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.used_at), isNull(refreshTokens.revoked_at)))
    .returning({ id: refreshTokens.id });
  return row;
}

/** Revokes every token of a family not revoked yet; whether there was one (the session was still open). */
export async function revokeFamily(executor: Executor, familyId: string, now: Date): Promise<boolean> {
  const revoked = await executor
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)))
    .returning({ id: refreshTokens.id });
  return revoked.length > 0;
}

export async function revokeAllForUser(executor: Executor, userId: number, now: Date) {
  await executor
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
}

/**
 * Deletes the refresh tokens of families whose every token has expired, and returns how many. A
 * family with a live token keeps its expired ones: presenting one of those (used) again is how a
 * stolen token is noticed and the family revoked. A family revoked since `keepRevokedSince` is kept
 * too: the guard learns that a session ended from its revoked tokens, and an access token of it may
 * still be alive. Counted in the database, not row by row.
 */
export async function deleteExpiredRefreshTokens(
  executor: Executor,
  now: Date,
  keepRevokedSince: Date,
): Promise<number> {
  const at = now.toISOString();
  const result = await executor.execute(sql`
    with deleted as (
      delete from ${refreshTokens} as expired
      where expired.expires_at <= ${at}::timestamptz
        and not exists (
          select 1 from ${refreshTokens} as kept
          where kept.family_id = expired.family_id
            and (kept.expires_at > ${at}::timestamptz or kept.revoked_at > ${keepRevokedSince.toISOString()}::timestamptz))
      returning 1)
    select count(*)::int as count from deleted`);
  return (result as { rows: { count: number }[] }).rows[0]?.count ?? 0;
}

/** Deletes sign-in attempts made before `before` (they no longer count towards any limit), and returns how many. */
export async function deleteLoginAttemptsBefore(executor: Executor, before: Date): Promise<number> {
  const result = await executor.execute(sql`
    with deleted as (delete from ${loginAttempts} where created_at < ${before.toISOString()}::timestamptz returning 1)
    select count(*)::int as count from deleted`);
  return (result as { rows: { count: number }[] }).rows[0]?.count ?? 0;
}

/** Forgets addresses whose latest right password came before `before`, and returns how many. */
export async function deleteKnownAddressesBefore(executor: Executor, before: Date): Promise<number> {
  const result = await executor.execute(sql`
    with deleted as (delete from ${knownSignInAddresses} where last_success_at < ${before.toISOString()}::timestamptz returning 1)
    select count(*)::int as count from deleted`);
  return (result as { rows: { count: number }[] }).rows[0]?.count ?? 0;
}
