import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forms } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { uploadedForm } from '../../test/form-fixtures.js';
import { createLibraryTestApp, type LibraryTestApp, type Request } from '../../test/library-fixtures.js';

/** The dashboard's Forms card: live forms uploaded on the force's days of the range that the viewer may see. */

let t: LibraryTestApp;
let asUploader: Request;
let asOtherViewer: Request;

beforeAll(async () => {
  t = await createLibraryTestApp();
  asUploader = (await t.asUser({ role: 'viewer' })).request;
  asOtherViewer = (await t.asUser({ role: 'viewer' })).request;
  const at = async (iso: string, fields: Record<string, string> = {}) => {
    const form = await uploadedForm(asUploader, fields);
    await t.database.db
      .update(forms)
      .set({ created_at: new Date(iso) })
      .where(eq(forms.id, form.id));
    return form;
  };
  // On the force's 22nd: 00:10 IST (still the 21st in UTC), a private one, and one deleted.
  await at('2026-11-21T18:40:00Z');
  await at('2026-11-22T06:00:00Z', { isPublic: 'false' });
  const deleted = await at('2026-11-22T07:00:00Z');
  // 23:50 IST on the 21st, and the 18th.
  await at('2026-11-21T18:20:00Z');
  await at('2026-11-18T06:00:00Z');
  expect((await (await t.as('admin'))({ method: 'DELETE', url: `/api/forms/${deleted.id}` })).statusCode).toBe(200);
  // 23:30 UTC on the 21st is already the 22nd in Asia/Kolkata: "today" is the force's date.
  clock.set('2026-11-21T23:30:00Z');
});
afterAll(() => t.close());

describe('the dashboard’s Forms count', () => {
  it('counts live forms uploaded in the range that the viewer may see: private ones for their uploader and the forms managers only', async () => {
    const summary = async (request: Request, query: string) =>
      (await request({ method: 'GET', url: `/api/kpis/daily?${query}` })).json().data.summary.forms;
    expect(await summary(asUploader, 'days=1')).toBe(2);
    expect(await summary(asOtherViewer, 'days=1')).toBe(1);
    expect(await summary(await t.as('admin'), 'days=1')).toBe(2);
    expect(
      await summary((await t.asUser({ role: 'viewer', granted_permissions: ['manage_forms'] })).request, 'days=1'),
    ).toBe(2);
    expect(await summary(asUploader, 'days=7')).toBe(4);
    expect(await summary(asOtherViewer, 'from=2026-11-18&to=2026-11-21')).toBe(2);
  });

  it('is in the export’s summary too', async () => {
    const response = await (
      await t.as('admin')
    )({ method: 'GET', url: '/api/kpis/daily/export?from=2026-11-18&to=2026-11-22' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('forms,4\r\n');
  });
});
