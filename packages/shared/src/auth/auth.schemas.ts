import { z } from 'zod';
import { ZSessionUser } from '../users/users.schemas.js';
import { EMAIL_MAX, PASSWORD_MAX } from '../users/user-rules.js';
import { LOGIN_PASSWORD_MIN, loginEmailError } from './login-rules.js';

export const ZLoginRequest = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .refine((v) => loginEmailError(v) === null, 'Please enter a valid email address')
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(LOGIN_PASSWORD_MIN, 'Password must be at least 6 characters')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  refreshToken: z.string(),
  message: z.string(),
  must_change_password: z.boolean(),
  data: z.object({ user: ZSessionUser }),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** The refresh token may come in the body (spec) or, for the web app, from the HttpOnly cookie. */
export const ZRefreshRequest = z
  .object({ refreshToken: z.string().min(1).max(512).optional() })
  // Fastify hands a missing body over as null.
  .nullish();

export const ZRefreshResponse = ZLoginResponse;

export const ZLogoutRequest = ZRefreshRequest;
export const ZMessageResponse = z.object({ success: z.literal(true), message: z.string() });

export const ZMeResponse = z.object({ success: z.literal(true), data: z.object({ user: ZSessionUser }) });
export type TMeResponse = z.infer<typeof ZMeResponse>;

