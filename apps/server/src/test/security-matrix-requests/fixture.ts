import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { FORM_FOLDER_PATHS, parentLevelOf, type FormFolderLevel, type Library } from '@srpf/shared';
import { forms } from '../../db/schema/index.js';
import { today } from '../../lib/clock.js';
import {
  parseRecord,
  uniqueWord,
  type MatrixActor,
  type MatrixWorld,
  type RecordBase,
} from '../security-matrix-fixtures.js';

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

export const baseOf = (context: CellContext): RecordBase => {
  const parsed = context.record === null ? undefined : parseRecord(context.record);
  if (!parsed) throw new Error(`The route needs a record; the cell names ${context.record}`);
  return parsed.base;
};
export const get = (url: string): Fixture => ({ prepare: () => ({ url }) });
export const hasId = (list: unknown, id: number) =>
  Array.isArray(list) && list.some((item: { id?: number }) => item.id === id);

/** Sign in a fresh person directly (the sessions routes' cells need a refresh token of their own). */
export async function freshSession(world: MatrixWorld) {
  const person = await world.freshSubject('same_company', null);
  const response = await world.t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: person.email, password: person.password, token_delivery: 'body' },
  });
  return { person, refreshToken: response.json<{ refreshToken: string }>().refreshToken };
}

/** A new person as an administrator would send them. */
export function newUser(world: MatrixWorld, extra: Record<string, unknown> = {}) {
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

export function appointmentFixture(
  url: (id: number) => string,
  payload?: object,
  options: { leave?: boolean } = {},
): Fixture {
  return {
    async prepare(context) {
      const appointment = await context.world.appointment(context.record!, context.actor, options);
      return { url: url(appointment.id), payload };
    },
  };
}

export function fileAppointment(leave: boolean): Fixture {
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
export function formFixture(url: (id: number) => string, payload?: object): Fixture {
  return {
    prepare: async (context) => ({ url: url((await context.world.form(context.record!, context.actor)).id), payload }),
  };
}

/** A list of forms searched for the cell's form by a word of its own title. */
export function formList(path: string): Fixture {
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
export function formFolderFixtures(level: FormFolderLevel): Record<string, Fixture> {
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
export function payslipFixture(
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

export const closeReason = 'Closed for the permission matrix';
