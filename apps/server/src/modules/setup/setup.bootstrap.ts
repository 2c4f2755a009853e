import { count, eq, sql } from 'drizzle-orm';
import { ROLES } from '@srpf/shared';
import type { Database } from '../../db/client.js';
import { companies, roles, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { randomSecret } from '../../lib/secrets.js';
import { ensureDefaultFormFolders } from './setup.default-form-folders.js';

export const DEFAULT_COMPANY_ID = 1;
export const DEFAULT_ADMIN_EMAIL = 'admin@srpf.local';

/**
 * What each role gives (docs/SECURITY.md). Only the admin roles carry powers of their own; the other
 * names are kept from the spec and act as viewers: steps of the approval chain come from the
 * designation, extra powers from grants. Migration 0010 rewrites older descriptions to these.
 */
const ROLE_DESCRIPTIONS: Record<(typeof ROLES)[number], string> = {
  superadmin: 'Every permission across every company; the only role that manages superadmins and overseen companies',
  admin: 'Every permission across every company',
  executive: 'As a viewer; approval steps come from the designation, further powers from grants',
  company_lead: 'As a viewer; approval steps come from the designation, further powers from grants',
  officer: 'As a viewer; approval steps come from the designation, further powers from grants',
  manager: 'As a viewer; approval steps come from the designation, further powers from grants',
  viewer: 'Reads the libraries, uploads documents and forms, files own requests; further powers from grants',
};

/**
 * The roles, the default company (id 1, the spec's default company_id) and the forms library's
 * default folder tree, created once.
 */
export async function ensureReferenceData(db: Database): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name, description: ROLE_DESCRIPTIONS[name] })))
    .onConflictDoNothing();
  await db.insert(companies).values({ id: DEFAULT_COMPANY_ID, name: 'Headquarters', code: 'HQ' }).onConflictDoNothing();
  // The explicit id above does not advance the sequence; move it past the rows that exist.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), 1))`,
  );
  await ensureDefaultFormFolders(db);
}

export interface FirstAdmin {
  email: string;
  /** Present only when the password was generated here and must be shown once. */
  generatedPassword?: string;
}

/**
 * Creates the first superadmin when the database has no user yet: from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or with a generated strong password that the caller prints once. There is no default password.
 */
export async function ensureFirstAdmin(
  db: Database,
  hasher: PasswordHasher,
  given: { email?: string; password?: string },
): Promise<FirstAdmin | null> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return null;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'superadmin'));
  if (!role) throw new Error('Roles must exist before the first administrator');

  const email = given.email ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = given.password ? undefined : randomSecret(18);
  const passwordHash = await hasher.hash(given.password ?? generatedPassword!);
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        first_name: 'System',
        last_name: 'Administrator',
        email,
        password_hash: passwordHash,
        role_id: role.id,
        company_id: DEFAULT_COMPANY_ID,
        // A printed password is a one-time password: its first user must choose their own.
        must_change_password: generatedPassword !== undefined,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (user)
      await audit(tx, {
        actorId: null,
        action: 'user.create',
        entityType: 'user',
        entityId: user.id,
        outcome: 'success',
        details: { reason: 'first administrator' },
      });
    return user;
  });
  return created ? { email, generatedPassword } : null;
}
