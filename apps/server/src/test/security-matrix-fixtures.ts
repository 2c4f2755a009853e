import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { folderDepth, folderSlugFromName, slugFor, type FormFolderLevel, type Library } from '@srpf/shared';
import {
  appointmentEvents,
  formFolders,
  forms,
  libraryCategories,
  libraryDocumentEvents,
  libraryDocuments,
  libraryDocumentVersions,
  librarySubcategories,
  payslips,
  roles,
  users,
} from '../db/schema/index.js';
import { today } from '../lib/clock.js';
import { createLocalStorage } from '../lib/storage-local.js';
import { pdfBytes } from './library-fixtures.js';
import { createTestApp, testConfig, type TestApp } from './test-app.js';

/**
 * The world the security matrix (docs/security-matrix.json) is performed in: three companies, one
 * signed-in person per actor of the matrix, and builders of a fresh record of each kind the matrix
 * names. A demotion and a deactivation are written into the database after the person signed in, as
 * an administrator's change would leave them while the person's token is still in their hands.
 */

export type Request = (options: InjectOptions) => Promise<LightMyRequestResponse>;

export interface ActorDefinition {
  role: string;
  /** Company 1 unless null (no company). */
  company?: null;
  /** The approval role of the person's designation; members have a designation whose approval role is none. */
  approvalRole?: 'clerk' | 'officer' | 'commandant';
  /** Oversees company 3. */
  oversees?: boolean;
  grants?: string[];
  /** Changed in the database after signing in: the token stays, what it opens changes. */
  after?: { role?: string; deactivated?: true };
}

/** The actors of the matrix, as its "actors" section describes them (signed_out has no person). */
export const ACTOR_DEFINITIONS: Record<string, ActorDefinition | null> = {
  signed_out: null,
  deactivated: { role: 'admin', after: { deactivated: true } },
  superadmin: { role: 'superadmin' },
  admin: { role: 'admin' },
  executive: { role: 'executive' },
  company_lead: { role: 'company_lead' },
  officer: { role: 'officer' },
  manager: { role: 'manager' },
  viewer: { role: 'viewer' },
  viewer_demoted_from_admin: { role: 'admin', after: { role: 'viewer' } },
  clerk: { role: 'viewer', approvalRole: 'clerk' },
  chain_officer: { role: 'viewer', approvalRole: 'officer' },
  commandant: { role: 'viewer', approvalRole: 'commandant' },
  overseer: { role: 'viewer', oversees: true },
  no_company: { role: 'viewer', company: null },
  'viewer+manage_categories': { role: 'viewer', grants: ['manage_categories'] },
  'viewer+delete_documents': { role: 'viewer', grants: ['delete_documents'] },
  'viewer+delete_circulars': { role: 'viewer', grants: ['delete_circulars'] },
  'viewer+approve_orders': { role: 'viewer', grants: ['approve_orders'] },
  'viewer+reject_orders': { role: 'viewer', grants: ['reject_orders'] },
  'viewer+view_all_kpis': { role: 'viewer', grants: ['view_all_kpis'] },
  'viewer+all_grants': {
    role: 'viewer',
    grants: [
      'manage_payslips',
      'send_whatsapp',
      'manage_categories',
      'manage_forms',
      'view_all_kpis',
      'view_document_stats',
      'approve_orders',
      'reject_orders',
      'create_circulars',
      'delete_circulars',
      'delete_documents',
      'view_all_orders',
      'manage_reminders',
    ],
  },
};

/** A person of the world: an actor, or someone a record is about. */
export interface Person {
  id: number;
  companyId: number | null;
  email: string;
  password: string;
  /** A word nobody else's name contains: searching for it finds this person only. */
  lastName: string;
  phone: string;
}

export interface MatrixActor extends Person {
  name: string;
  request: Request;
}

export const RECORD_BASES = [
  'own',
  'same_company',
  'other_company',
  'overseen_company',
  'own_in_other_company',
  'own_in_overseen_company',
  'same_company_superadmin',
  'any',
] as const;
export type RecordBase = (typeof RECORD_BASES)[number];

/** Statuses reached only through an approval step: such a record gets the step in its timeline. */
const STEP_STATUSES: Record<string, { event: 'approved' | 'rejected'; role: 'clerk' | 'officer' | 'commandant' }> = {
  pending_officer: { event: 'approved', role: 'clerk' },
  pending_final: { event: 'approved', role: 'officer' },
  approved: { event: 'approved', role: 'commandant' },
  rejected: { event: 'rejected', role: 'clerk' },
};

/** 'same_company@pending_officer' → its base and status; undefined when the base is unknown. */
export function parseRecord(record: string): { base: RecordBase; status: string | null } | undefined {
  const [base, status, ...rest] = record.split('@');
  if (rest.length > 0 || !(RECORD_BASES as readonly string[]).includes(base!)) return undefined;
  return { base: base as RecordBase, status: status ?? null };
}

let counter = 0;
/** A word of letters only, all of one length, so that none contains another. */
export function uniqueWord(prefix = 'Zq'): string {
  counter += 1;
  let n = counter;
  let letters = '';
  for (let i = 0; i < 5; i += 1) {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  }
  return `${prefix}${letters}`;
}
let dayCounter = 0;
/** A day of its own, far from the others' records: a range of that day holds only what is built on it. */
export function uniqueDay(): string {
  dayCounter += 1;
  return new Date(Date.UTC(2031, 0, 1) + dayCounter * 86_400_000).toISOString().slice(0, 10);
}
let monthCounter = 0;
/** A salary month of its own (YYYY-MM), far from the others: a list of that month holds only what is built on it. */
export function uniqueMonth(): string {
  monthCounter += 1;
  return `${2100 + Math.floor(monthCounter / 12)}-${String((monthCounter % 12) + 1).padStart(2, '0')}`;
}
let sevarthCounter = 0;
/** A Sevarth ID (DGP ID) nobody else has: 7 capital letters, 4 digits. */
export function uniqueSevarthId(): string {
  sevarthCounter += 1;
  return `MATRIXS${String(sevarthCounter).padStart(4, '0')}`;
}
let phoneCounter = 0;
export function uniquePhone(): string {
  phoneCounter += 1;
  return `9${String(710_000_000 + phoneCounter)}`;
}

export interface MatrixWorld {
  t: TestApp;
  companies: { home: number; other: number; overseen: number };
  actor(name: string): MatrixActor;
  /** A new person like the named actor, signed in: for requests that change the actor themselves. */
  freshActor(name: string): Promise<MatrixActor>;
  /** The person a record of this kind is about: the actor for own records, else one kept for reading. */
  subject(base: RecordBase, actor: MatrixActor | null): Person;
  /** A new person for a record of this kind (a user to change or delete); the actor for own. */
  freshSubject(base: RecordBase, actor: MatrixActor | null): Promise<Person>;
  /** The company of a record of this kind. */
  companyFor(base: RecordBase, actor: MatrixActor | null): number;
  appointment(
    record: string,
    actor: MatrixActor | null,
    options?: { leave?: boolean; marker?: string; date?: string },
  ): Promise<{ id: number; lastName: string }>;
  /** A document; `status` approved makes a frozen order, `trashed` puts it in the trash, `folder` files it in a new category. */
  document(
    library: Library,
    record: string,
    actor: MatrixActor | null,
    options?: { file?: boolean; mandatory?: boolean; status?: string; trashed?: boolean; categoryId?: number },
  ): Promise<{ id: number }>;
  category(library: Library): Promise<{ id: number }>;
  subcategory(library: Library): Promise<{ id: number }>;
  /** A folder of the forms library at this level, in new folders above it; `trashed` puts it in the trash on its own. */
  formFolder(level: FormFolderLevel, options?: { trashed?: boolean }): Promise<{ id: number }>;
  /** A form with its PDF, uploaded by the record's person; '<base>@private' makes it private. Its title holds `title`'s word when given. */
  form(record: string, actor: MatrixActor | null, options?: { title?: string }): Promise<{ id: number }>;
  /** A salary slip of the record's person, of a month of its own, with its PDF ready; `whatsapp` enables the person's WhatsApp. */
  payslip(
    record: string,
    actor: MatrixActor | null,
    options?: { whatsapp?: boolean },
  ): Promise<{ id: number; month: string; sevarthId: string }>;
  /** A person of company 1 with a Sevarth ID (DGP ID) of their own, for an upload to match. */
  slipHolder(): Promise<{ id: number; sevarthId: string }>;
  close(): Promise<void>;
}

export async function createMatrixWorld(): Promise<MatrixWorld> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-matrix-'));
  // Thousands of requests from one address: the API's rate limit would answer 429 long before the end.
  // The job runner is started (without working jobs): a payslip upload enqueues its render jobs.
  // Meta's webhook answers only with its app secret and verify token set (the webhook's cells sign with them).
  const whatsapp = { ...testConfig().whatsapp, appSecret: 'matrix-app-secret', verifyToken: 'matrix-verify-token' };
  const t = await createTestApp({ dataDir, apiRateLimit: 1_000_000, whatsapp }, { enqueueJobs: true });
  const db = t.database.db;
  const storage = createLocalStorage(path.join(dataDir, 'files'));

  const companies = {
    home: 1,
    other: (await t.buildCompany({ name: 'Matrix Group 2' })).id,
    overseen: (await t.buildCompany({ name: 'Matrix Group 3' })).id,
  };
  const designationIds = {
    none: (await t.buildDesignation({ name: 'Matrix Constable', approval_role: 'none' })).id,
    clerk: (await t.buildDesignation({ name: 'Matrix Records Desk', approval_role: 'clerk' })).id,
    officer: (await t.buildDesignation({ name: 'Matrix Desk Two', approval_role: 'officer' })).id,
    commandant: (await t.buildDesignation({ name: 'Matrix Group Head', approval_role: 'commandant' })).id,
  };

  async function buildPerson(options: {
    role?: string;
    companyId: number | null;
    designationId?: number;
    grants?: string[];
    oversees?: boolean;
  }): Promise<Person> {
    const lastName = uniqueWord();
    const phone = uniquePhone();
    const user = await t.buildUser({
      role: options.role ?? 'viewer',
      first_name: 'Matrix',
      last_name: lastName,
      phone_number: phone,
      company_id: options.companyId,
      ...(options.designationId !== undefined ? { designation_id: options.designationId } : {}),
      ...(options.grants ? { granted_permissions: options.grants } : {}),
      ...(options.oversees ? { overseen_company_ids: [companies.overseen] } : {}),
    });
    return { id: user.id, companyId: options.companyId, email: user.email, password: user.password, lastName, phone };
  }

  async function buildActor(name: string): Promise<MatrixActor> {
    const definition = ACTOR_DEFINITIONS[name];
    if (!definition) throw new Error(`No person for actor ${name}`);
    const person = await buildPerson({
      role: definition.role,
      companyId: definition.company === null ? null : companies.home,
      designationId: designationIds[definition.approvalRole ?? 'none'],
      grants: definition.grants,
      oversees: definition.oversees,
    });
    const request = t.withToken(await t.signIn(person.email, person.password));
    if (definition.after?.role) {
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, definition.after.role));
      await db.update(users).set({ role_id: role!.id }).where(eq(users.id, person.id));
    }
    if (definition.after?.deactivated) await db.update(users).set({ is_active: false }).where(eq(users.id, person.id));
    return { ...person, name, request };
  }

  const actors = new Map<string, MatrixActor>();
  for (const name of Object.keys(ACTOR_DEFINITIONS))
    if (ACTOR_DEFINITIONS[name]) actors.set(name, await buildActor(name));

  const shared = {
    same_company: await buildPerson({ companyId: companies.home }),
    other_company: await buildPerson({ companyId: companies.other }),
    overseen_company: await buildPerson({ companyId: companies.overseen }),
    same_company_superadmin: await buildPerson({ role: 'superadmin', companyId: companies.home }),
  };

  const isOwn = (base: RecordBase) =>
    base === 'own' || base === 'own_in_other_company' || base === 'own_in_overseen_company';
  function needActor(actor: MatrixActor | null, base: RecordBase): MatrixActor {
    if (!actor) throw new Error(`A record of kind ${base} needs an actor`);
    return actor;
  }

  const subject: MatrixWorld['subject'] = (base, actor) => {
    if (isOwn(base)) return needActor(actor, base);
    if (base === 'any') throw new Error('A record of kind any is about nobody');
    return shared[base];
  };

  const companyFor: MatrixWorld['companyFor'] = (base, actor) => {
    switch (base) {
      case 'own':
        return needActor(actor, base).companyId ?? companies.home;
      case 'own_in_other_company':
      case 'other_company':
        return companies.other;
      case 'own_in_overseen_company':
      case 'overseen_company':
        return companies.overseen;
      case 'same_company':
      case 'same_company_superadmin':
        return companies.home;
      case 'any':
        throw new Error('A record of kind any has no company');
    }
  };

  const category: MatrixWorld['category'] = async (library) => {
    const name = `Folder ${uniqueWord()}`;
    const [row] = await db
      .insert(libraryCategories)
      .values({ library, name, slug: slugFor(name), icon: '📄', color: '#3B82F6' })
      .returning();
    return { id: row!.id };
  };

  return {
    t,
    companies,
    actor(name) {
      const actor = actors.get(name);
      if (!actor) throw new Error(`Unknown actor ${name}`);
      return actor;
    },
    freshActor: buildActor,
    subject,
    companyFor,
    async freshSubject(base, actor) {
      if (isOwn(base)) return needActor(actor, base);
      return buildPerson({
        role: base === 'same_company_superadmin' ? 'superadmin' : 'viewer',
        companyId: companyFor(base, actor),
      });
    },

    async appointment(record, actor, options = {}) {
      const parsed = parseRecord(record);
      if (!parsed) throw new Error(`Unknown record ${record}`);
      const person = subject(parsed.base, actor);
      const status = parsed.status ?? 'scheduled';
      const row = await t.buildAppointment({
        company_id: companyFor(parsed.base, actor),
        user_id: person.id,
        created_by: person.id,
        first_name: 'Matrix',
        last_name: person.lastName,
        phone_number: person.phone,
        status,
        appointment_date: options.date ?? today(),
        original_request_date: options.date ?? today(),
        notes: options.marker ?? null,
        ...(options.leave
          ? {
              request_type: 'leave related',
              is_leave_appointment: true,
              leave_type: 'Earned leave',
              leave_start_date: today(),
              leave_end_date: today(),
              leave_reason: 'Family function',
            }
          : {}),
      });
      await db
        .insert(appointmentEvents)
        .values({ appointment_id: row.id, event: 'created', to_status: 'scheduled', actor_id: person.id });
      const step = STEP_STATUSES[status];
      if (step)
        await db.insert(appointmentEvents).values({
          appointment_id: row.id,
          event: step.event,
          from_status: 'scheduled',
          to_status: status,
          role: step.role,
        });
      return { id: row.id, lastName: person.lastName };
    },

    async document(library, record, actor, options = {}) {
      const parsed = parseRecord(record);
      if (!parsed) throw new Error(`Unknown record ${record}`);
      const creator = subject(parsed.base, actor);
      const title = `Matrix ${uniqueWord('Doc')}`;
      let file = {};
      if (options.file) {
        const stored = await storage.put(Readable.from([pdfBytes(1024)]));
        await storage.commit(stored.key);
        file = {
          file_key: stored.key,
          file_name: `${slugFor(title)}.pdf`,
          file_size: stored.size,
          file_sha256: stored.sha256,
        };
      }
      const [row] = await db
        .insert(libraryDocuments)
        .values({
          library,
          title,
          effective_date: '2026-11-01',
          slug: slugFor(title),
          company_id: companyFor(parsed.base, actor),
          created_by: creator.id,
          is_mandatory: options.mandatory ?? false,
          tags: [],
          search_text: title.toLowerCase(),
          ...(options.status ? { status: options.status } : {}),
          ...(options.trashed ? { deleted_at: new Date(), deleted_by: creator.id } : {}),
          ...(options.categoryId ? { category_id: options.categoryId } : {}),
          ...file,
        })
        .returning();
      await db
        .insert(libraryDocumentVersions)
        .values({ document_id: row!.id, version: 1, created_by: creator.id, ...file });
      await db
        .insert(libraryDocumentEvents)
        .values({ document_id: row!.id, event: 'created', actor_id: creator.id, created_at: row!.created_at });
      return { id: row!.id };
    },

    category,

    async subcategory(library) {
      const folder = await category(library);
      const name = `Subfolder ${uniqueWord()}`;
      const [row] = await db
        .insert(librarySubcategories)
        .values({ category_id: folder.id, name, slug: slugFor(name), icon: '📋', color: '#6B7280' })
        .returning();
      return { id: row!.id };
    },

    async formFolder(level, options = {}) {
      let parentId: number | null = null;
      for (let depth = 1; depth <= folderDepth(level); depth += 1) {
        const name = `Folder ${uniqueWord()}`;
        const trashed = depth === folderDepth(level) && options.trashed ? { deleted_at: new Date() } : {};
        const [row]: { id: number }[] = await db
          .insert(formFolders)
          .values({ level: depth, parent_id: parentId, name, slug: folderSlugFromName(name), icon: '📁', ...trashed })
          .returning({ id: formFolders.id });
        parentId = row!.id;
      }
      return { id: parentId! };
    },

    async form(record, actor, options = {}) {
      const parsed = parseRecord(record);
      if (!parsed) throw new Error(`Unknown record ${record}`);
      const uploader = subject(parsed.base, actor);
      const title = `Matrix ${options.title ?? uniqueWord('Fo')}`;
      const stored = await storage.put(Readable.from([pdfBytes(1024)]));
      await storage.commit(stored.key);
      const [row] = await db
        .insert(forms)
        .values({
          title,
          language: 'en',
          is_public: parsed.status !== 'private',
          search_text: title.toLowerCase(),
          file_key: stored.key,
          file_name: 'matrix-form.pdf',
          file_size: stored.size,
          file_sha256: stored.sha256,
          uploaded_by: uploader.id,
        })
        .returning({ id: forms.id });
      return { id: row!.id };
    },

    async payslip(record, actor, options = {}) {
      const parsed = parseRecord(record);
      if (!parsed) throw new Error(`Unknown record ${record}`);
      const person = subject(parsed.base, actor);
      if (options.whatsapp)
        await db
          .update(users)
          // An administrator-set number: verified (issue 31), so the slip is sent.
          .set({ whatsapp_enabled: true, phone_verified_at: new Date(), phone_verified_source: 'admin' })
          .where(eq(users.id, person.id));
      const month = uniqueMonth();
      const html = await storage.put(Readable.from([Buffer.from('<html><body>Salary slip</body></html>')]));
      await storage.commit(html.key);
      const pdf = await storage.put(Readable.from([pdfBytes(1024)]));
      await storage.commit(pdf.key);
      const sevarthId = uniqueSevarthId();
      const [row] = await db
        .insert(payslips)
        .values({
          user_id: person.id,
          salary_month: month,
          file_name: `${sevarthId}_${month}.html`,
          html_key: html.key,
          html_size: html.size,
          pdf_key: pdf.key,
          pdf_size: pdf.size,
          pdf_state: 'ready',
          sevarth_id: sevarthId,
          employee_name: `Matrix ${person.lastName}`,
        })
        .returning({ id: payslips.id });
      return { id: row!.id, month, sevarthId };
    },

    async slipHolder() {
      const sevarthId = uniqueSevarthId();
      const user = await t.buildUser({
        first_name: 'Matrix',
        last_name: uniqueWord('Sl'),
        dgp_id: sevarthId,
        company_id: companies.home,
      });
      return { id: user.id, sevarthId };
    },

    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
