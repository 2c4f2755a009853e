import fc from 'fast-check';
import { contentTypeForJson, jsonPayload } from './json-bodies.js';
import { multipartPayload } from './multipart-bodies.js';
import type { Operation } from './operations.js';
import { payloadOf, type Payload } from './payload.js';

/**
 * The body of a case, weighted by what the operation takes: JSON for JSON routes, forms for
 * multipart routes, and the other kind, raw bytes, or nothing at all for every route (a GET with a
 * body, a POST without one).
 */

/** Bytes of no particular format under any content type. */
const rawBytes = fc
  .tuple(
    fc.oneof(
      fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
      fc
        .constantFrom('a=1&b=2', 'title=x&__proto__[admin]=1', '<?xml version="1.0"?><a/>', '--x\r\n', '\u0000\u0000')
        .map((text) => Buffer.from(text)),
    ),
    contentTypeForJson,
  )
  .map(([bytes, type]) => payloadOf('raw bytes', bytes, type));

const noBody = fc.constant(payloadOf('no body', undefined));

export function bodyArbitrary(operation: Operation): fc.Arbitrary<Payload> {
  const fields = [...operation.formFields, ...Object.keys(operation.body?.properties ?? {})];
  const json = jsonPayload(operation.body, fields);
  const form = multipartPayload(operation);
  if (operation.method === 'GET' || operation.method === 'DELETE') {
    return fc.oneof(
      { arbitrary: noBody, weight: 6 },
      { arbitrary: json, weight: 2 },
      { arbitrary: form, weight: 1 },
      { arbitrary: rawBytes, weight: 1 },
    );
  }
  if (operation.multipart) {
    return fc.oneof(
      { arbitrary: form, weight: 8 },
      { arbitrary: json, weight: 4 },
      { arbitrary: rawBytes, weight: 1 },
      { arbitrary: noBody, weight: 1 },
    );
  }
  return fc.oneof(
    { arbitrary: json, weight: 10 },
    { arbitrary: form, weight: 1 },
    { arbitrary: rawBytes, weight: 1 },
    { arbitrary: noBody, weight: 1 },
  );
}
