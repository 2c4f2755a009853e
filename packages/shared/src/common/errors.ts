import { z } from 'zod';

/** Stable error codes of the API; the server maps each to one HTTP status. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'FORBIDDEN',
  'UNAUTHENTICATED',
  'INVALID_FILE',
  'FILE_TOO_LARGE',
  'CONFLICT',
  'RATE_LIMITED',
  'PASSWORD_CHANGE_REQUIRED',
  /** A password someone else set (one-time, imported, an administrator's) is past ONE_TIME_PASSWORD_TTL: only an administrator can issue a new one. */
  'PASSWORD_EXPIRED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  FORBIDDEN: 403,
  UNAUTHENTICATED: 401,
  INVALID_FILE: 415,
  FILE_TOO_LARGE: 413,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PASSWORD_CHANGE_REQUIRED: 403,
  PASSWORD_EXPIRED: 401,
  INTERNAL: 500,
};

/**
 * `reason` and `params` (common/error-reasons.ts) say precisely why, for the web to word in the
 * reader's language; `code` (coarse, one HTTP status) and the English `message` stay as they were.
 * The server always sends both on the error and on each validation detail; they are optional here
 * only so that older answers and hand-made ones still parse. `reason` is a plain string, not an
 * enum: a client older than the server meets reasons it does not know and falls back to `code`.
 */
const ZErrorReasonField = z.string();
export const ZErrorParams = z.record(z.string(), z.union([z.string(), z.number()]));

export const ZFieldError = z.object({
  field: z.string(),
  message: z.string(),
  reason: ZErrorReasonField.optional(),
  params: ZErrorParams.optional(),
});

export const ZErrorResponse = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    reason: ZErrorReasonField.optional(),
    params: ZErrorParams.optional(),
    field: z.string().optional(),
    details: z.array(ZFieldError).optional(),
  }),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
