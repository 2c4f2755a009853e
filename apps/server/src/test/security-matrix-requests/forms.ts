import { pdfBytes } from '../library-fixtures.js';
import { multipartBody } from '../multipart.js';
import { uniqueWord } from '../security-matrix-fixtures.js';

/**
 * The permission matrix's fixture map: for each route (and variant) of docs/security-matrix.json, a
 * valid request on a fresh record of the cell's kind, so that an allowed actor gets 200/201 and a
 * refused one the refusal the matrix expects.
 */
import { type Fixture, formFixture, formFolderFixtures, formList, get } from './fixture.js';

/** The permission matrix's requests of forms (see ./fixture.ts). */
export const FORMS_FIXTURES: Record<string, Fixture> = {
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
};
