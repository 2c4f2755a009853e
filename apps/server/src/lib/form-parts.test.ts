import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibraryTestApp, type LibraryTestApp } from '../test/library-fixtures.js';

/**
 * A form with a part the parser skips (no Content-Disposition, or no name) larger than the parser's
 * buffer is answered 400 on every multipart route, and leaves nothing behind (found by the
 * bad-input suite, src/fuzz.test.ts: @fastify/busboy waited for the skipped part to be read, and
 * the request was never answered).
 */
let t: LibraryTestApp;
beforeAll(async () => {
  t = await createLibraryTestApp();
});
afterAll(() => t.close());

const boundary = 'srpf-form-parts-test';

/** A form of raw parts: each is its header lines, then its body. */
function form(parts: { headers: string; body: string }[]) {
  const text = `${parts.map((part) => `--${boundary}\r\n${part.headers}\r\n${part.body}\r\n`).join('')}--${boundary}--\r\n`;
  return { payload: Buffer.from(text), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const skippedParts = {
  'without Content-Disposition': '',
  'without a name': 'Content-Disposition: form-data\r\n',
  'of another disposition': 'Content-Disposition: attachment; name="title"\r\n',
};

describe('a skipped part larger than the parser buffer', () => {
  for (const [what, headers] of Object.entries(skippedParts)) {
    it(`${what}: a 400 from the upload and from the user import, and no row or file`, async () => {
      const admin = await t.as('admin');
      const files = t.countFiles();
      const users = (await admin({ method: 'GET', url: '/api/users?limit=1' })).json().pagination.total;
      const payload = form([
        { headers, body: 'x'.repeat(100_000) },
        { headers: 'Content-Disposition: form-data; name="title"\r\n', body: 'Skipped part' },
      ]);
      for (const url of ['/api/orders/upload', '/api/users/import']) {
        const response = await admin({ method: 'POST', url, ...payload });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
      }
      expect(t.countFiles()).toBe(files);
      expect((await admin({ method: 'GET', url: '/api/users?limit=1' })).json().pagination.total).toBe(users);
    });
  }

  it('a small one is only skipped: the form is read to its end', async () => {
    const admin = await t.as('admin');
    const response = await admin({
      method: 'POST',
      url: '/api/orders/upload',
      ...form([{ headers: '', body: 'tiny' }]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).not.toBe('The form could not be read to its end');
  });
});
