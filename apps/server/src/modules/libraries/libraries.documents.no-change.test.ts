import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibraryTestApp, pdfBytes, type LibraryTestApp } from '../../test/library-fixtures.js';
import { multipartBody } from '../../test/multipart.js';

/**
 * An update of a document that names no field it knows, as JSON or as a form without a PDF, is a 400
 * on the body, as every other update route answers (lib/validation.ts, requireSomeChange), and
 * records nothing: it used to answer 200 and write an `updated` event and an audit row of no change
 * (found by the bad-input suite, src/fuzz.test.ts). A form with only a new PDF is still an update.
 */
let t: LibraryTestApp;
beforeAll(async () => {
  t = await createLibraryTestApp();
});
afterAll(() => t.close());

const NOTHING = {
  code: 'VALIDATION_FAILED',
  message: 'Send at least one field to change',
  reason: 'validation.no_change',
  params: {},
  field: 'body',
  details: [
    { field: 'body', message: 'Send at least one field to change', reason: 'validation.no_change', params: {} },
  ],
};

describe('an update of a document that changes nothing', () => {
  it('is a 400 on the body, as JSON or as a form, and leaves the timeline as it was', async () => {
    const admin = await t.as('admin');
    const document = await t.buildDocument('circulars', { title: 'Unchanged circular' });
    const url = `/api/circulars/${document.id}`;
    const timeline = async () => (await admin({ method: 'GET', url })).json().data;
    const before = await timeline();
    for (const request of [
      { payload: {} },
      { payload: { no_such_field: 'x' } },
      multipartBody([]),
      multipartBody([{ name: 'no_such_field', value: 'x' }]),
    ]) {
      const response = await admin({ method: 'PUT', url, ...request });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(NOTHING);
    }
    expect(await timeline()).toEqual(before);
  });

  it('a form with only a new PDF is an update', async () => {
    const admin = await t.as('admin');
    const document = await t.buildDocument('circulars', { title: 'Replaced circular' });
    const response = await admin({
      method: 'PUT',
      url: `/api/circulars/${document.id}`,
      ...multipartBody([
        {
          name: 'pdf_file',
          filename: 'new.pdf',
          contentType: 'application/pdf',
          content: pdfBytes(512, 'replacement'),
        },
      ]),
    });
    expect(response.statusCode).toBe(200);
  });
});
