import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { defaultApprovalRoleFor, type ApprovalRole } from '@srpf/shared';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openPostgres, type DatabaseHandle } from '../db/client.js';
import { appointments, companies, designations, roles, userOverseenCompanies, users } from '../db/schema/index.js';
import { clock, today } from '../lib/clock.js';
import { createPasswordHasher } from '../lib/passwords.js';
import { ensureReferenceData } from '../modules/setup/setup.bootstrap.js';
import { openTestDatabase } from './test-database.js';

/** Cheap argon2id parameters: for tests only, never in production. */
const TEST_HASH_COST = { memoryCost: 1024, timeCost: 1 };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    passwordHash: TEST_HASH_COST,
    // Tests write rows straight into the database between calls; kept answers would hide them.
    answerCacheSeconds: 0,
    // The same for what the guard reads of a person: tests change people straight in the database.
    actorCacheSeconds: 0,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  buildUser(options?: BuildUserOptions): Promise<{ id: number; email: string; password: string }>;
  buildCompany(options?: {
    name?: string;
    code?: string;
    active?: boolean;
  }): Promise<{ id: number; name: string; code: string }>;
  /** A designation inserted directly; its approval role defaults to the text rule on its name, as the API's create does. */
  buildDesignation(options?: {
    name?: string;
    code?: string;
    active?: boolean;
    approval_role?: ApprovalRole;
  }): Promise<{ id: number; name: string; code: string; approval_role: ApprovalRole }>;
  /** An appointment inserted directly (an orderly-room request of today at 12:00 unless told otherwise). */
  buildAppointment(options?: Partial<typeof appointments.$inferInsert>): Promise<typeof appointments.$inferSelect>;
  signIn(email: string, password: string): Promise<string>;
  /** Requests carrying this access token. */
  withToken(token: string): (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** An authenticated request as a user of the given role, created on first use. */
  as(role: string): Promise<(options: InjectOptions) => Promise<LightMyRequestResponse>>;
  /** An authenticated request as a new user built with these options (a designation, a role …). */
  asUser(
    options: BuildUserOptions,
  ): Promise<{ id: number; request: (options: InjectOptions) => Promise<LightMyRequestResponse> }>;
  /**
   * Another server instance on the same database, as behind a load balancer: on PostgreSQL with
   * connections (and a LISTEN) of its own, on the embedded database beside this one in the process.
   */
  secondInstance(): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  close(): Promise<void>;
}

export interface BuildUserOptions {
  role?: string;
  email?: string;
  password?: string;
  first_name?: string;
  middle_name?: string;
  last_name?: string;
  phone_number?: string;
  dgp_id?: string;
  badge_no?: number;
  /**
   * A designation by name ('Clerk', 'Commandant' …): the designation record of that name (any case),
   * created with the text rule's approval role when there is none, becomes the user's designation_id
   * (unless one is given) and the name their free-text designation. So `designation: 'Clerk'` still
   * builds a clerk of the approval chain, now through the record.
   */
  designation?: string;
  /** Only the free-text designation column, without a record: it grants no approval role. */
  designation_text?: string;
  /** Company 1 unless given; null for a person without a company. */
  company_id?: number | null;
  designation_id?: number;
  is_active?: boolean;
  must_change_password?: boolean;
  /** Permissions granted on top of the role (manage_categories, view_all_kpis …). */
  granted_permissions?: string[];
  /** Companies the person oversees beyond their own. */
  overseen_company_ids?: number[];
}

let sequence = 0;

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { enqueueJobs?: boolean } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  await ensureReferenceData(database.db);
  const config = testConfig(overrides);
  const app = await buildApp(config, database, { enqueueJobs: options.enqueueJobs });
  const hasher = createPasswordHasher(TEST_HASH_COST);
  const tokensByRole = new Map<string, string>();

  const buildUser: TestApp['buildUser'] = async (options = {}) => {
    sequence += 1;
    const email = options.email ?? `user${sequence}.${Date.now()}@srpf.test`;
    const password = options.password ?? `Passw0rd-${sequence}`;
    const [role] = await database.db
      .select()
      .from(roles)
      .where(eq(roles.name, options.role ?? 'viewer'));
    if (!role) throw new Error(`Unknown role ${options.role}`);
    const designationId =
      options.designation_id ??
      (options.designation !== undefined ? (await designationNamed(options.designation)).id : null);
    const [user] = await database.db
      .insert(users)
      .values({
        first_name: options.first_name ?? 'Test',
        middle_name: options.middle_name ?? null,
        last_name: options.last_name ?? `User${sequence}`,
        email,
        phone_number: options.phone_number ?? null,
        dgp_id: options.dgp_id ?? null,
        badge_no: options.badge_no ?? null,
        designation_id: designationId,
        designation: options.designation_text ?? options.designation ?? null,
        password_hash: await hasher.hash(password),
        role_id: role.id,
        company_id: options.company_id === undefined ? 1 : options.company_id,
        is_active: options.is_active ?? true,
        must_change_password: options.must_change_password ?? false,
        granted_permissions: options.granted_permissions ?? [],
      })
      .returning({ id: users.id });
    if (options.overseen_company_ids?.length) {
      await database.db
        .insert(userOverseenCompanies)
        .values(options.overseen_company_ids.map((company_id) => ({ user_id: user!.id, company_id })));
    }
    return { id: user!.id, email, password };
  };

  const buildCompany: TestApp['buildCompany'] = async (options = {}) => {
    sequence += 1;
    const values = {
      name: options.name ?? `Company ${sequence}`,
      code: options.code ?? `C${sequence}-${Date.now()}`,
      active: options.active ?? true,
    };
    const [row] = await database.db.insert(companies).values(values).returning();
    return row!;
  };

  const buildDesignation: TestApp['buildDesignation'] = async (options = {}) => {
    sequence += 1;
    const name = options.name ?? `Designation ${sequence}`;
    const values = {
      name,
      code: options.code ?? `D${sequence}-${Date.now()}`,
      active: options.active ?? true,
      approval_role: options.approval_role ?? defaultApprovalRoleFor(name),
    };
    const [row] = await database.db.insert(designations).values(values).returning();
    return row!;
  };

  /** The designation record of this name (any case), built when there is none. */
  async function designationNamed(name: string) {
    const [existing] = await database.db
      .select()
      .from(designations)
      .where(sql`lower(${designations.name}) = ${name.toLowerCase()}`)
      .orderBy(designations.id)
      .limit(1);
    return existing ?? buildDesignation({ name });
  }

  const buildAppointment: TestApp['buildAppointment'] = async (options = {}) => {
    sequence += 1;
    const [row] = await database.db
      .insert(appointments)
      .values({
        company_id: 1,
        request_type: 'orderly room',
        appointment_date: today(),
        appointment_time: '12:00:00',
        first_name: 'Rahul',
        last_name: `Pawar${sequence}`,
        phone_number: '9876543210',
        status: 'scheduled',
        ...options,
      })
      .returning();
    return row!;
  };

  const withToken: TestApp['withToken'] = (token) => (options) =>
    app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });

  const signIn: TestApp['signIn'] = async (email, password) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.body}`);
    return response.json().token as string;
  };

  return {
    app,
    database,
    config,
    buildUser,
    buildCompany,
    buildDesignation,
    buildAppointment,
    signIn,
    withToken,
    async as(role) {
      let token = tokensByRole.get(role);
      if (!token) {
        const user = await buildUser({ role });
        token = await signIn(user.email, user.password);
        tokensByRole.set(role, token);
      }
      return withToken(token);
    },
    async asUser(options) {
      const user = await buildUser(options);
      return { id: user.id, request: withToken(await signIn(user.email, user.password)) };
    },
    async secondInstance() {
      const secondDatabase = database.kind === 'postgres' ? openPostgres(database.connectionString, 2) : database;
      const second = await buildApp(config, secondDatabase);
      return {
        app: second,
        async close() {
          await second.close();
          if (secondDatabase !== database) await secondDatabase.close();
        },
      };
    },
    async close() {
      clock.set(null);
      await app.close();
      await database.close();
    },
  };
}
