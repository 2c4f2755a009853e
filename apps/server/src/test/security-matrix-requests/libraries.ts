import { eq } from 'drizzle-orm';
import { libraryDocuments, librarySubcategories } from '../../db/schema/index.js';
import { pdfBytes } from '../library-fixtures.js';
import { multipartBody } from '../multipart.js';
import { uniqueWord } from '../security-matrix-fixtures.js';

/**
 * The permission matrix's fixture map: for each route (and variant) of docs/security-matrix.json, a
 * valid request on a fresh record of the cell's kind, so that an allowed actor gets 200/201 and a
 * refused one the refusal the matrix expects.
 */
import { type Fixture } from './fixture.js';

/** The permission matrix's requests of libraries (see ./fixture.ts). */
export const LIBRARIES_FIXTURES: Record<string, Fixture> = {
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
