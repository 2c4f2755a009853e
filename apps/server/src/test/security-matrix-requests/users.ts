import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { multipartBody } from '../multipart.js';
import { uniquePhone, uniqueWord } from '../security-matrix-fixtures.js';

/**
 * The permission matrix's fixture map: for each route (and variant) of docs/security-matrix.json, a
 * valid request on a fresh record of the cell's kind, so that an allowed actor gets 200/201 and a
 * refused one the refusal the matrix expects.
 */
import { type Fixture, baseOf, get, hasId, newUser } from './fixture.js';

/** The permission matrix's requests of users (see ./fixture.ts). */
export const USERS_FIXTURES: Record<string, Fixture> = {
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

  'PUT /api/users/profile/whatsapp': {
    freshActor: true,
    async prepare({ world, actor }) {
      // Switching WhatsApp on needs a verified number (issue 31): the fresh person's counts as an administrator's.
      if (actor)
        await world.t.database.db
          .update(users)
          .set({ phone_verified_at: new Date(), phone_verified_source: 'admin' })
          .where(eq(users.id, actor.id));
      return { url: '/api/users/profile/whatsapp', payload: { whatsapp_enabled: true, whatsapp_language: 'mr' } };
    },
  },
};
