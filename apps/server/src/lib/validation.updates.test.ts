import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibraryTestApp, type LibraryTestApp } from '../test/library-fixtures.js';

let t: LibraryTestApp;
beforeAll(async () => {
  t = await createLibraryTestApp();
});
afterAll(() => t.close());

describe('an update that names no field it knows', () => {
  it('is a 400 on the body on every update route, and changes nothing', async () => {
    const request = await t.as('superadmin');
    const user = await t.buildUser();
    const company = await t.buildCompany();
    const designation = await t.buildDesignation();
    const category = await t.buildCategory('orders');
    const subcategory = await t.buildSubcategory(category.id);
    const urls = [
      `/api/users/${user.id}`,
      `/api/companies/${company.id}`,
      `/api/designations/${designation.id}`,
      `/api/orders/categories/${category.id}`,
      `/api/orders/subcategories/${subcategory.id}`,
    ];
    for (const url of urls) {
      for (const payload of [{}, { no_such_field: 'x' }]) {
        const response = await request({ method: 'PUT', url, payload });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.json().error).toEqual({
          code: 'VALIDATION_FAILED',
          message: 'Send at least one field to change',
          reason: 'validation.no_change',
          params: {},
          field: 'body',
          details: [
            { field: 'body', message: 'Send at least one field to change', reason: 'validation.no_change', params: {} },
          ],
        });
      }
    }
    expect((await request({ method: 'GET', url: `/api/companies/${company.id}` })).json().data.company.name).toBe(
      company.name,
    );
  });
});
