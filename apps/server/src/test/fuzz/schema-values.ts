import fc from 'fast-check';
import { badValue, PROTOTYPE_KEYS } from './bad-values.js';
import { integerBounds, propertyNames, type JsonSchema } from './json-schema.js';
import { JsonEntries, withMembers, type JsonLike } from './json-text.js';

/**
 * Values shaped by a route's declared schema: near-valid ones (right types and bounds, so a request
 * gets past the schema into the service and the database), and ones broken in a few places (a
 * field of the wrong kind or at its edge, a required field missing, members nobody declared).
 */

/** Strings a service reads more than a schema does: dates, times, emails, phone numbers, names. */
const plausibleString = fc.oneof(
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString()),
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  fc.emailAddress(),
  fc.stringMatching(/^[6-9]\d{9}$/),
  fc.constantFrom(
    'viewer',
    'admin',
    'superadmin',
    'orders',
    'circulars',
    'scheduled',
    'completed',
    'pending',
    'Earned leave',
    'Test Name',
    'Passw0rd-long-enough!',
  ),
  fc.string({ minLength: 2, maxLength: 12 }),
);

/** A string within the schema's length bounds (a pattern's match when it has one). */
function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, Math.max(minLength, 60));
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot read: plain strings of the right length instead.
    }
  }
  const fitting = plausibleString.filter(
    (text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity),
  );
  return fc.oneof(fitting, fc.string({ minLength, maxLength }));
}

/** An integer in the schema's bounds, mostly small ones (the ids of records that exist). */
function integerFor(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = integerBounds(schema);
  if (min > max) return fc.constant(min);
  const small = fc.integer({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(min, 40)) });
  return fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
}

function numberFor(schema: JsonSchema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1e9;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1e9;
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

const typeOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

/** A value the schema accepts, or nearly (refinements a JSON schema cannot state are not known here). */
export function nearValid(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<JsonLike> {
  if (!schema || depth > 4) return fc.constant(null);
  const base = nearValidOfType(schema, depth);
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : base;
}

function nearValidOfType(schema: JsonSchema, depth: number): fc.Arbitrary<JsonLike> {
  if (schema.const !== undefined) return fc.constant(schema.const as JsonLike);
  if (schema.enum?.length) return fc.constantFrom(...(schema.enum as JsonLike[]));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alternative) => nearValid(alternative, depth + 1)));
  if (schema.allOf?.length) return nearValid(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  switch (typeOf(schema)) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return integerFor(schema);
    case 'number':
      return numberFor(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(nearValid(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectFor(schema, depth);
    case undefined:
      // An untyped member (a field only a description names): anything a form or a client might send.
      return schema.properties
        ? objectFor(schema, depth)
        : fc.oneof(plausibleString, fc.integer({ min: 1, max: 40 }), fc.boolean());
    default:
      return fc.constant(null);
  }
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<JsonLike> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0) return fc.constant({});
  const model = Object.fromEntries(names.map((name) => [name, nearValid(properties[name], depth + 1)]));
  const required = (schema.required ?? []).filter((name) => name in properties);
  return fc.record(model, { requiredKeys: required });
}

/** Unknown members: misspellings, other routes' names, prototype keys. */
const extraMember = (known: readonly string[]) =>
  fc.tuple(
    fc.oneof(
      fc.constantFrom(...PROTOTYPE_KEYS),
      fc.constantFrom(
        'id',
        'role_id',
        'password_hash',
        'is_deleted',
        'deleted_at',
        'created_by',
        'session_version',
        'success',
        '',
      ),
      fc.string({ maxLength: 20 }),
      known.length ? fc.constantFrom(...known).map((name) => `${name} `) : fc.constant('x'),
    ),
    fc.oneof(badValue, fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonLike>),
  );

/**
 * A body shaped by the schema and then broken: some declared members replaced by bad values or
 * dropped, unknown members added, or the same key twice.
 */
export function brokenObject(schema: JsonSchema | undefined): fc.Arbitrary<JsonLike> {
  const names = propertyNames(schema);
  const valid = nearValid(schema ?? { type: 'object' });
  if (names.length === 0) {
    return fc
      .tuple(valid, fc.array(extraMember([]), { minLength: 1, maxLength: 4 }))
      .map(([value, extra]) => withMembers(value, extra));
  }
  return fc
    .tuple(
      valid,
      fc.uniqueArray(
        fc.tuple(
          fc.constantFrom(...names),
          fc.oneof({ arbitrary: badValue, weight: 5 }, { arbitrary: fc.constant(undefined), weight: 1 }),
        ),
        {
          minLength: 1,
          maxLength: Math.min(3, names.length),
          selector: ([name]) => name,
        },
      ),
      fc.array(extraMember(names), { maxLength: 2 }),
      fc.boolean(),
    )
    .map(([value, replaced, extra, repeatKey]) => {
      const base =
        value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof JsonEntries)
          ? { ...value }
          : {};
      const members: [string, JsonLike][] = Object.entries(base as Record<string, JsonLike>);
      for (const [name, bad] of replaced) {
        const at = members.findIndex(([key]) => key === name);
        if (at >= 0) members.splice(at, 1);
        if (bad !== undefined) members.push([name, bad]);
      }
      // The same key twice: the parser keeps the last, a careless reader of the raw text the first.
      if (repeatKey && members.length > 0) members.unshift([members[members.length - 1]![0], members[0]![1]]);
      return new JsonEntries([...members, ...extra]);
    });
}
