import { z } from 'zod';
import { pagedResponse, pageQuery } from '../common/pagination.js';
import { queryBoolean, queryText } from '../common/query.js';

export const ZDesignation = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});
export type TDesignation = z.infer<typeof ZDesignation>;

export const DESIGNATIONS_PAGE_MAX = 1000;
export const DESIGNATION_NAME_MAX = 100;
export const DESIGNATION_CODE_MAX = 50;

export const ZDesignationListQuery = pageQuery(DESIGNATIONS_PAGE_MAX, 10).extend({ search: queryText(100), active: queryBoolean });
export type TDesignationListQuery = z.infer<typeof ZDesignationListQuery>;
export const ZDesignationListResponse = pagedResponse(ZDesignation);
export type TDesignationListResponse = z.infer<typeof ZDesignationListResponse>;

/** GET /designations/all: every designation for the selects, unpaged; `active` narrows it. */
export const ZAllDesignationsQuery = z.object({ active: queryBoolean });
export const ZAllDesignationsResponse = z.object({ success: z.literal(true), data: z.object({ designations: z.array(ZDesignation) }) });
export type TAllDesignationsResponse = z.infer<typeof ZAllDesignationsResponse>;

export const ZDesignationIdParams = z.object({ id: z.coerce.number().int().positive('id must be a positive integer').max(2_147_483_647, 'id is too large') });
export const ZDesignationResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: z.object({ designation: ZDesignation }) });
export type TDesignationResponse = z.infer<typeof ZDesignationResponse>;

const text = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Name and code are required on create; active defaults to true (document 2, section 5). */
export const ZCreateDesignationRequest = z.object({
  name: text('Name', DESIGNATION_NAME_MAX),
  code: text('Code', DESIGNATION_CODE_MAX),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
});
export type TCreateDesignationRequest = z.input<typeof ZCreateDesignationRequest>;

/** An update changes only the fields it names. */
export const ZUpdateDesignationRequest = z.object({
  name: text('Name', DESIGNATION_NAME_MAX).optional(),
  code: text('Code', DESIGNATION_CODE_MAX).optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
});
export type TUpdateDesignationRequest = z.infer<typeof ZUpdateDesignationRequest>;
