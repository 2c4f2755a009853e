import { z } from 'zod';
import { ZSessionUser } from './users.schemas.js';
import { ZTokenDelivery } from '../auth/auth.schemas.js';
import { tenDigitPhone } from '../common/phone.js';
import { nameField, requiredText } from './users.fields.js';
import {
  NAME_MAX,
  PASSWORD_MAX,
  passwordChangeProblem,
  PROFILE_PHONE_MESSAGE,
  SESSION_TIMEOUTS,
  type SessionTimeout,
} from './users.rules.js';

/** PUT /users/profile/me: the four fields of the Profile tab, each required and trimmed; email is never sent. */
export const ZUpdateProfileRequest = z.object({
  first_name: nameField('First name'),
  middle_name: requiredText('Middle name').max(NAME_MAX, `Middle name must be at most ${NAME_MAX} characters`),
  last_name: nameField('Last name'),
  phone: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'Phone number is required' : 'Phone number must be text',
    })
    .trim()
    .min(1, 'Phone number is required')
    .max(32, PROFILE_PHONE_MESSAGE)
    .transform((value, context) => {
      const phone = tenDigitPhone(value);
      if (phone === null) context.addIssue({ code: 'custom', message: PROFILE_PHONE_MESSAGE });
      return phone ?? '';
    }),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

const passwordText = z
  .string({ error: 'Passwords must be text' })
  .max(PASSWORD_MAX, `Passwords must be at most ${PASSWORD_MAX} characters`)
  .optional();

/** PUT /users/profile/password: the five checks run in the spec's order and report only the first failure. */
export const ZChangePasswordRequest = z
  .object({
    current_password: passwordText,
    new_password: passwordText,
    confirm_password: passwordText,
    token_delivery: ZTokenDelivery,
  })
  .superRefine((input, context) => {
    const problem = passwordChangeProblem(input);
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

/**
 * A password change ends every other session, so it answers a fresh pair like sign-in does: the
 * refresh token in the cookie, and in the body only when asked (`token_delivery: 'body'`).
 */
export const ZChangePasswordResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  refreshToken: z
    .string()
    .optional()
    .describe("The new refresh token: present only when the request asked for token_delivery 'body'."),
  must_change_password: z.boolean(),
  data: z.object({ user: ZSessionUser }),
});
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

/** PUT /users/profile/settings: the idle timeout of this user's sessions. */
export const ZSessionSettingsRequest = z.object({
  session_timeout: z.enum(Object.keys(SESSION_TIMEOUTS) as [SessionTimeout, ...SessionTimeout[]], {
    error: 'Choose 30m, 1h, 2h or never',
  }),
});
export type TSessionSettingsRequest = z.infer<typeof ZSessionSettingsRequest>;
