import fc from 'fast-check';
import { badValue, PROTOTYPE_KEYS } from './bad-values.js';
import { fieldText } from './json-text.js';
import type { Operation, Parameter } from './operations.js';
import { nearValid } from './schema-values.js';

/**
 * The URL of a case: path parameters (ids of records that exist, and segments no id should be) and
 * a query string (declared parameters near-valid or bad, undeclared and prototype keys, repeated
 * keys, broken percent-encoding and bytes that are not UTF-8).
 */

/** Percent-encodes every byte but the unreserved ones (a lone surrogate becomes U+FFFD's bytes, never a throw). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Escapes that decode to no text, or to bytes that are not UTF-8: written into the URL as they are. */
const BROKEN_ESCAPES = [
  '%',
  '%Z',
  '%ZZ',
  '%E0%A4%A',
  '%FF',
  '%FF%FE',
  '%C3%28',
  '%C0%AF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%00',
  '%0A',
  '%25',
];

/** Path segments that are not the id of anything (raw, as the URL carries them). */
const badSegment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '-0',
    '1.5',
    '1e3',
    '1e400',
    '0x1A',
    '007',
    '2147483648',
    '-2147483649',
    '9007199254740993',
    '99999999999999999999999999',
    'abc',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    'true',
    '__proto__',
    'constructor',
    '..',
    '.',
    '%20',
    '%201',
    '1%20',
    '%EF%BC%91',
    '1%2F2',
    '1;2',
    '1,2',
    '1.0',
    '+1',
  ),
  fc.constantFrom(...BROKEN_ESCAPES),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(percentEncode),
  fc.constantFrom(101, 1000, 10_000).map((length) => '9'.repeat(length)),
);

/** A value for one path parameter: an id of the world, the schema's idea of one, or a bad segment. */
function pathValue(parameter: Parameter, ids: readonly number[]): fc.Arbitrary<string> {
  if (parameter.name === '*') {
    return fc.oneof(
      fc.constantFrom(
        '',
        'json',
        'yaml',
        'static/index.html',
        '..%2F..%2Fetc%2Fpasswd',
        '%2e%2e/%2e%2e/package.json',
        'static/../../x',
        'a/b/c/d/e',
      ),
      fc.array(badSegment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/')),
    );
  }
  return fc.oneof(
    { arbitrary: fc.constantFrom(...ids).map(String), weight: 4 },
    { arbitrary: nearValid(parameter.schema).map((value) => percentEncode(fieldText(value))), weight: 1 },
    { arbitrary: badSegment, weight: 3 },
  );
}

/** The path of the operation with each parameter filled in. */
export function pathArbitrary(operation: Operation, ids: readonly number[]): fc.Arbitrary<string> {
  if (operation.pathParams.length === 0) return fc.constant(operation.route);
  return fc.tuple(...operation.pathParams.map((parameter) => pathValue(parameter, ids))).map((values) => {
    let index = 0;
    return operation.route.replace(/:\w+|\*/g, () => values[index++] ?? '');
  });
}

/** One `key=value` of a declared parameter: left out, near-valid, bad, or broken in its encoding. */
function declaredPair(parameter: Parameter): fc.Arbitrary<string[]> {
  const key = percentEncode(parameter.name);
  return fc.oneof(
    { arbitrary: fc.constant<string[]>([]), weight: 3 },
    { arbitrary: nearValid(parameter.schema).map((value) => [`${key}=${percentEncode(fieldText(value))}`]), weight: 3 },
    { arbitrary: badValue.map((value) => [`${key}=${percentEncode(fieldText(value))}`]), weight: 3 },
    { arbitrary: fc.constantFrom(...BROKEN_ESCAPES).map((escape) => [`${key}=${escape}`]), weight: 1 },
    // Repeated: many parsers hand the route an array instead of a string.
    {
      arbitrary: fc
        .array(nearValid(parameter.schema), { minLength: 2, maxLength: 3 })
        .map((values) => values.map((value) => `${key}=${percentEncode(fieldText(value))}`)),
      weight: 1,
    },
    { arbitrary: fc.constantFrom<string[]>([key], [`${key}=`], [`${key}[]=1`], [`${key}[a]=1`]), weight: 1 },
  );
}

/** Members nobody declared. */
const undeclaredPair = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => `${key}=1`),
  fc.constantFrom(
    '__proto__[isAdmin]=true',
    'constructor[prototype][isAdmin]=true',
    '__proto__.isAdmin=true',
    '=1',
    '&',
    '==',
    'a=b=c',
    '%=%',
    'include_deleted=true',
    'limit=100000',
  ),
  fc
    .tuple(fc.string({ maxLength: 12 }), badValue)
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(fieldText(value))}`),
);

/** A query string for the operation: '' or '?…'. */
export function queryArbitrary(operation: Operation): fc.Arbitrary<string> {
  const declared = operation.query.length
    ? fc.tuple(...operation.query.map(declaredPair))
    : fc.constant([] as string[][]);
  return fc.tuple(declared, fc.array(undeclaredPair, { maxLength: 3 }), fc.boolean()).map(([pairs, extra, shuffle]) => {
    const all = [...pairs.flat(), ...extra];
    if (shuffle) all.reverse();
    return all.length ? `?${all.join('&')}` : '';
  });
}
