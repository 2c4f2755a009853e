import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorCode, type TErrorResponse } from '@srpf/shared';
import { isConcurrencyConflict, isUnstorableText } from './db-errors.js';
import { AppError, type FieldError } from './errors.js';
import { schemaFailureMessage } from './validation.js';

/**
 * The error envelope. A validation failure always names its field and lists its details, whichever
 * way it arose (a declared schema, a service's check, Fastify's own parser): `field` is the first
 * detail's field, and a failure of the whole request names `body`.
 */
function envelope(code: ErrorCode, message: string, field?: string, details?: FieldError[]): TErrorResponse {
  if (code === 'VALIDATION_FAILED') {
    const listed = details?.length ? details : [{ field: field ?? 'body', message }];
    return { success: false, error: { code, message, field: field ?? listed[0]!.field, details: listed } };
  }
  return { success: false, error: { code, message, ...(field ? { field } : {}), ...(details?.length ? { details } : {}) } };
}

/** Fastify's own 4xx errors (bad JSON, body too large, wrong content type) mapped to our codes. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'FILE_TOO_LARGE';
  if (status === 415) return 'INVALID_FILE';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION_FAILED';
}

/** One envelope for every error (ARCHITECTURE.md), never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.headers) void reply.headers(error.extra.headers);
      return reply.status(error.statusCode).send(envelope(error.code, error.message, error.extra.field, error.extra.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(error.validationContext ?? 'body'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(ERROR_STATUS.VALIDATION_FAILED).send(envelope('VALIDATION_FAILED', schemaFailureMessage(details[0]), details[0]?.field, details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(envelope('INTERNAL', 'Internal server error'));
    }
    if (isConcurrencyConflict(error)) {
      request.log.warn({ err: error }, 'a transaction crossed another one');
      return reply.status(ERROR_STATUS.CONFLICT).send(envelope('CONFLICT', 'Someone changed this at the same moment: please try again'));
    }
    if (isUnstorableText(error)) {
      return reply.status(ERROR_STATUS.VALIDATION_FAILED).send(envelope('VALIDATION_FAILED', 'Text must not contain NUL characters'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'The request is too large' : error.message;
      if (status === 429) void reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return reply.status(status).send(envelope(codeForStatus(status), message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(envelope('INTERNAL', 'Internal server error'));
  });
}

/**
 * Fastify's router refuses some URLs before any route or error handler sees them: a path that does
 * not decode (a `%` without two hex digits, escapes that are not UTF-8) and a path parameter longer
 * than its limit. Given as the `frameworkErrors` option, this sends those in the envelope too
 * (Fastify's status kept: 400 and 414), instead of Fastify's own body.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'unexpected router error');
    void reply.status(500).send(envelope('INTERNAL', 'Internal server error'));
    return;
  }
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The URL is not valid: it has an escape that does not decode';
  void reply.status(status).send(envelope(codeForStatus(status), message, 'params'));
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply.status(404).send(envelope('NOT_FOUND', `Route ${request.method} ${path} not found`));
}

export function registerApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler(sendRouteNotFound);
}
