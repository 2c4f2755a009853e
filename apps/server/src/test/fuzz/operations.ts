import { serverRoutes } from '../security-matrix-table.js';
import type { JsonSchema } from './json-schema.js';

/**
 * Every operation of the server, read from its route table (Fastify's printout, so a route without
 * a document entry is still fuzzed) and described by the OpenAPI document where it has an entry:
 * path and query parameters with their schemas, the JSON body's schema, and the form's field names
 * for multipart routes (from their description, which names them). Nothing here is written per route.
 */

export interface Parameter {
  name: string;
  schema?: JsonSchema;
  required: boolean;
}

export interface Operation {
  method: string;
  /** Fastify's form: `/api/users/:id`, `/api/docs/*`. */
  route: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The declared JSON body, or one put together from the field names a description gives. */
  body?: JsonSchema;
  /** Takes multipart/form-data (documented so, or a body the document leaves undeclared). */
  multipart: boolean;
  /** Field names the description gives (files left out). */
  formFields: string[];
  /** Every body member the API knows, for forms that mix in other routes' fields. */
  knownFields: string[];
  /** Names of file parts the description mentions (`file`, `pdf_file`). */
  fileFields: string[];
}

interface DocumentOperation {
  description?: string;
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface ApiDocument {
  paths: Record<string, Record<string, DocumentOperation>>;
}

/** '/api/users/{id}/' → '/api/users/:id', the route table's spelling. */
const tableForm = (path: string) => path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');

/** Identifiers a description names: `quoted`, snake_case, or listed after "fields". */
function namesIn(description: string): string[] {
  const names = new Set<string>();
  for (const match of description.matchAll(/`(\w+)`|\b([a-z]+(?:_[a-z]+)+)\b|\b([a-z]+[A-Z]\w*)\b/g))
    names.add((match[1] ?? match[2] ?? match[3])!);
  const listed = /fields? ([\w, ()]+)/.exec(description);
  for (const word of listed?.[1]?.split(/[\s,()]+/) ?? [])
    if (/^[a-z]\w+$/.test(word) && !['and', 'the', 'as', 'text', 'comma', 'separated'].includes(word)) names.add(word);
  return [...names].filter((name) => !/^Z[A-Z]/.test(name));
}

/** Every property schema of every documented body, by name: how a field of an undeclared body is typed. */
function propertyIndex(document: ApiDocument): Map<string, JsonSchema> {
  const index = new Map<string, JsonSchema>();
  for (const methods of Object.values(document.paths)) {
    for (const operation of Object.values(methods)) {
      for (const content of Object.values(operation.requestBody?.content ?? {})) {
        for (const [name, schema] of Object.entries(content.schema?.properties ?? {}))
          if (!index.has(name)) index.set(name, schema);
      }
    }
  }
  return index;
}

/** The operations of the route table (HEAD, which answers as GET, left out), described by the document. */
export function readOperations(routeTable: string, document: ApiDocument): Operation[] {
  const documented = new Map<string, DocumentOperation>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods))
      documented.set(`${method.toUpperCase()} ${tableForm(path)}`, operation);
  }
  const properties = propertyIndex(document);
  const allNames = [...properties.keys()];

  return [...serverRoutes(routeTable)].sort().map((key) => {
    const [method, route] = key.split(' ') as [string, string];
    const entry = documented.get(key) ?? {};
    const parameters = entry.parameters ?? [];
    const declared = new Map(parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema]));
    const pathParams = [...route.matchAll(/:(\w+)|\*/g)].map((match) => ({
      name: match[1] ?? '*',
      schema: declared.get(match[1] ?? '*'),
      required: true,
    }));
    const query = parameters
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: p.name, schema: p.schema, required: p.required ?? false }));
    const content = entry.requestBody?.content ?? {};
    const description = `${entry.summary ?? ''} ${entry.description ?? ''}`;
    const described = namesIn(description);
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const multipart =
      'multipart/form-data' in content ||
      /multipart/i.test(description) ||
      (hasBody && Object.keys(content).length === 0);
    let body = content['application/json']?.schema;
    if (!body && hasBody && described.length > 0) {
      body = {
        type: 'object',
        properties: Object.fromEntries(described.map((name) => [name, properties.get(name) ?? {}])),
      };
    }
    return {
      method,
      route,
      pathParams,
      query,
      body,
      multipart,
      formFields: described.filter((name) => !/file/i.test(name)),
      knownFields: allNames,
      fileFields: described.filter((name) => /file/i.test(name)),
    };
  });
}
