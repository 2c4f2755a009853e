import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  ERROR_REASONS,
  ERROR_STATUS,
  GENERIC_REASON,
  type ErrorCode,
  type ErrorParams,
  type ErrorReason,
  type TErrorResponse,
} from '@srpf/shared';
import { isConcurrencyConflict, isUnstorableText } from './db-errors.js';
import { isAppError, type FieldError } from './errors.js';
import { schemaFailureMessage } from './validation.js';
import { zodIssueReason } from './validation-reasons.js';

interface Failure {
  reason: ErrorReason;
  params: ErrorParams;
  message: string;
  field?: string;
  details?: FieldError[];
}

/**
 * The error envelope: `code` from the reason (common/error-reasons.ts), the reason and its params
 * beside the English message, always. A validation failure always names its field and lists its
 * details, whichever way it arose (a declared schema, a service's check, Fastify's own parser):
 * `field` is the first detail's field, a failure of the whole request names `body`, and each detail
 * carries a reason and params too (the failure's own when it has no finer one).
 */
function envelope({ reason, params, message, field, details }: Failure): TErrorResponse {
  const code = ERROR_REASONS[reason].code;
  if (code === 'VALIDATION_FAILED') {
    const listed = details?.length ? details : [{ field: field ?? 'body', message }];
    // A lone detail without a reason of its own is the failure itself; one of several is generic.
    const single = listed.length === 1;
    const worded = listed.map((detail) => ({
      ...detail,
      reason: detail.reason ?? (single ? reason : GENERIC_REASON.VALIDATION_FAILED),
      params: detail.params ?? (single ? params : {}),
    }));
    return {
      success: false,
      error: { code, message, reason, params, field: field ?? worded[0]!.field, details: worded },
    };
  }
  return {
    success: false,
    error: { code, message, reason, params, ...(field ? { field } : {}), ...(details?.length ? { details } : {}) },
  };
}

/** Framework and unexpected errors: the generic reason of their code. */
const generic = (code: ErrorCode, message: string): Failure => ({ reason: GENERIC_REASON[code], params: {}, message });

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
    if (isAppError(error)) {
      if (error.extra.headers) void reply.headers(error.extra.headers);
      const { reason, params, message, extra } = error;
      return reply
        .status(error.statusCode)
        .send(envelope({ reason, params, message, field: extra.field, details: extra.details }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: FieldError[] = error.validation.map((issue) => {
        const message = issue.message ?? 'Invalid value';
        return {
          field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(error.validationContext ?? 'body'),
          message,
          ...zodIssueReason(issue.keyword, issue.params, message),
        };
      });
      const first = details[0];
      return reply.status(ERROR_STATUS.VALIDATION_FAILED).send(
        envelope({
          reason: first?.reason ?? 'validation_failed',
          params: first?.params ?? {},
          message: schemaFailureMessage(first),
          field: first?.field,
          details,
        }),
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(envelope(generic('INTERNAL', 'Internal server error')));
    }
    if (isConcurrencyConflict(error)) {
      request.log.warn({ err: error }, 'a transaction crossed another one');
      return reply.status(ERROR_STATUS.CONFLICT).send(
        envelope({
          reason: 'request.concurrent_change',
          params: {},
          message: 'Someone changed this at the same moment: please try again',
        }),
      );
    }
    if (isUnstorableText(error)) {
      return reply
        .status(ERROR_STATUS.VALIDATION_FAILED)
        .send(
          envelope({ reason: 'validation.text_has_nul', params: {}, message: 'Text must not contain NUL characters' }),
        );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) void reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      if (status === 413)
        return reply
          .status(status)
          .send(envelope({ reason: 'request.too_large', params: {}, message: 'The request is too large' }));
      return reply.status(status).send(envelope(generic(codeForStatus(status), error.message)));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(envelope(generic('INTERNAL', 'Internal server error')));
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
    void reply.status(500).send(envelope(generic('INTERNAL', 'Internal server error')));
    return;
  }
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const message = tooLong
    ? 'A path parameter is too long'
    : 'The URL is not valid: it has an escape that does not decode';
  // 414 has no code of its own: the reason says what it is, the status stays Fastify's.
  void reply.status(status).send(
    envelope({
      reason: tooLong ? 'request.path_param_too_long' : 'request.url_invalid',
      params: {},
      message,
      field: 'params',
    }),
  );
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply
    .status(404)
    .send(
      envelope({ reason: 'request.route_not_found', params: {}, message: `Route ${request.method} ${path} not found` }),
    );
}

export function registerApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler(sendRouteNotFound);
}
