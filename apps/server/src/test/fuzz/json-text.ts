/**
 * JSON as a hostile client writes it: text that `JSON.stringify` cannot produce from a JavaScript
 * value (numbers past the double range, integers past 2^53, `__proto__` as an own key, the same key
 * twice). Generators build `JsonLike` values; `jsonText` writes them out.
 */

/** A fragment written into the JSON text as it is (`1e400`, `9007199254740993`). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object as a list of keys and values: keys may repeat, and `__proto__` is an ordinary key. */
export class JsonEntries {
  constructor(readonly entries: readonly (readonly [string, JsonLike])[]) {}
}

export type JsonLike =
  null | boolean | number | string | RawJson | JsonEntries | JsonLike[] | { [key: string]: JsonLike };

/** The JSON text of a value; `undefined` members are left out, as JSON.stringify leaves them. */
export function jsonText(value: JsonLike | undefined): string {
  if (value === undefined) return '';
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonEntries) {
    return `{${value.entries.map(([key, member]) => `${JSON.stringify(key)}:${jsonText(member)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map((member) => jsonText(member)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).filter(([, member]) => member !== undefined);
    return `{${members.map(([key, member]) => `${JSON.stringify(key)}:${jsonText(member)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Adds members to an object value (or wraps a non-object in one), keeping every key as written. */
export function withMembers(value: JsonLike, extra: readonly (readonly [string, JsonLike])[]): JsonEntries {
  if (value instanceof JsonEntries) return new JsonEntries([...value.entries, ...extra]);
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson)) {
    return new JsonEntries([...Object.entries(value), ...extra]);
  }
  return new JsonEntries(extra);
}

/** The text of a value as a form field or query parameter carries it: strings bare, the rest as JSON. */
export function fieldText(value: JsonLike): string {
  return typeof value === 'string' ? value : jsonText(value);
}
