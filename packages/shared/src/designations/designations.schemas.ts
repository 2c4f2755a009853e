import { z } from 'zod';
import { pagedResponse, pageQuery } from '../common/pagination.js';
import { queryBoolean, queryText } from '../common/query.js';
import { APPROVAL_ROLES } from './designations.rules.js';

export * from './designations.rules.js';

export const ZDesignation = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  active: z.boolean(),
  /** The approval chain's step the holders take (none, clerk, officer, commandant); set by administrators. */
  approval_role: z.enum(APPROVAL_ROLES),
  created_at: z.string(),
});
export type TDesignation = z.infer<typeof ZDesignation>;

export const DESIGNATIONS_PAGE_MAX = 1000;
export const DESIGNATION_NAME_MAX = 100;
export const DESIGNATION_CODE_MAX = 50;

export const ZDesignationListQuery = pageQuery(DESIGNATIONS_PAGE_MAX, 10).extend({
  search: queryText(100),
  active: queryBoolean,
});
export type TDesignationListQuery = z.infer<typeof ZDesignationListQuery>;
export const ZDesignationListResponse = pagedResponse(ZDesignation);
export type TDesignationListResponse = z.infer<typeof ZDesignationListResponse>;

/** GET /designations/all: every designation for the selects, unpaged; `active` narrows it. */
export const ZAllDesignationsQuery = z.object({ active: queryBoolean });
export const ZAllDesignationsResponse = z.object({
  success: z.literal(true),
  data: z.object({ designations: z.array(ZDesignation) }),
});
export type TAllDesignationsResponse = z.infer<typeof ZAllDesignationsResponse>;

export const ZDesignationIdParams = z.object({
  id: z.coerce.number().int().positive('id must be a positive integer').max(2_147_483_647, 'id is too large'),
});
export const ZDesignationResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ designation: ZDesignation }),
});
export type TDesignationResponse = z.infer<typeof ZDesignationResponse>;

const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const approvalRole = z.enum(APPROVAL_ROLES, { error: `approval_role must be one of ${APPROVAL_ROLES.join(', ')}` });

/**
 * Name and code are required on create; active defaults to true (document 2, section 5). Without
 * approval_role the server stores the text rule's answer for the name (`defaultApprovalRoleFor`).
 */
export const ZCreateDesignationRequest = z.object({
  name: text('Name', DESIGNATION_NAME_MAX),
  code: text('Code', DESIGNATION_CODE_MAX),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
  approval_role: approvalRole.optional(),
});
export type TCreateDesignationRequest = z.input<typeof ZCreateDesignationRequest>;

/** An update changes only the fields it names; a new name leaves the stored approval role as it is. */
export const ZUpdateDesignationRequest = z.object({
  name: text('Name', DESIGNATION_NAME_MAX).optional(),
  code: text('Code', DESIGNATION_CODE_MAX).optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  approval_role: approvalRole.optional(),
});
export type TUpdateDesignationRequest = z.infer<typeof ZUpdateDesignationRequest>;
