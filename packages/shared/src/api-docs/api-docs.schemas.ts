import { z } from 'zod';

/** One parameter of an operation, as the OpenAPI document describes it. */
export const ZApiParameter = z.looseObject({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: z.unknown().optional(),
});

/** One operation (a method of a path); the document carries more than the admin page reads. */
export const ZApiOperation = z.looseObject({
  tags: z.array(z.string()).optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  parameters: z.array(ZApiParameter).optional(),
  requestBody: z.unknown().optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});

/**
 * `GET /api/admin/openapi.json`: the server's OpenAPI 3 document, for administrators (in production
 * /api/docs is not public unless API_DOCS=public). Every field is passed through as generated.
 */
export const ZApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export type TApiParameter = z.infer<typeof ZApiParameter>;
export type TApiOperation = z.infer<typeof ZApiOperation>;
export type TApiDocument = z.infer<typeof ZApiDocument>;
