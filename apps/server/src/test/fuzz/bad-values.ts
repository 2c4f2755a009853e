import fc from 'fast-check';
import { JsonEntries, RawJson, type JsonLike } from './json-text.js';

/**
 * Values no field should accept, or only at its very edge: wrong types, huge and odd strings,
 * boundary and non-finite numbers, impossible dates and times, prototype keys. Each generator is
 * independent of any schema, so every field of every route gets all of them.
 */

/** Lengths past every limit the API declares (names 100, texts 4000, the JSON body 1 MiB). */
const HUGE_LENGTHS = [101, 256, 4001, 65_537, 300_000, 1_100_000] as const;

/** Strings far longer than any field allows, in ASCII, Devanagari (3 bytes a character) or emoji. */
export const hugeString = fc
  .tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('a', 'ह', '😀', ' ', '0'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Strings a database or a parser may trip over. */
export const oddString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\ufeff',
    '\u202e',
    '\u200b',
    'NaN',
    'Infinity',
    '-Infinity',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    "' OR 1=1 --",
    '%00',
    '%',
    '../../../etc/passwd',
    '<script>alert(1)</script>',
    '${7*7}',
    '__proto__',
    'constructor',
    "Robert'); DROP TABLE users;--",
    'ÅÄÖ e\u0301',
    'हिंदी मराठी',
    '\\',
    '"',
    ',',
    '\r\n\r\n',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Numbers at and past the edges: ±0, int32 and 2^53 bounds, the double range, fractions. */
export const edgeNumber: fc.Arbitrary<JsonLike> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 1.5, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649),
  fc.constantFrom(
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.EPSILON,
  ),
  // Only JSON text can carry these: they parse to ±Infinity, to an inexact integer, or to -0.
  fc
    .constantFrom('1e400', '-1e400', '9007199254740993', '123456789012345678901234567890', '1E+2', '-0.0', '1.0', '0e0')
    .map((text) => new RawJson(text)),
  fc.double(),
  fc.integer(),
);

/** Numbers as text, the way a form field or a query string carries them. */
export const numberText = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '1e3',
  '0x10',
  '0b1',
  '0o7',
  '1_000',
  '1,000',
  ' 7 ',
  '+7',
  '07',
  '-0',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999',
  '１２',
  '١',
  '.',
  '-',
  '',
);

/** Dates and times that do not exist, or exist only at the edge of what JavaScript or PostgreSQL can hold. */
export const badDate = fc.constantFrom(
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-01-32',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '+275760-09-13',
  '+275760-09-14',
  '-000001-01-01',
  '-271821-04-19',
  '1969-12-31',
  '1900-01-01',
  '2038-01-19T03:14:08Z',
  '2024-01-01T25:00:00Z',
  '2024-01-01T23:59:60Z',
  '2024-01-01T12:00:00+25:00',
  '2024-01-01T12:00:00.123456789Z',
  '2024-1-1',
  '01/02/2024',
  '2024/01/02',
  '20240102',
  '2024-01-02 ',
  ' 2024-01-02',
  '2024-W01-1',
  'Invalid Date',
  'today',
  '24:00',
  '24:00:00',
  '23:59:60',
  '12:60',
  '-01:00',
  '1:2',
  '12:00:00.0000000001',
  '12:00 PM',
  '99:99:99',
);

/** The keys of JavaScript's object machinery, as members of a body, a query string or a form. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isPrototypeOf',
] as const;

/** Objects whose keys reach for the prototype: `{"__proto__":{…}}`, `{"constructor":{"prototype":{…}}}`. */
export const prototypeObject: fc.Arbitrary<JsonEntries> = fc.oneof(
  fc.constantFrom(
    new JsonEntries([['__proto__', { isAdmin: true, role: 'superadmin' }]]),
    new JsonEntries([['constructor', { prototype: { isAdmin: true } }]]),
    new JsonEntries([['__proto__', null]]),
    new JsonEntries([
      ['toString', 'x'],
      ['valueOf', 1],
      ['hasOwnProperty', {}],
    ]),
  ),
  fc
    .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom<JsonLike>(1, 'x', null, [], { polluted: true }))
    .map(([key, value]) => new JsonEntries([[key, value]])),
);

/** Any value of the wrong kind for most fields. */
export const wrongType: fc.Arbitrary<JsonLike> = fc.oneof(
  fc.constantFrom<JsonLike>(null, true, false, 0, 1, '', 'x', [], [null], {}, { a: 1 }, [[[]]]),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonLike>,
);

/** One bad value for a field, of any of the kinds above. */
export const badValue: fc.Arbitrary<JsonLike> = fc.oneof(
  { arbitrary: wrongType, weight: 4 },
  { arbitrary: oddString, weight: 3 },
  { arbitrary: edgeNumber, weight: 3 },
  { arbitrary: numberText, weight: 2 },
  { arbitrary: badDate, weight: 3 },
  { arbitrary: prototypeObject, weight: 1 },
  { arbitrary: hugeString, weight: 1 },
);
