import { uniqueDay, uniqueWord } from '../security-matrix-fixtures.js';

/**
 * The permission matrix's fixture map: for each route (and variant) of docs/security-matrix.json, a
 * valid request on a fresh record of the cell's kind, so that an allowed actor gets 200/201 and a
 * refused one the refusal the matrix expects.
 */
import { type Fixture, baseOf, get, hasId } from './fixture.js';

/** The permission matrix's requests of organisation (see ./fixture.ts). */
export const ORGANISATION_FIXTURES: Record<string, Fixture> = {
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
};
