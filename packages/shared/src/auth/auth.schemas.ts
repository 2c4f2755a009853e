import { z } from 'zod';
import { ZSessionUser } from '../users/users.schemas.js';
import { EMAIL_MAX, PASSWORD_MAX } from '../users/users.rules.js';
import { LOGIN_PASSWORD_MIN, loginIdentifierError } from './auth.login-rules.js';

/**
 * Where a sign-in, refresh or password change hands over the new refresh token. Always in the
 * HttpOnly cookie; `body` also puts it in the answer's `refreshToken`, for scripts and API clients
 * that keep it themselves. The web app never asks: a script on the page could read the body.
 */
export const ZTokenDelivery = z
  .enum(['cookie', 'body'], { error: "Choose 'cookie' or 'body'" })
  .optional()
  .describe(
    "'body': also answer the refresh token in the body's `refreshToken` (for scripts and API clients). Absent or 'cookie': only in the HttpOnly cookie.",
  );
export type TTokenDelivery = z.infer<typeof ZTokenDelivery>;

/** The new refresh token, in the answer only when the request asked for `token_delivery: 'body'`. */
const ZRefreshTokenInBody = z
  .string()
  .optional()
  .describe("The new refresh token: present only when the request asked for token_delivery 'body'.");

/** The sign-in field's refusal of something that is no email, mobile number or Sevarth ID. */
export const LOGIN_IDENTIFIER_INVALID_MESSAGE =
  'Enter an email address, a 10-digit mobile number or a Sevarth ID (7 letters and 4 digits)';

export const ZLoginRequest = z.object({
  // The spec's field name, kept for its clients; it holds any of the three identifiers (docs/SECURITY.md).
  email: z
    .string({ error: 'Email, mobile number or Sevarth ID is required' })
    .trim()
    .min(1, 'Email, mobile number or Sevarth ID is required')
    .max(EMAIL_MAX, `Email, mobile number or Sevarth ID must be at most ${EMAIL_MAX} characters`)
    .refine((v) => v === '' || loginIdentifierError(v) === null, LOGIN_IDENTIFIER_INVALID_MESSAGE)
    .describe(
      'What the account signs in with: its email address, its 10-digit mobile number (spaces, +91 or a leading 0 allowed) or its Sevarth ID / DGP ID (any letter case).',
    ),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(LOGIN_PASSWORD_MIN, 'Password must be at least 6 characters')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  token_delivery: ZTokenDelivery,
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  refreshToken: ZRefreshTokenInBody,
  message: z.string(),
  must_change_password: z.boolean(),
  data: z.object({ user: ZSessionUser }),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

const ZPresentedRefreshToken = z.string().min(1).max(512).optional();

/** The refresh token may come in the body (spec) or, for the web app, from the HttpOnly cookie. */
export const ZRefreshRequest = z
  .object({ refreshToken: ZPresentedRefreshToken, token_delivery: ZTokenDelivery })
  // Fastify hands a missing body over as null.
  .nullish();

export const ZRefreshResponse = ZLoginResponse;

export const ZLogoutRequest = z.object({ refreshToken: ZPresentedRefreshToken }).nullish();
export const ZMessageResponse = z.object({ success: z.literal(true), message: z.string() });

export const ZMeResponse = z.object({ success: z.literal(true), data: z.object({ user: ZSessionUser }) });
export type TMeResponse = z.infer<typeof ZMeResponse>;
