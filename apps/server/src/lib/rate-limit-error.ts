import type { errorResponseBuilderContext } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The answer of the API's request rate limit (@fastify/rate-limit throws what this returns): an
 * AppError, so the error handler sends the envelope with the reason `request.rate_limited` and the
 * seconds to wait; the plugin has already set Retry-After.
 */
export function rateLimitError(_request: FastifyRequest, limit: errorResponseBuilderContext): AppError {
  const seconds = Math.ceil(limit.ttl / 1000);
  return new AppError('request.rate_limited', { seconds }, `Too many requests. Try again in ${seconds} seconds.`);
}
