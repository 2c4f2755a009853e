import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARIES, type Library } from '@srpf/shared';
import { createLibraryTestApp, type LibraryTestApp, type Request } from '../../test/library-fixtures.js';

let t: LibraryTestApp;
let asConstable: Request;

beforeAll(async () => {
  t = await createLibraryTestApp();
  // The least-privileged role: the list is for every signed-in user.
  asConstable = await t.as('viewer');
});
afterAll(() => t.close());

const idsOf = (body: { data: { id: number }[] }) => body.data.map((document) => document.id);

describe.each(LIBRARIES)('the %s list: documents in no folder and the effective-date order', (library: Library) => {
  const base = `/api/${library}`;

  it('lists the documents filed in no folder apart from those in one (unfiled=true|false)', async () => {
    const category = await t.buildCategory(library, { name: 'Filed' });
    const filed = await t.buildDocument(library, { title: 'Filed order', category_id: category.id });
    const loose = await t.buildDocument(library, { title: 'Order in no folder' });

    const unfiled = await asConstable({ method: 'GET', url: `${base}?unfiled=true` });
    expect(unfiled.statusCode).toBe(200);
    expect(idsOf(unfiled.json())).toEqual([loose.id]);
    expect(unfiled.json().data[0]).toMatchObject({ category_id: null, subcategory_id: null });
    expect(unfiled.json().pagination.total).toBe(1);

    const inFolders = await asConstable({ method: 'GET', url: `${base}?unfiled=false` });
    expect(idsOf(inFolders.json())).toEqual([filed.id]);
    // Blank is no filter, as with the other filters: both documents.
    expect(idsOf((await asConstable({ method: 'GET', url: `${base}?unfiled=` })).json())).toHaveLength(2);
  });

  it('orders by effective date, newest first, when asked; by filing time otherwise', async () => {
    const category = await t.buildCategory(library, { name: 'Dated' });
    const filedFirst = await t.buildDocument(library, {
      title: 'Effective last',
      category_id: category.id,
      effective_date: '2026-12-01',
      created_at: new Date(Date.UTC(2026, 9, 1)),
    });
    const filedLast = await t.buildDocument(library, {
      title: 'Effective first',
      category_id: category.id,
      effective_date: '2026-01-15',
      created_at: new Date(Date.UTC(2026, 10, 1)),
    });
    const filedBetween = await t.buildDocument(library, {
      title: 'Effective between',
      category_id: category.id,
      effective_date: '2026-06-30',
      created_at: new Date(Date.UTC(2026, 9, 15)),
    });

    const byEffective = await asConstable({
      method: 'GET',
      url: `${base}?category_id=${category.id}&sort=effective_date`,
    });
    expect(byEffective.statusCode).toBe(200);
    expect(idsOf(byEffective.json())).toEqual([filedFirst.id, filedBetween.id, filedLast.id]);
    const byFiling = await asConstable({ method: 'GET', url: `${base}?category_id=${category.id}&sort=created` });
    expect(idsOf(byFiling.json())).toEqual([filedLast.id, filedBetween.id, filedFirst.id]);
    const byDefault = await asConstable({ method: 'GET', url: `${base}?category_id=${category.id}` });
    expect(idsOf(byDefault.json())).toEqual(idsOf(byFiling.json()));
  });

  it('refuses an unknown order or a flag that is not true/false with 400 in the error envelope', async () => {
    for (const [query, field] of [
      ['sort=title', 'sort'],
      ['sort=EFFECTIVE_DATE', 'sort'],
      ['unfiled=yes', 'unfiled'],
      ['unfiled=1', 'unfiled'],
      ['to_acknowledge=maybe', 'to_acknowledge'],
    ] as const) {
      const response = await asConstable({ method: 'GET', url: `${base}?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED', field } });
    }
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base}?unfiled=true&sort=effective_date` })).statusCode).toBe(
      401,
    );
  });
});

describe.each(['circulars', 'government-decisions'] as const)(
  'the %s list: what the caller still owes an acknowledgment (to_acknowledge=true)',
  (library) => {
    const base = `/api/${library}`;

    it('lists the mandatory documents the caller has not acknowledged, however old, and drops one once acknowledged', async () => {
      const reader = await t.asUser({ role: 'viewer' });
      const owed = await t.buildDocument(library, {
        title: 'Owed',
        is_mandatory: true,
        created_at: new Date(Date.UTC(2020, 0, 1)),
      });
      const alsoOwed = await t.buildDocument(library, { title: 'Also owed', is_mandatory: true });
      await t.buildDocument(library, { title: 'Optional reading' });

      const before = await reader.request({ method: 'GET', url: `${base}?to_acknowledge=true` });
      expect(before.statusCode).toBe(200);
      expect(idsOf(before.json())).toEqual(expect.arrayContaining([owed.id, alsoOwed.id]));
      expect(before.json().data.every((document: { is_mandatory: boolean }) => document.is_mandatory)).toBe(true);

      const acknowledged = await reader.request({ method: 'POST', url: `${base}/${owed.id}/acknowledge`, payload: {} });
      expect(acknowledged.statusCode).toBe(200);

      const after = await reader.request({ method: 'GET', url: `${base}?to_acknowledge=true` });
      expect(idsOf(after.json())).toContain(alsoOwed.id);
      expect(idsOf(after.json())).not.toContain(owed.id);
      // Another person still owes it: the filter is the caller's own.
      expect(idsOf((await asConstable({ method: 'GET', url: `${base}?to_acknowledge=true` })).json())).toContain(
        owed.id,
      );
      // Without the flag, every document is listed as before.
      expect(idsOf((await reader.request({ method: 'GET', url: base })).json())).toContain(owed.id);
    });
  },
);
