import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibraryTestApp, pdfBytes, type LibraryTestApp } from '../../test/library-fixtures.js';
import { multipartBody, type MultipartPart } from '../../test/multipart.js';

/**
 * A form whose body ends inside the PDF part, small enough to arrive at once, is answered 400 and
 * leaves no file (found by the bad-input suite, src/fuzz.test.ts: the parser had already torn the
 * part down when the route reached it, and the request was never answered).
 */
let t: LibraryTestApp;
beforeAll(async () => {
  t = await createLibraryTestApp();
});
afterAll(() => t.close());

/** The form's bytes without the closing delimiter, or cut inside the file's bytes. */
function cutShort(parts: MultipartPart[], how: 'no closing delimiter' | 'inside the file') {
  const { payload, headers } = multipartBody(parts);
  const boundary = headers['content-type']!.split('boundary=')[1]!;
  const withoutClose = payload.subarray(0, payload.length - `--${boundary}--\r\n`.length);
  return {
    headers,
    payload: how === 'no closing delimiter' ? withoutClose : withoutClose.subarray(0, withoutClose.length - 8),
  };
}

const pdf = (content: Buffer | string): MultipartPart => ({
  name: 'pdf_file',
  filename: 'order.pdf',
  contentType: 'application/pdf',
  content,
});

describe('a multipart body that ends inside the file', () => {
  const forms: [string, MultipartPart[]][] = [
    ['a PDF', [{ name: 'title', value: 'Cut short' }, pdf(pdfBytes(64))]],
    ['a file that is no PDF', [pdf('first,second\n1,2')]],
    ['two files', [pdf(pdfBytes(64)), pdf(pdfBytes(64))]],
  ];

  for (const [what, parts] of forms) {
    for (const how of ['no closing delimiter', 'inside the file'] as const) {
      it(`${what}, ${how}: a 400 on pdf_file on upload and on update, and no file kept`, async () => {
        const admin = await t.as('admin');
        const document = await t.buildDocument('orders');
        const files = t.countFiles();
        for (const [method, url] of [
          ['POST', '/api/orders/upload'],
          ['PUT', `/api/orders/${document.id}`],
        ] as const) {
          const response = await admin({ method, url, ...cutShort(parts, how) });
          expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
          expect(response.json().error).toMatchObject({
            code: 'VALIDATION_FAILED',
            field: 'pdf_file',
            message: 'The upload ended before the file was complete',
          });
        }
        expect(t.countFiles()).toBe(files);
      });
    }
  }
});
