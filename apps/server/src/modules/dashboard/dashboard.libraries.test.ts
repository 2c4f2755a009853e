import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { createLibraryTestApp, type LibraryTestApp } from '../../test/library-fixtures.js';

let t: LibraryTestApp;
beforeAll(async () => {
  t = await createLibraryTestApp();
  // 23:30 UTC on the 21st is already the 22nd in Asia/Kolkata: "today" is the force's date.
  clock.set('2026-11-21T23:30:00Z');
  const at = (iso: string) => new Date(iso);
  // Orders: two created on the force's 22nd (one at 00:10 IST, which is still the 21st in UTC), one on the 18th, one on the 1st.
  await t.buildDocument('orders', { created_at: at('2026-11-21T18:40:00Z') });
  await t.buildDocument('orders', { created_at: at('2026-11-22T10:00:00Z') });
  await t.buildDocument('orders', { created_at: at('2026-11-18T06:00:00Z') });
  await t.buildDocument('orders', { created_at: at('2026-11-01T06:00:00Z') });
  // 23:50 IST on the 21st: yesterday for the force, although it is the 21st in UTC as well.
  await t.buildDocument('orders', { created_at: at('2026-11-21T18:20:00Z') });
  await t.buildDocument('circulars', { created_at: at('2026-11-22T05:00:00Z') });
  await t.buildDocument('circulars', { created_at: at('2026-11-10T05:00:00Z') });
  // Government decisions are not a dashboard card: they never count as circulars.
  await t.buildDocument('government-decisions', { created_at: at('2026-11-22T05:00:00Z') });
});
afterAll(() => t.close());

describe('dashboard counts of orders and circulars', () => {
  it('counts documents created on the force’s days of the range', async () => {
    const request = await t.as('viewer');
    const summary = async (query: string) =>
      (await request({ method: 'GET', url: `/api/kpis/daily?${query}` })).json().data.summary;
    expect(await summary('days=1')).toMatchObject({ orders: 2, circulars: 1 });
    expect(await summary('days=7')).toMatchObject({ orders: 4, circulars: 1 });
    expect(await summary('days=30')).toMatchObject({ orders: 5, circulars: 2 });
    expect(await summary('from=2026-11-18&to=2026-11-21')).toMatchObject({ orders: 2, circulars: 0 });
  });
});
