import type { z } from 'zod';
import { AppError } from '../../lib/errors.js';

/**
 * Validates a body the route could not declare (multipart fields, or a PUT that is JSON or multipart)
 * and fails the same way a declared schema does: one 400 naming the first field, with every detail.
 */
export function parseOrFail<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
  const first = details[0]!;
  throw new AppError('VALIDATION_FAILED', `${first.field}: ${first.message}`, { field: first.field, details });
}
