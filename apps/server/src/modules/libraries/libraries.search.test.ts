import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARIES, type Library } from '@srpf/shared';
import { COUNT_AHEAD } from '../../db/count-ahead.js';
import { libraryDocuments } from '../../db/schema/libraries.js';
import { createLibraryTestApp, type LibraryTestApp, type Request } from '../../test/library-fixtures.js';

let t: LibraryTestApp;
let asViewer: Request;

beforeAll(async () => {
  t = await createLibraryTestApp();
  asViewer = await t.as('viewer');
});
afterAll(() => t.close());

describe.each(LIBRARIES)('full-text search in %s', (library: Library) => {
  const titlesFound = async (categoryId: number, words: string) => {
    const response = await asViewer({
      method: 'GET',
      url: `/api/${library}?category_id=${categoryId}&search=${encodeURIComponent(words)}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.map((document: { title: string }) => document.title);
  };

  it('ranks documents holding the words as whole words before newer ones holding them inside other words', async () => {
    const category = await t.buildCategory(library);
    await t.buildDocument(library, {
      title: 'Duty order for Daund',
      category_id: category.id,
      created_at: new Date(Date.UTC(2026, 9, 1)),
    });
    await t.buildDocument(library, {
      title: 'Orderly room schedule',
      category_id: category.id,
      created_at: new Date(Date.UTC(2026, 10, 1)),
    });
    await t.buildDocument(library, {
      title: 'Bandobast order',
      content: 'Order of the commandant',
      category_id: category.id,
      created_at: new Date(Date.UTC(2026, 8, 1)),
    });
    await t.buildDocument(library, {
      title: 'Leave roster',
      category_id: category.id,
      created_at: new Date(Date.UTC(2026, 10, 5)),
    });

    // Without a search the newest come first; with one, whole-word matches lead (the most mentions first).
    expect(await titlesFound(category.id, 'ORDER')).toEqual([
      'Bandobast order',
      'Duty order for Daund',
      'Orderly room schedule',
    ]);
  });

  it('ranks whole Devanagari words first and still finds parts of words', async () => {
    const category = await t.buildCategory(library);
    await t.buildDocument(library, {
      title: 'बंदोबस्ताचे नियोजन',
      category_id: category.id,
      created_at: new Date(Date.UTC(2026, 10, 2)),
    });
    await t.buildDocument(library, {
      title: 'गणेशोत्सव बंदोबस्त आदेश',
      category_id: category.id,
      created_at: new Date(Date.UTC(2026, 9, 2)),
    });

    expect(await titlesFound(category.id, 'बंदोबस्त')).toEqual(['गणेशोत्सव बंदोबस्त आदेश', 'बंदोबस्ताचे नियोजन']);
    expect(await titlesFound(category.id, 'नियोज')).toEqual(['बंदोबस्ताचे नियोजन']);
  });

  it('forgives punctuation typed with a whole word', async () => {
    const category = await t.buildCategory(library);
    await t.buildDocument(library, { title: 'Inspection at Nagpur camp', category_id: category.id });
    await t.buildDocument(library, { title: 'Inspection at Pune camp', category_id: category.id });

    expect(await titlesFound(category.id, 'nagpur, inspection.')).toEqual(['Inspection at Nagpur camp']);
    expect(await titlesFound(category.id, 'camp;')).toHaveLength(2);
    expect(await titlesFound(category.id, 'kolhapur,')).toEqual([]);
  });
});

describe('the total of a long list', () => {
  it('says "more than" once counting passes the limit ahead of the page', async () => {
    const category = await t.buildCategory('orders');
    await t.database.db.insert(libraryDocuments).values(
      Array.from({ length: COUNT_AHEAD + 5 }, (_, index) => ({
        library: 'orders',
        title: `Duty roster ${index}`,
        effective_date: '2026-11-20',
        category_id: category.id,
        search_text: `duty roster ${index}`,
      })),
    );
    const first = (await asViewer({ method: 'GET', url: `/api/orders?category_id=${category.id}&limit=20` })).json()
      .pagination;
    expect(first).toEqual({
      page: 1,
      limit: 20,
      total: COUNT_AHEAD,
      totalPages: COUNT_AHEAD / 20 + 1,
      hasNext: true,
      hasPrev: false,
      totalCapped: true,
    });
    const last = (
      await asViewer({
        method: 'GET',
        url: `/api/orders?category_id=${category.id}&limit=20&page=${COUNT_AHEAD / 20 + 1}`,
      })
    ).json();
    expect(last.data).toHaveLength(5);
    expect(last.pagination).toMatchObject({ total: COUNT_AHEAD + 5, hasNext: false });
    expect(last.pagination).not.toHaveProperty('totalCapped');
  });
});
