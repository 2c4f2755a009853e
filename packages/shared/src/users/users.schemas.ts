import { z } from 'zod';

/** The signed-in user as the shell reads it (document 1, section 3). */
export const ZSessionUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  full_name: z.string(),
  role: z.string(),
  role_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  must_change_password: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZUserIdParams = z.object({ id: z.coerce.number().int().positive('id must be a positive integer') });
export const ZGetUserResponse = z.object({ success: z.literal(true), data: z.object({ user: ZSessionUser }) });
