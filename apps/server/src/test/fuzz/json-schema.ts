/**
 * The part of an OpenAPI 3.0 schema the generators read (what fastify-type-provider-zod writes for
 * the API's zod schemas: types, bounds, enums, patterns, nullable, anyOf/oneOf/allOf).
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** The lowest and highest integers a schema allows (OpenAPI 3.0's boolean exclusive bounds, or 3.1's numbers). */
export function integerBounds(schema: JsonSchema): { min: number; max: number } {
  let min = schema.minimum ?? -2_147_483_648;
  let max = schema.maximum ?? 2_147_483_647;
  if (schema.exclusiveMinimum === true) min += 1;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - 1;
  return {
    min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)),
    max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)),
  };
}

/** The property names of an object schema, its alternatives included. */
export function propertyNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const names = Object.keys(schema.properties ?? {});
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    names.push(...propertyNames(alternative));
  return [...new Set(names)];
}
