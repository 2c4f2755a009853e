import { z } from 'zod';
import { queryId } from '../common/query.js';

/** What the appointment forms may learn about a person: name, phone, badge, company and designation. */
export const ZUserLookup = z.object({
  id: z.number().int(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  full_name: z.string(),
  phone_number: z.string().nullable(),
  badge_no: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  designation_name: z.string().nullable(),
});
export type TUserLookup = z.infer<typeof ZUserLookup>;

/** The form starts the lookup at 10 characters; the server wants 10 digits once formatting is removed. */
export const ZFindByPhoneQuery = z.object({
  phone_number: z
    .string({ error: 'phone_number is required' })
    .max(32, 'Phone number is too long')
    .refine((value) => value.replace(/\D/g, '').length >= 10, 'Phone number must have at least 10 digits'),
});
export type TFindByPhoneQuery = z.infer<typeof ZFindByPhoneQuery>;
/** The spec's shape: `success` and `user` at the top level; null when nobody has that number. */
export const ZFindByPhoneResponse = z.object({ success: z.literal(true), user: ZUserLookup.nullable() });
export type TFindByPhoneResponse = z.infer<typeof ZFindByPhoneResponse>;

export const USER_SEARCH_MAX_RESULTS = 8;
export const USER_SEARCH_MIN_LENGTH = 2;
export const USER_SEARCH_MAX_LENGTH = 100;
export const ZUserSearchQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(USER_SEARCH_MIN_LENGTH, `Type at least ${USER_SEARCH_MIN_LENGTH} characters`)
    .max(USER_SEARCH_MAX_LENGTH, `At most ${USER_SEARCH_MAX_LENGTH} characters`),
  company_id: queryId,
});
export type TUserSearchQuery = z.infer<typeof ZUserSearchQuery>;
export const ZUserSearchResponse = z.object({
  success: z.literal(true),
  data: z.object({ users: z.array(ZUserLookup) }),
});
export type TUserSearchResponse = z.infer<typeof ZUserSearchResponse>;
