import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { FORM_FOLDER_PATHS, parentLevelOf, type FormFolderLevel, type Library } from '@srpf/shared';
import { forms, libraryDocuments, librarySubcategories, payslips, whatsappQueueState } from '../db/schema/index.js';
import { today } from '../lib/clock.js';
import { messagesCallback, metaStatus } from './whatsapp-webhook-fixtures.js';
import { signatureOf } from '../modules/whatsapp/whatsapp.webhook.signature.js';
import { pdfBytes } from './library-fixtures.js';
import { multipartBody } from './multipart.js';
import {
  parseRecord,
  uniqueDay,
  uniquePhone,
  uniqueWord,
  type MatrixActor,
  type MatrixWorld,
  type RecordBase,
} from './security-matrix-fixtures.js';

/**
 * The permission matrix's fixture map: for each route (and variant) of docs/security-matrix.json, a
 * valid request on a fresh record of the cell's kind, so that an allowed actor gets 200/201 and a
 * refused one the refusal the matrix expects.
 */
// ---------------------------------------------------------------------------------------------
// The fixture map: a valid request of each route (and variant) for a cell

export interface CellContext {
  world: MatrixWorld;
  /** Null when signed out. */
  actor: MatrixActor | null;
  record: string | null;
  library: Library;
}
export interface Prepared {
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Lists and lookups: is the cell's record in the answer? */
  found?: (response: LightMyRequestResponse) => boolean;
}
export interface Fixture {
  /** The request changes the person making it: performed by a fresh person like the actor. */
  freshActor?: boolean;
  prepare(context: CellContext): Promise<Prepared> | Prepared;
}

const baseOf = (context: CellContext): RecordBase => {
  const parsed = context.record === null ? undefined : parseRecord(context.record);
  if (!parsed) throw new Error(`The route needs a record; the cell names ${context.record}`);
  return parsed.base;
};
const get = (url: string): Fixture => ({ prepare: () => ({ url }) });
const hasId = (list: unknown, id: number) =>
  Array.isArray(list) && list.some((item: { id?: number }) => item.id === id);

/** Sign in a fresh person directly (the sessions routes' cells need a refresh token of their own). */
async function freshSession(world: MatrixWorld) {
  const person = await world.freshSubject('same_company', null);
  const response = await world.t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: person.email, password: person.password, token_delivery: 'body' },
  });
  return { person, refreshToken: response.json<{ refreshToken: string }>().refreshToken };
}

/** A new person as an administrator would send them. */
function newUser(world: MatrixWorld, extra: Record<string, unknown> = {}) {
  const word = uniqueWord('Nu');
  return {
    first_name: 'Matrix',
    last_name: word,
    email: `${word.toLowerCase()}@srpf.test`,
    password: 'Tapi-river-bank-9',
    role: 'viewer',
    company_id: world.companies.home,
    ...extra,
  };
}

function appointmentFixture(url: (id: number) => string, payload?: object, options: { leave?: boolean } = {}): Fixture {
  return {
    async prepare(context) {
      const appointment = await context.world.appointment(context.record!, context.actor, options);
      return { url: url(appointment.id), payload };
    },
  };
}

function fileAppointment(leave: boolean): Fixture {
  return {
    prepare(context) {
      const base = baseOf(context);
      const person = context.world.subject(base, context.actor);
      const payload = {
        company_id: context.world.companyFor(base, context.actor),
        user_id: person.id,
        phone_number: person.phone,
        additional_details: 'Filed by the permission matrix',
        ...(leave
          ? {
              leave_type: 'Earned leave',
              leave_start_date: today(),
              leave_end_date: today(),
              leave_reason: 'Family function',
            }
          : {}),
      };
      return { url: leave ? '/api/appointments/leave' : '/api/appointments', payload };
    },
  };
}

/** A form of the cell's record (public, or private with '@private'), at the address `url` gives. */
function formFixture(url: (id: number) => string, payload?: object): Fixture {
  return {
    prepare: async (context) => ({ url: url((await context.world.form(context.record!, context.actor)).id), payload }),
  };
}

/** A list of forms searched for the cell's form by a word of its own title. */
function formList(path: string): Fixture {
  return {
    async prepare(context) {
      const marker = uniqueWord('Fl');
      const form = await context.world.form(context.record!, context.actor, { title: marker });
      return {
        url: `${path}?search=${marker}&limit=100`,
        found: (response) => hasId(response.json<{ data?: unknown }>().data, form.id),
      };
    },
  };
}

/** The forms library's folder routes of one level, each on a fresh folder (its parents made for it). */
function formFolderFixtures(level: FormFolderLevel): Record<string, Fixture> {
  const path = `/api/forms/${FORM_FOLDER_PATHS[level]}`;
  const parentLevel = parentLevelOf(level);
  const parentOf = async (world: MatrixWorld) =>
    parentLevel === null
      ? {}
      : { [level === 'subcategory' ? 'categoryId' : 'subcategoryId']: (await world.formFolder(parentLevel)).id };
  return {
    [`GET ${path}`]: get(path),
    [`POST ${path}`]: {
      prepare: async ({ world }) => ({
        url: path,
        payload: { name: `Folder ${uniqueWord()}`, ...(await parentOf(world)) },
      }),
    },
    [`PUT ${path}/:id`]: {
      prepare: async ({ world }) => ({
        url: `${path}/${(await world.formFolder(level)).id}`,
        payload: { name: `Renamed ${uniqueWord()}` },
      }),
    },
    [`DELETE ${path}/:id`]: {
      prepare: async ({ world }) => ({ url: `${path}/${(await world.formFolder(level)).id}` }),
    },
    [`DELETE ${path}/:id | with_forms`]: {
      async prepare({ world }) {
        const folder = await world.formFolder(level);
        const form = await world.form('same_company', null);
        await world.t.database.db.update(forms).set({ folder_id: folder.id }).where(eq(forms.id, form.id));
        return { url: `${path}/${folder.id}` };
      },
    },
  };
}

/** A payslip of the cell's record, at the address `url` gives. */
function payslipFixture(
  url: (slip: { id: number; month: string }) => string,
  found?: (slip: { id: number }) => (response: LightMyRequestResponse) => boolean,
  options: { whatsapp?: boolean } = {},
): Fixture {
  return {
    async prepare(context) {
      const slip = await context.world.payslip(context.record!, context.actor, options);
      return { url: url(slip), ...(found ? { found: found(slip) } : {}) };
    },
  };
}

const closeReason = 'Closed for the permission matrix';

const FIXTURES: Record<string, Fixture> = {
  'GET /api/health/live': get('/api/health/live'),
  'GET /api/health/ready': get('/api/health/ready'),
  'GET /api/whatsapp/webhook': {
    prepare: ({ world }) => ({
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${world.t.config.whatsapp.verifyToken}&hub.challenge=${uniqueWord('Ch')}`,
    }),
  },
  'POST /api/whatsapp/webhook': {
    prepare: ({ world }) => {
      // Meta's callback: a status of a message, signed with the app secret (the signature replaces a session).
      const wamid = `wamid.${uniqueWord('Wa')}`;
      const payload = JSON.stringify(messagesCallback({ statuses: [metaStatus({ wamid, status: 'delivered' })] }));
      return {
        url: '/api/whatsapp/webhook',
        payload,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signatureOf(payload, world.t.config.whatsapp.appSecret),
        },
      };
    },
  },
  'GET /api/docs': get('/api/docs'),
  'GET /api/docs/json': get('/api/docs/json'),
  'GET /api/docs/yaml': get('/api/docs/yaml'),
  'GET /api/docs/static/index.html': get('/api/docs/static/index.html'),
  'GET /api/docs/static/swagger-initializer.js': get('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/*': get('/api/docs/static/swagger-ui.css'),
  'GET /api/admin/openapi.json': get('/api/admin/openapi.json'),

  'POST /api/auth/login': {
    async prepare({ world }) {
      const person = await world.freshSubject('same_company', null);
      return { url: '/api/auth/login', payload: { email: person.email, password: person.password } };
    },
  },
  'POST /api/auth/refresh': {
    prepare: async ({ world }) => ({
      url: '/api/auth/refresh',
      payload: { refreshToken: (await freshSession(world)).refreshToken },
    }),
  },
  'POST /api/auth/logout': {
    prepare: async ({ world }) => ({
      url: '/api/auth/logout',
      payload: { refreshToken: (await freshSession(world)).refreshToken },
    }),
  },
  'GET /api/auth/me': get('/api/auth/me'),

  'PUT /api/users/profile/me': {
    freshActor: true,
    prepare: () => ({
      url: '/api/users/profile/me',
      payload: { first_name: 'Asha', middle_name: 'Ramesh', last_name: uniqueWord('Pr'), phone: uniquePhone() },
    }),
  },
  'PUT /api/users/profile/password': {
    freshActor: true,
    prepare: ({ actor }) => {
      const current = actor?.password ?? 'Passw0rd-unknown';
      return {
        url: '/api/users/profile/password',
        payload: {
          current_password: current,
          new_password: 'Matrix-new-pass-7',
          confirm_password: 'Matrix-new-pass-7',
        },
      };
    },
  },
  'PUT /api/users/profile/settings': {
    freshActor: true,
    prepare: () => ({ url: '/api/users/profile/settings', payload: { session_timeout: '1h' } }),
  },

  'GET /api/users': {
    prepare(context) {
      const person = context.world.subject(baseOf(context), context.actor);
      return {
        url: `/api/users?search=${person.lastName}&limit=100`,
        found: (response) => hasId(response.json<{ data?: unknown }>().data, person.id),
      };
    },
  },
  'POST /api/users': { prepare: ({ world }) => ({ url: '/api/users', payload: newUser(world) }) },
  'POST /api/users | granted_permissions': {
    prepare: ({ world }) => ({
      url: '/api/users',
      payload: newUser(world, { granted_permissions: ['manage_categories'] }),
    }),
  },
  'POST /api/users | overseen_company_ids': {
    prepare: ({ world }) => ({
      url: '/api/users',
      payload: newUser(world, { overseen_company_ids: [world.companies.overseen] }),
    }),
  },
  'POST /api/users | role=superadmin': {
    prepare: ({ world }) => ({ url: '/api/users', payload: newUser(world, { role: 'superadmin' }) }),
  },
  'GET /api/users/roles': get('/api/users/roles'),
  'GET /api/users/:id': {
    prepare: (context) => ({ url: `/api/users/${context.world.subject(baseOf(context), context.actor).id}` }),
  },
  'PUT /api/users/:id': {
    prepare: async (context) => ({
      url: `/api/users/${(await context.world.freshSubject(baseOf(context), context.actor)).id}`,
      payload: { first_name: 'Edited' },
    }),
  },
  'PUT /api/users/:id | granted_permissions': {
    prepare: async (context) => ({
      url: `/api/users/${(await context.world.freshSubject(baseOf(context), context.actor)).id}`,
      payload: { granted_permissions: ['view_all_kpis'] },
    }),
  },
  'PUT /api/users/:id | overseen_company_ids': {
    prepare: async (context) => ({
      url: `/api/users/${(await context.world.freshSubject(baseOf(context), context.actor)).id}`,
      payload: { overseen_company_ids: [context.world.companies.overseen] },
    }),
  },
  'DELETE /api/users/:id': {
    prepare: async (context) => ({
      url: `/api/users/${(await context.world.freshSubject(baseOf(context), context.actor)).id}`,
    }),
  },
  'POST /api/users/import': {
    prepare({ world }) {
      const word = uniqueWord('Im');
      const letters = word.slice(-3).toUpperCase();
      const csv = [
        'DESIGNATION,SEVARTH ID,FIRST NAME,MIDDLE NAME,LAST NAME,EMAIL ID,MOBILE NO',
        `Matrix Constable,SRPF${letters}${uniquePhone().slice(-4)},Matrix,Ramesh,${word},${word.toLowerCase()}@srpf.test,${uniquePhone()}`,
      ].join('\n');
      const body = multipartBody([
        { name: 'company_id', value: String(world.companies.home) },
        { name: 'file', filename: 'users.csv', content: csv },
      ]);
      return { url: '/api/users/import', ...body };
    },
  },

  'GET /api/appointments/users/search': {
    prepare(context) {
      const person = context.world.subject(baseOf(context), context.actor);
      return {
        url: `/api/appointments/users/search?q=${person.lastName}`,
        found: (response) => hasId(response.json<{ data?: { users?: unknown } }>().data?.users, person.id),
      };
    },
  },
  'GET /api/appointments/users/find-by-phone': {
    prepare(context) {
      const person = context.world.subject(baseOf(context), context.actor);
      return {
        url: `/api/appointments/users/find-by-phone?phone_number=${person.phone}`,
        found: (response) => response.json<{ user?: { id?: number } | null }>().user?.id === person.id,
      };
    },
  },

  'GET /api/appointments': {
    async prepare(context) {
      const marker = uniqueWord('Mk');
      const appointment = await context.world.appointment(context.record!, context.actor, { marker });
      return {
        url: `/api/appointments?search=${marker}&limit=100`,
        found: (response) => hasId(response.json<{ data?: unknown }>().data, appointment.id),
      };
    },
  },
  'GET /api/appointments/my-role': get('/api/appointments/my-role'),
  'GET /api/appointments/leave/previous-counters': {
    async prepare(context) {
      const appointment = await context.world.appointment(context.record!, context.actor, { leave: true });
      const person = context.world.subject(baseOf(context), context.actor);
      return {
        url: `/api/appointments/leave/previous-counters?user_id=${person.id}`,
        found: (response) =>
          response.json<{ data?: { previous?: { appointment_id?: number } | null } }>().data?.previous
            ?.appointment_id === appointment.id,
      };
    },
  },
  'GET /api/appointments/waiting': get('/api/appointments/waiting'),
  'GET /api/appointments/:id': appointmentFixture((id) => `/api/appointments/${id}`),
  'POST /api/appointments': fileAppointment(false),
  'POST /api/appointments/leave': fileAppointment(true),
  'PUT /api/appointments/:id': appointmentFixture((id) => `/api/appointments/${id}`, {
    additional_details: 'Changed by the permission matrix',
  }),
  'PUT /api/appointments/:id | status=completed': appointmentFixture((id) => `/api/appointments/${id}`, {
    status: 'completed',
    status_reason: closeReason,
  }),
  'PUT /api/appointments/:id | status=completed without status_reason': appointmentFixture(
    (id) => `/api/appointments/${id}`,
    { status: 'completed' },
  ),
  'PUT /api/appointments/:id | status=pending': appointmentFixture((id) => `/api/appointments/${id}`, {
    status: 'pending',
    status_reason: closeReason,
  }),
  'PUT /api/appointments/:id | clerk_remarks': appointmentFixture((id) => `/api/appointments/${id}`, {
    clerk_remarks: '<p>Checked by the clerk</p>',
  }),
  'DELETE /api/appointments/:id': appointmentFixture((id) => `/api/appointments/${id}`),
  'PUT /api/appointments/leave/:id': appointmentFixture(
    (id) => `/api/appointments/leave/${id}`,
    { leave_reason: 'Changed by the permission matrix' },
    { leave: true },
  ),
  'POST /api/appointments/:id/reschedule': appointmentFixture((id) => `/api/appointments/${id}/reschedule`, {
    auto_reschedule: true,
  }),
  'POST /api/appointments/:id/approve': appointmentFixture((id) => `/api/appointments/${id}/approve`, {}),
  'POST /api/appointments/:id/reject': appointmentFixture((id) => `/api/appointments/${id}/reject`, {}),

  'GET /api/companies': get('/api/companies'),
  'POST /api/companies': {
    prepare: () => ({
      url: '/api/companies',
      payload: { name: `Matrix ${uniqueWord('Co')}`, code: uniqueWord('C').toUpperCase() },
    }),
  },
  'GET /api/companies/:id': {
    prepare: (context) => ({
      url: `/api/companies/${baseOf(context) === 'same_company' ? context.world.companies.home : context.world.companies.other}`,
    }),
  },
  'PUT /api/companies/:id': {
    async prepare(context) {
      const id =
        baseOf(context) === 'same_company' ? context.world.companies.home : (await context.world.t.buildCompany()).id;
      return { url: `/api/companies/${id}`, payload: { name: `Matrix ${uniqueWord('Co')}` } };
    },
  },
  'DELETE /api/companies/:id': {
    async prepare(context) {
      const id =
        baseOf(context) === 'same_company' ? context.world.companies.home : (await context.world.t.buildCompany()).id;
      return { url: `/api/companies/${id}` };
    },
  },

  'GET /api/designations': get('/api/designations'),
  'GET /api/designations/all': get('/api/designations/all'),
  'GET /api/designations/:id': {
    prepare: async ({ world }) => ({
      url: `/api/designations/${(await world.t.buildDesignation({ approval_role: 'none' })).id}`,
    }),
  },
  'POST /api/designations': {
    prepare: () => ({
      url: '/api/designations',
      payload: { name: `Matrix ${uniqueWord('De')}`, code: uniqueWord('D').toUpperCase() },
    }),
  },
  'PUT /api/designations/:id': {
    prepare: async ({ world }) => ({
      url: `/api/designations/${(await world.t.buildDesignation({ approval_role: 'none' })).id}`,
      payload: { name: `Matrix ${uniqueWord('De')}` },
    }),
  },

  'GET /api/kpis/daily': {
    async prepare(context) {
      const day = uniqueDay();
      const appointment = await context.world.appointment(context.record!, context.actor, { date: day });
      return {
        url: `/api/kpis/daily?from=${day}&to=${day}`,
        found: (response) =>
          hasId(response.json<{ data?: { appointments?: unknown } }>().data?.appointments, appointment.id),
      };
    },
  },
  'GET /api/kpis/daily/export': {
    async prepare(context) {
      const day = uniqueDay();
      const appointment = await context.world.appointment(context.record!, context.actor, { date: day });
      // The range holds this one appointment: its row carries the person's unique name.
      return {
        url: `/api/kpis/daily/export?from=${day}&to=${day}`,
        found: (response) => response.body.includes(appointment.lastName),
      };
    },
  },
  'GET /api/audit-logs': get('/api/audit-logs'),
  'GET /api/trash': get('/api/trash?library=orders'),
  'GET /api/trash/settings': get('/api/trash/settings'),
  'POST /api/trash/restore': {
    prepare: async ({ world }) => ({
      url: '/api/trash/restore',
      payload: { kind: 'document', id: (await world.document('orders', 'same_company', null, { trashed: true })).id },
    }),
  },
  'DELETE /api/trash/:kind/:id': {
    prepare: async ({ world }) => ({
      url: `/api/trash/document/${(await world.document('orders', 'same_company', null, { file: true, trashed: true })).id}`,
    }),
  },

  'POST /api/trash/restore | library=forms': {
    prepare: async ({ world }) => ({
      url: '/api/trash/restore',
      payload: { kind: 'category', id: (await world.formFolder('category', { trashed: true })).id, library: 'forms' },
    }),
  },
  'DELETE /api/trash/:kind/:id | library=forms': {
    prepare: async ({ world }) => ({
      url: `/api/trash/subcategory/${(await world.formFolder('subcategory', { trashed: true })).id}?library=forms`,
    }),
  },

  'GET /api/forms/categories/tree': get('/api/forms/categories/tree?language=mr'),
  ...formFolderFixtures('category'),
  ...formFolderFixtures('subcategory'),
  ...formFolderFixtures('sub_subcategory'),
  'GET /api/forms': formList('/api/forms'),
  'GET /api/forms/hierarchical': formList('/api/forms/hierarchical'),
  'POST /api/forms': {
    prepare: () => ({
      url: '/api/forms',
      ...multipartBody([
        { name: 'title', value: `Matrix ${uniqueWord('Fu')}` },
        { name: 'language', value: 'en' },
        { name: 'file', filename: 'form.pdf', contentType: 'application/pdf', content: pdfBytes(1024) },
      ]),
    }),
  },
  'GET /api/forms/:id': formFixture((id) => `/api/forms/${id}`),
  'PUT /api/forms/:id': formFixture((id) => `/api/forms/${id}`, { title: 'Renamed by the permission matrix' }),
  'DELETE /api/forms/:id': formFixture((id) => `/api/forms/${id}`),
  'GET /api/forms/:id/stats': formFixture((id) => `/api/forms/${id}/stats`),
  'GET /api/forms/:id/download': formFixture((id) => `/api/forms/${id}/download`),
  'GET /api/forms/:id/file': {
    async prepare({ world }) {
      // Signed for an administrator, whoever then opens it: the token is the credential.
      const form = await world.form('same_company', null);
      const signed = await world.actor('admin').request({ method: 'GET', url: `/api/forms/${form.id}/download` });
      return { url: signed.json<{ url: string }>().url };
    },
  },

  'PUT /api/users/profile/whatsapp': {
    freshActor: true,
    prepare: () => ({
      url: '/api/users/profile/whatsapp',
      payload: { whatsapp_enabled: true, whatsapp_language: 'mr' },
    }),
  },
  'POST /api/salary-slip/upload-html': {
    async prepare({ world }) {
      // A slip of a person of company 1 (inside the scope of every holder of manage_payslips here).
      const holder = await world.slipHolder();
      const html = `<html><body><h1>Salary Slip</h1><table><tr><th>Sevarth ID</th><td>${holder.sevarthId}</td></tr><tr><th>Salary Month</th><td>October 2026</td></tr><tr><th>Net Pay</th><td>45,000</td></tr></table></body></html>`;
      return {
        url: '/api/salary-slip/upload-html',
        ...multipartBody([
          { name: 'htmlFiles', filename: `${holder.sevarthId}.html`, contentType: 'text/html', content: html },
        ]),
      };
    },
  },
  'GET /api/salary-slip/salaryslips/all': payslipFixture(
    (slip) => `/api/salary-slip/salaryslips/all?month_year=${slip.month}&limit=100`,
    (slip) => (response) => hasId(response.json<{ data?: { payslips?: unknown } }>().data?.payslips, slip.id),
  ),
  'GET /api/payslips/stats': get('/api/payslips/stats'),
  'GET /api/payslips/eligible-users': payslipFixture(
    (slip) => `/api/payslips/eligible-users?month_year=${slip.month}`,
    (slip) => (response) =>
      (response.json<{ data?: { users?: { payslip_id?: number }[] } }>().data?.users ?? []).some(
        (user) => user.payslip_id === slip.id,
      ),
    { whatsapp: true },
  ),
  'GET /api/payslips/:id/download': payslipFixture((slip) => `/api/payslips/${slip.id}/download`),
  'POST /api/payslips/:id/send': payslipFixture((slip) => `/api/payslips/${slip.id}/send`),
  'POST /api/payslips/bulk-send': {
    async prepare(context) {
      const slip = await context.world.payslip(context.record!, context.actor);
      return { url: '/api/payslips/bulk-send', payload: { payslip_ids: [slip.id] } };
    },
  },
  'POST /api/payslips/:id/mark-sent': {
    async prepare(context) {
      const slip = await context.world.payslip(context.record!, context.actor);
      await context.world.t.database.db.update(payslips).set({ status: 'needs_check' }).where(eq(payslips.id, slip.id));
      return { url: `/api/payslips/${slip.id}/mark-sent` };
    },
  },
  'GET /api/whatsapp/queue': get('/api/whatsapp/queue'),
  'POST /api/whatsapp/queue/resume': {
    async prepare({ world }) {
      await world.t.database.db
        .update(whatsappQueueState)
        .set({ paused_at: new Date(), pause_code: 190, pause_reason: 'Paused for the permission matrix' });
      return { url: '/api/whatsapp/queue/resume' };
    },
  },

  'GET /api/{library}/categories': { prepare: ({ library }) => ({ url: `/api/${library}/categories` }) },
  'POST /api/{library}/categories': {
    prepare: ({ library }) => ({ url: `/api/${library}/categories`, payload: { name: `Folder ${uniqueWord()}` } }),
  },
  'GET /api/{library}/categories/:id': {
    prepare: async ({ world, library }) => ({
      url: `/api/${library}/categories/${(await world.category(library)).id}`,
    }),
  },
  'PUT /api/{library}/categories/:id': {
    prepare: async ({ world, library }) => ({
      url: `/api/${library}/categories/${(await world.category(library)).id}`,
      payload: { name: `Renamed ${uniqueWord()}` },
    }),
  },
  'DELETE /api/{library}/categories/:id': {
    prepare: async ({ world, library }) => ({
      url: `/api/${library}/categories/${(await world.category(library)).id}`,
    }),
  },
  'DELETE /api/{library}/categories/:id | with_documents': {
    async prepare({ world, library }) {
      const folder = await world.category(library);
      await world.document(library, 'same_company', null, { categoryId: folder.id });
      return { url: `/api/${library}/categories/${folder.id}` };
    },
  },
  'GET /api/{library}/categories/:id/subcategories': {
    prepare: async ({ world, library }) => ({
      url: `/api/${library}/categories/${(await world.category(library)).id}/subcategories`,
    }),
  },
  'POST /api/{library}/subcategories': {
    prepare: async ({ world, library }) => ({
      url: `/api/${library}/subcategories`,
      payload: { category_id: (await world.category(library)).id, name: `Subfolder ${uniqueWord()}` },
    }),
  },
  'GET /api/{library}/subcategories/:id': {
    prepare: async ({ world, library }) => ({
      url: `/api/${library}/subcategories/${(await world.subcategory(library)).id}`,
    }),
  },
  'PUT /api/{library}/subcategories/:id': {
    prepare: async ({ world, library }) => ({
      url: `/api/${library}/subcategories/${(await world.subcategory(library)).id}`,
      payload: { name: `Renamed ${uniqueWord()}` },
    }),
  },
  'DELETE /api/{library}/subcategories/:id': {
    prepare: async ({ world, library }) => ({
      url: `/api/${library}/subcategories/${(await world.subcategory(library)).id}`,
    }),
  },
  'DELETE /api/{library}/subcategories/:id | with_documents': {
    async prepare({ world, library, actor }) {
      const folder = await world.subcategory(library);
      const [row] = await world.t.database.db
        .select({ category_id: librarySubcategories.category_id })
        .from(librarySubcategories)
        .where(eq(librarySubcategories.id, folder.id));
      const document = await world.document(library, 'same_company', actor, { categoryId: row!.category_id });
      await world.t.database.db
        .update(libraryDocuments)
        .set({ subcategory_id: folder.id })
        .where(eq(libraryDocuments.id, document.id));
      return { url: `/api/${library}/subcategories/${folder.id}` };
    },
  },
  'GET /api/{library}': { prepare: ({ library }) => ({ url: `/api/${library}` }) },
  'POST /api/{library}': {
    prepare: ({ library }) => ({
      url: `/api/${library}`,
      payload: { title: `Matrix ${uniqueWord('Ti')}`, effective_date: '2026-11-20' },
    }),
  },
  'POST /api/{library}/upload': {
    prepare: ({ library }) => ({
      url: `/api/${library}/upload`,
      ...multipartBody([
        { name: 'title', value: `Matrix ${uniqueWord('Up')}` },
        { name: 'effective_date', value: '2026-11-20' },
        { name: 'pdf_file', filename: 'order.pdf', contentType: 'application/pdf', content: pdfBytes(1024) },
      ]),
    }),
  },
  'GET /api/{library}/:id': {
    prepare: async (c) => ({ url: `/api/${c.library}/${(await c.world.document(c.library, c.record!, c.actor)).id}` }),
  },
  'PUT /api/{library}/:id': {
    prepare: async (c) => ({
      url: `/api/${c.library}/${(await c.world.document(c.library, c.record!, c.actor)).id}`,
      payload: { title: `Renamed ${uniqueWord('Ti')}` },
    }),
  },
  'PUT /api/{library}/:id | approved': {
    prepare: async (c) => ({
      url: `/api/${c.library}/${(await c.world.document(c.library, c.record!, c.actor, { status: 'approved' })).id}`,
      payload: { title: `Renamed ${uniqueWord('Ti')}` },
    }),
  },
  'GET /api/{library}/:id/versions/:version/file': {
    prepare: async (c) => ({
      url: `/api/${c.library}/${(await c.world.document(c.library, c.record!, c.actor, { file: true })).id}/versions/1/file`,
    }),
  },
  'DELETE /api/{library}/:id': {
    prepare: async (c) => ({ url: `/api/${c.library}/${(await c.world.document(c.library, c.record!, c.actor)).id}` }),
  },
  'GET /api/{library}/:id/file': {
    prepare: async (c) => ({
      url: `/api/${c.library}/${(await c.world.document(c.library, c.record!, c.actor, { file: true })).id}/file`,
    }),
  },
  'POST /api/{library}/:id/approve': {
    prepare: async (c) => ({
      url: `/api/${c.library}/${(await c.world.document(c.library, c.record!, c.actor)).id}/approve`,
      payload: {},
    }),
  },
  'POST /api/{library}/:id/reject': {
    prepare: async (c) => ({
      url: `/api/${c.library}/${(await c.world.document(c.library, c.record!, c.actor)).id}/reject`,
      payload: {},
    }),
  },
  'POST /api/{library}/:id/acknowledge': {
    prepare: async (c) => ({
      url: `/api/${c.library}/${(await c.world.document(c.library, c.record!, c.actor, { mandatory: true })).id}/acknowledge`,
    }),
  },
};

const LIBRARY_PATH = /^(\w+) \/api\/(orders|circulars|government-decisions)(\/.*)?$/;

/** The fixture of a matrix key, and the library it is in (orders for routes outside the libraries). */
export function fixtureOf(key: string): { fixture: Fixture | undefined; library: Library } {
  if (FIXTURES[key]) return { fixture: FIXTURES[key], library: 'orders' };
  const match = LIBRARY_PATH.exec(key);
  if (!match) return { fixture: undefined, library: 'orders' };
  return { fixture: FIXTURES[`${match[1]} /api/{library}${match[3] ?? ''}`], library: match[2] as Library };
}
