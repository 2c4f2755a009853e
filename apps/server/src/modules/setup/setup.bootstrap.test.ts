import { afterEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import type { DatabaseHandle } from '../../db/client.js';
import { appSettings, companies, roles, users } from '../../db/schema/index.js';
import { createPasswordHasher } from '../../lib/passwords.js';
import { testConfig } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import { ensureFirstAdmin, ensureReferenceData } from './setup.bootstrap.js';

const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1 });
let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('first start', () => {
  it('creates the roles and the default company once', async () => {
    database = await openTestDatabase();
    await ensureReferenceData(database.db);
    await ensureReferenceData(database.db);
    const roleNames = (await database.db.select({ name: roles.name }).from(roles)).map((r) => r.name).sort();
    expect(roleNames).toEqual(['admin', 'company_lead', 'executive', 'manager', 'officer', 'superadmin', 'viewer']);
    const [company] = await database.db.select().from(companies).where(eq(companies.id, 1));
    expect(company?.name).toBe('Headquarters');
    const [created] = await database.db
      .insert(companies)
      .values({ name: 'Group 5 Daund', code: 'G5' })
      .returning({ id: companies.id });
    expect(created?.id).toBe(2);
  });

  it('generates a strong one-time password for the first superadmin and can sign in with it', async () => {
    database = await openTestDatabase();
    await ensureReferenceData(database.db);
    const admin = await ensureFirstAdmin(database.db, hasher, {});
    expect(admin?.email).toBe('admin@srpf.local');
    expect(admin?.generatedPassword).toMatch(/^[\w-]{24}$/);
    expect(await ensureFirstAdmin(database.db, hasher, {})).toBeNull();

    const app = await buildApp(testConfig(), database);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin!.email, password: admin!.generatedPassword },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.role).toBe('superadmin');
    expect(response.json().must_change_password).toBe(true);
    await app.close();
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when given, and prints nothing', async () => {
    database = await openTestDatabase();
    await ensureReferenceData(database.db);
    const admin = await ensureFirstAdmin(database.db, hasher, {
      email: 'it.cell@srpf.test',
      password: 'a-long-chosen-password',
    });
    expect(admin).toEqual({ email: 'it.cell@srpf.test', generatedPassword: undefined });
    const [chosen] = await database.db.select({ mustChange: users.must_change_password }).from(users);
    expect(chosen?.mustChange).toBe(false);
    const [row] = await database.db.select({ value: count() }).from(users);
    expect(row?.value).toBe(1);
  });

  it('generates the signing key once and keeps it in the database for every instance', async () => {
    database = await openTestDatabase();
    await ensureReferenceData(database.db);
    const config = testConfig({ jwtSecret: undefined });
    const first = await buildApp(config, database);
    const second = await buildApp(config, database);
    const [setting] = await database.db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
    expect(setting?.value.length).toBeGreaterThanOrEqual(48);

    const admin = await ensureFirstAdmin(database.db, hasher, {
      email: 'one@srpf.test',
      password: 'a-long-chosen-password',
    });
    const login = await first.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin!.email, password: 'a-long-chosen-password' },
    });
    const token = login.json().token;
    const me = await second.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    await first.close();
    await second.close();
  });
});
