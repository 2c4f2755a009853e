import { z } from 'zod';
import { pagedResponse, pageQuery } from '../common/pagination.js';
import { queryBoolean, queryText } from '../common/query.js';

export const ZCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;

/** The companies lookup of the user form asks for 1000 at once (document 2, section 9). */
export const COMPANIES_PAGE_MAX = 1000;
export const DEFAULT_COMPANY_ID = 1;
export const COMPANY_NAME_MAX = 200;
export const COMPANY_CODE_MAX = 50;

export const ZCompanyListQuery = pageQuery(COMPANIES_PAGE_MAX, 10).extend({
  search: queryText(100),
  active: queryBoolean,
});
export type TCompanyListQuery = z.infer<typeof ZCompanyListQuery>;
export const ZCompanyListResponse = pagedResponse(ZCompany);
export type TCompanyListResponse = z.infer<typeof ZCompanyListResponse>;

export const ZCompanyIdParams = z.object({
  id: z.coerce.number().int().positive('id must be a positive integer').max(2_147_483_647, 'id is too large'),
});
export const ZCompanyResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ company: ZCompany }),
});
export type TCompanyResponse = z.infer<typeof ZCompanyResponse>;

const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The code is also read as company_code or companyCode (document 2, section 3); any of them is accepted. */
const ZCompanyFields = z.object({
  name: text('Company name', COMPANY_NAME_MAX).optional(),
  code: text('Company code', COMPANY_CODE_MAX).optional(),
  company_code: text('Company code', COMPANY_CODE_MAX).optional(),
  companyCode: text('Company code', COMPANY_CODE_MAX).optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
});

export interface TCompanyChanges {
  name?: string;
  code?: string;
  active?: boolean;
}

const canonicalCompany = (input: z.output<typeof ZCompanyFields>): TCompanyChanges =>
  Object.fromEntries(
    Object.entries({
      name: input.name,
      code: input.code ?? input.company_code ?? input.companyCode,
      active: input.active,
    }).filter(([, value]) => value !== undefined),
  );

export const ZCreateCompanyRequest = ZCompanyFields.superRefine((input, context) => {
  if (input.name === undefined)
    context.addIssue({ code: 'custom', path: ['name'], message: 'Company name is required' });
  if (input.code === undefined && input.company_code === undefined && input.companyCode === undefined) {
    context.addIssue({ code: 'custom', path: ['code'], message: 'Company code is required' });
  }
}).transform((input) => canonicalCompany(input) as Required<Pick<TCompanyChanges, 'name' | 'code'>> & TCompanyChanges);
export type TCreateCompanyRequest = z.input<typeof ZCreateCompanyRequest>;

export const ZUpdateCompanyRequest = ZCompanyFields.transform(canonicalCompany);
export type TUpdateCompanyRequest = z.input<typeof ZUpdateCompanyRequest>;
