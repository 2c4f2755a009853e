import type { TApiDocument } from '@srpf/shared';

export interface ApiParameterRow {
  name: string;
  /** path, query, header, cookie, or body (a field of a JSON body). */
  location: string;
  required: boolean;
  /** The schema's type in short: `integer`, `string (email)`, `a | b`, `array`. */
  type: string;
}

export interface ApiOperationRow {
  method: string;
  path: string;
  summary: string | null;
  parameters: ApiParameterRow[];
  /** The content types of the request body, when there is one (multipart uploads among them). */
  bodyTypes: string[];
  /** Needs a bearer token. */
  signedIn: boolean;
}

export interface ApiTagGroup {
  tag: string | null;
  operations: ApiOperationRow[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
};
type Parameter = { name?: unknown; in?: unknown; required?: unknown; schema?: Schema };
type Operation = {
  tags?: unknown;
  summary?: unknown;
  description?: unknown;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema's type in a few words. */
export function typeOf(schema: Schema | undefined): string {
  if (!schema) return '';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.map(String).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeOf).filter((type) => type !== '' && type !== 'null'))].join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null').join(' | ') : (schema.type ?? '');
  return schema.format ? `${type} (${schema.format})` : type;
}

function parametersOf(operation: Operation, shared: Parameter[]): ApiParameterRow[] {
  const listed = [...shared, ...(operation.parameters ?? [])]
    .filter((parameter) => typeof parameter.name === 'string' && typeof parameter.in === 'string')
    .map((parameter) => ({
      name: parameter.name as string,
      location: parameter.in as string,
      required: parameter.required === true,
      type: typeOf(parameter.schema),
    }));
  const json = operation.requestBody?.content?.['application/json']?.schema;
  const required = new Set(json?.required ?? []);
  const fields = Object.entries(json?.properties ?? {}).map(([name, schema]) => ({
    name,
    location: 'body',
    required: required.has(name),
    type: typeOf(schema),
  }));
  return [...listed, ...fields];
}

/**
 * The document's operations grouped by their first tag (groups by name, untagged last; within a
 * group by path, then GET, POST, PUT, PATCH, DELETE).
 */
export function groupOperations(document: Pick<TApiDocument, 'paths'>): ApiTagGroup[] {
  const groups = new Map<string | null, ApiOperationRow[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? (item.parameters as Parameter[]) : [];
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const op = operation as Operation;
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : null;
      const row: ApiOperationRow = {
        method: method.toUpperCase(),
        path,
        summary:
          typeof op.summary === 'string' ? op.summary : typeof op.description === 'string' ? op.description : null,
        parameters: parametersOf(op, shared),
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
        signedIn: Array.isArray(op.security) && op.security.length > 0,
      };
      groups.set(tag, [...(groups.get(tag) ?? []), row]);
    }
  }
  const methodRank = (method: string) => METHODS.indexOf(method.toLowerCase() as (typeof METHODS)[number]);
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([tag, operations]) => ({
      tag,
      operations: operations.sort(
        (a, b) => a.path.localeCompare(b.path) || methodRank(a.method) - methodRank(b.method),
      ),
    }));
}
