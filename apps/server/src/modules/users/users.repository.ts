import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { roles, users } from '../../db/schema/index.js';

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
export async function findUserForSignIn(executor: Executor, email: string) {
  const [row] = await executor
    .select({ ...sessionColumns, password_hash: users.password_hash })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deleted_at)));
  return row;
}

export async function findRoleByName(executor: Executor, name: string) {
  const [row] = await executor.select().from(roles).where(eq(roles.name, name));
  return row;
}
