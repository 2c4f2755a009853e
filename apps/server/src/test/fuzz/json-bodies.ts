import fc from 'fast-check';
import { prototypeObject } from './bad-values.js';
import type { JsonSchema } from './json-schema.js';
import { jsonText, type JsonLike } from './json-text.js';
import { INVALID_UTF8, payloadOf, type Payload } from './payload.js';
import { brokenObject, nearValid } from './schema-values.js';

/**
 * JSON bodies for a route's schema: broken objects, near-valid ones, the wrong kind of value at the
 * top, empty bodies, text that is not JSON (cut short, with comments, NaN), bytes that are not UTF-8
 * inside a string, nesting deeper than any parser should be asked to go.
 */

const JSON_TYPE = 'application/json';

/** Content types a JSON body is sent under: the right one mostly, else its odd spellings and other types. */
export const contentTypeForJson = fc.oneof(
  { arbitrary: fc.constant(JSON_TYPE), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'APPLICATION/JSON',
      'application/json;',
      'application/json; boundary=x',
      'application/vnd.api+json',
      'application/merge-patch+json',
      'text/json',
      'text/plain',
      'text/html',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=nothing-like-the-body',
      'multipart/mixed; boundary=x',
      'image/png',
      'application/pdf',
      '*/*',
      'json',
      ';',
      ' ',
      'application/json, text/plain',
    ),
    weight: 4,
  },
  { arbitrary: fc.constant(undefined), weight: 1 },
);

/** Text that is almost JSON. */
const notJson = fc.constantFrom(
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[1,2,]',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '// comment\n{}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":"line\nbreak"}',
  '\ufeff{}',
  '\u0000',
  'null',
  '',
  ' ',
  'undefined',
  'a=1&b=2',
  '<xml/>',
);

const wrongTop = fc.constantFrom<JsonLike>(null, [], [{}], 'x', '', 0, -1, 1.5, true, false, [null, null]);

/** A JSON body with bytes that are not UTF-8 inside a string, where a field's value would be. */
const invalidUtf8Json = (fields: readonly string[]) =>
  fc
    .tuple(
      fields.length ? fc.constantFrom(...fields) : fc.constant('name'),
      fc.constantFrom(...INVALID_UTF8),
      fc.string({ maxLength: 8 }),
    )
    .map(([field, bytes, around]) =>
      Buffer.concat([Buffer.from(`{"${field}":"${around}`), bytes, Buffer.from(`${around}"}`)]),
    );

/** Nesting far past any sensible body. */
const deepNesting = fc.constantFrom(1_000, 100_000).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);

/** Valid JSON text cut at some byte. */
const truncated = (schema: JsonSchema | undefined) =>
  fc.tuple(nearValid(schema), fc.double({ min: 0, max: 1, noNaN: true })).map(([value, at]) => {
    const text = jsonText(value);
    return text.slice(0, Math.floor(text.length * at));
  });

/** A JSON-ish body for an operation whose body schema (if any) is given. */
export function jsonPayload(schema: JsonSchema | undefined, fields: readonly string[]): fc.Arbitrary<Payload> {
  const text = fc.oneof(
    { arbitrary: brokenObject(schema).map((value) => ['broken object', jsonText(value)] as const), weight: 8 },
    {
      arbitrary: nearValid(schema ?? { type: 'object' }).map((value) => ['near-valid', jsonText(value)] as const),
      weight: 4,
    },
    { arbitrary: fc.constant(['empty object', '{}'] as const), weight: 1 },
    { arbitrary: wrongTop.map((value) => ['wrong top-level value', jsonText(value)] as const), weight: 1 },
    { arbitrary: prototypeObject.map((value) => ['prototype keys', jsonText(value)] as const), weight: 1 },
    { arbitrary: notJson.map((value) => ['not JSON', value] as const), weight: 2 },
    { arbitrary: truncated(schema).map((value) => ['cut-short JSON', value] as const), weight: 1 },
    { arbitrary: deepNesting.map((value) => ['deep nesting', value] as const), weight: 1 },
  );
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(text, contentTypeForJson)
        .map(([[kind, body], type]) => payloadOf(kind, Buffer.from(body, 'utf8'), type)),
      weight: 10,
    },
    {
      arbitrary: fc
        .tuple(invalidUtf8Json(fields), contentTypeForJson)
        .map(([bytes, type]) => payloadOf('invalid UTF-8 in a string', bytes, type)),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom(JSON_TYPE, undefined).map((type) => payloadOf('empty body', undefined, type)),
      weight: 1,
    },
    { arbitrary: fc.constant(payloadOf('zero-length body', Buffer.alloc(0), JSON_TYPE)), weight: 1 },
  );
}
