import { count, eq } from 'drizzle-orm';
import { ROLES } from '@srpf/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, companies, roles, users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createPasswordHasher } from '../lib/passwords.js';
import { ensureFirstAdmin } from '../modules/setup/setup.bootstrap.js';
import { DEMO_APPOINTMENTS, DemoSeedRefusedError, seedDemoData } from './demo-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEVANAGARI = /[\u0900-\u097F]/;

describe('the demo data (npm run seed:demo)', () => {
  it('adds companies, users of every role with Marathi and English names, and appointments; the shared password signs in', async () => {
    const result = await seedDemoData(t.database.db, createPasswordHasher({ memoryCost: 1024, timeCost: 1 }));
    if (!result.added) throw new Error('the demo data should have been added');
    expect(result.password).toMatch(/^Demo-\S{9,}$/);

    const people = await t.database.db
      .select({ first_name: users.first_name, email: users.email, role: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id));
    const demo = people.filter((person) => /^demo\d+@srpf\.test$/.test(person.email));
    expect(demo).toHaveLength(result.users);
    expect(new Set(demo.map((person) => person.role))).toEqual(new Set(ROLES));
    expect(demo.some((person) => DEVANAGARI.test(person.first_name))).toBe(true);
    expect(demo.some((person) => /^[A-Za-z]+$/.test(person.first_name))).toBe(true);

    const [appointmentCount] = await t.database.db.select({ value: count() }).from(appointments);
    expect(appointmentCount?.value).toBe(DEMO_APPOINTMENTS);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo1@srpf.test', password: result.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.role).toBe('admin');
  });

  it('adds nothing a second time', async () => {
    const [before] = await t.database.db.select({ value: count() }).from(companies);
    expect(await seedDemoData(t.database.db, createPasswordHasher({ memoryCost: 1024, timeCost: 1 }))).toEqual({
      added: false,
    });
    const [after] = await t.database.db.select({ value: count() }).from(companies);
    expect(after?.value).toBe(before?.value);
  });
});

describe('seed:demo on a database holding people', () => {
  const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1 });

  it('adds the demo beside the first administrator alone', async () => {
    const fresh = await createTestApp();
    try {
      await ensureFirstAdmin(fresh.database.db, hasher, {
        email: 'first.admin@srpf.test',
        password: 'first-admin-password',
      });
      expect((await seedDemoData(fresh.database.db, hasher)).added).toBe(true);
      expect(await seedDemoData(fresh.database.db, hasher)).toEqual({ added: false });
    } finally {
      await fresh.close();
    }
  });

  it('refuses other people with a message that names --force, adds nothing, and adds them with force', async () => {
    const real = await createTestApp();
    try {
      await ensureFirstAdmin(real.database.db, hasher, {
        email: 'first.admin@srpf.test',
        password: 'first-admin-password',
      });
      await real.buildUser({ role: 'viewer' });
      await real.buildUser({ role: 'admin' });
      const [before] = await real.database.db.select({ value: count() }).from(users);

      const refusal = await seedDemoData(real.database.db, hasher).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DemoSeedRefusedError);
      expect((refusal as DemoSeedRefusedError).people).toBe(2);
      expect((refusal as Error).message).toMatch(
        /holds 2 people besides the first administrator.*Nothing was added.*--force/,
      );
      const [after] = await real.database.db.select({ value: count() }).from(users);
      expect(after?.value).toBe(before?.value);
      expect(await real.database.db.select({ value: count() }).from(appointments)).toEqual([{ value: 0 }]);

      const forced = await seedDemoData(real.database.db, hasher, { force: true });
      expect(forced.added).toBe(true);
    } finally {
      await real.close();
    }
  });

  it('counts a database whose earliest person is no administrator as holding people', async () => {
    const other = await createTestApp();
    try {
      await other.buildUser({ role: 'viewer' });
      await expect(seedDemoData(other.database.db, hasher)).rejects.toThrow(/holds 1 person/);
    } finally {
      await other.close();
    }
  });
});
