import { z } from 'zod';
import { pagedResponse, pageQuery } from '../common/pagination.js';
import { queryBoolean, queryId, queryText } from '../common/query.js';
import {
  badgeNoField,
  dgpIdField,
  emailField,
  icardNoField,
  idField,
  nameField,
  optionalIdField,
  optionalText,
  passwordField,
  phoneField,
  roleField,
} from './users.fields.js';
import { NAME_MAX } from './users.rules.js';
import { GRANTABLE_PERMISSIONS, PERMISSIONS } from '../common/permissions.js';
import { WHATSAPP_LANGUAGES } from '../appointments/appointments.rules.js';
import { WHATSAPP_CONSENT_SOURCES } from '../payslips/payslips.rules.js';

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

/**
 * A user as the users screen, the view modal and the profile read it (document 2, section 3): every
 * field the spec names, under each name it is read by (role/role_name, active/is_active,
 * created_at/createdAt, name and company.name for the simpler list variant).
 */
export const ZUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  full_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: z.string(),
  role_name: z.string(),
  role_id: z.number().int(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  designation: z.string().nullable(),
  designation_id: z.number().int().nullable(),
  designation_name: z.string().nullable(),
  dgp_id: z.string().nullable(),
  badge_no: z.number().int().nullable(),
  icard_no: z.string().nullable(),
  active: z.boolean(),
  is_active: z.boolean(),
  must_change_password: z.boolean(),
  session_timeout: z.enum(['30m', '1h', '2h', 'never']),
  /** Permissions an administrator granted on top of the role. */
  granted_permissions: z.array(z.enum(GRANTABLE_PERMISSIONS)),
  /** Every permission the person holds now: the role's and the granted ones. */
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Companies the person oversees beyond their own (set by a superadmin). */
  overseen_company_ids: z.array(z.number().int()),
  /** The approval chain's step of the person's designation (admins: commandant), or null. */
  approval_role: z.enum(['clerk', 'officer', 'commandant']).nullable(),
  /** WhatsApp consent (issue 19): payslips and messages go to `91` + the phone only when enabled. */
  whatsapp_enabled: z.boolean(),
  whatsapp_language: z.enum(WHATSAPP_LANGUAGES),
  /** When consent was last given or withdrawn, and by whom: the person (self), an administrator (admin), the CSV import (import). */
  whatsapp_consent_at: z.string().nullable(),
  whatsapp_consent_source: z.enum(WHATSAPP_CONSENT_SOURCES).nullable(),
  /** When the phone was confirmed as the person's, and how (issue 31); read-only. Null: nothing is sent to it. */
  phone_verified_at: z.string().nullable(),
  phone_verified_source: z.enum(['self', 'admin', 'import', 'existing']).nullable(),
  /** Consent to notices (campaigns), apart from consent to slips. */
  whatsapp_notices_enabled: z.boolean(),
  whatsapp_notices_consent_at: z.string().nullable(),
  created_at: z.string(),
  createdAt: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserIdParams = z.object({
  id: z.coerce.number().int().positive('id must be a positive integer').max(2_147_483_647, 'id is too large'),
});
export const ZUserResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ user: ZUser }),
});
export type TUserResponse = z.infer<typeof ZUserResponse>;
/** GET /users/{id}: the full user; the header reads first_name and role from it. */
export const ZGetUserResponse = ZUserResponse;

export const USERS_PAGE_MAX = 100;

export const ZUserListQuery = pageQuery(USERS_PAGE_MAX, 10).extend({
  search: queryText(100),
  role: queryText(50),
  company_id: queryId,
  is_active: queryBoolean,
  phone: queryText(32),
  dgp_id: queryText(32),
  include_deleted: queryBoolean,
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;
export const ZUserListResponse = pagedResponse(ZUser);
export type TUserListResponse = z.infer<typeof ZUserListResponse>;

/**
 * The fields of the user form. The spec sends some under two names (`phone` or `phone_number`,
 * `role` or `role_name`, `is_active` or `active`); both are accepted. Each field is optional at this
 * level so an update changes only what it names; the create request adds what is required.
 */
export const ZUserFormFields = z.object({
  first_name: nameField('First name').optional(),
  middle_name: optionalText('Middle name', NAME_MAX).optional(),
  last_name: nameField('Last name').optional(),
  email: emailField.optional(),
  phone: phoneField.optional(),
  phone_number: phoneField.optional(),
  password: passwordField('Password is required').optional(),
  role: roleField.optional(),
  role_name: roleField.optional(),
  company_id: idField('Company').optional(),
  designation: optionalText('Designation', 100).optional(),
  designation_id: optionalIdField('Designation').optional(),
  dgp_id: dgpIdField.optional(),
  badge_no: badgeNoField.optional(),
  icard_no: icardNoField.optional(),
  is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  /** The whole list of granted permissions (replaces the stored one); administrators only. */
  granted_permissions: z
    .array(
      z.enum(GRANTABLE_PERMISSIONS, {
        error: `Each granted permission must be one of: ${GRANTABLE_PERMISSIONS.join(', ')}`,
      }),
      { error: 'granted_permissions must be a list' },
    )
    .max(GRANTABLE_PERMISSIONS.length)
    .transform((list) => [...new Set(list)].sort())
    .optional(),
  /** The whole list of overseen companies (replaces the stored one); superadmins only. */
  overseen_company_ids: z
    .array(z.number({ error: 'Each overseen company must be a company id' }).int().positive().max(2_147_483_647), {
      error: 'overseen_company_ids must be a list',
    })
    .max(500)
    .transform((list) => [...new Set(list)].sort((a, b) => a - b))
    .optional(),
  /** WhatsApp consent set by an administrator (recorded with the moment and source `admin`). */
  whatsapp_enabled: z.boolean({ error: 'whatsapp_enabled must be true or false' }).optional(),
  whatsapp_language: z
    .enum(WHATSAPP_LANGUAGES, { error: `WhatsApp language must be one of: ${WHATSAPP_LANGUAGES.join(', ')}` })
    .optional(),
  /** Consent to notices (campaigns) set by an administrator (issue 31). */
  whatsapp_notices_enabled: z.boolean({ error: 'whatsapp_notices_enabled must be true or false' }).optional(),
});
type FormFields = z.output<typeof ZUserFormFields>;

/** One name per field, whichever of its names the client used. */
export interface TUserChanges {
  first_name?: string;
  middle_name?: string | null;
  last_name?: string;
  email?: string;
  phone_number?: string | null;
  password?: string;
  role?: string;
  company_id?: number;
  designation?: string | null;
  designation_id?: number | null;
  dgp_id?: string | null;
  badge_no?: number | null;
  icard_no?: string | null;
  is_active?: boolean;
  granted_permissions?: string[];
  overseen_company_ids?: number[];
  whatsapp_enabled?: boolean;
  whatsapp_language?: (typeof WHATSAPP_LANGUAGES)[number];
  whatsapp_notices_enabled?: boolean;
}

function canonicalUser(input: FormFields): TUserChanges {
  const changes: TUserChanges = {
    first_name: input.first_name,
    middle_name: input.middle_name,
    last_name: input.last_name,
    email: input.email,
    phone_number: input.phone !== undefined ? input.phone : input.phone_number,
    password: input.password,
    role: input.role ?? input.role_name,
    company_id: input.company_id,
    designation: input.designation,
    designation_id: input.designation_id,
    dgp_id: input.dgp_id,
    badge_no: input.badge_no,
    icard_no: input.icard_no,
    is_active: input.is_active ?? input.active,
    granted_permissions: input.granted_permissions,
    overseen_company_ids: input.overseen_company_ids,
    whatsapp_enabled: input.whatsapp_enabled,
    whatsapp_language: input.whatsapp_language,
    whatsapp_notices_enabled: input.whatsapp_notices_enabled,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

export const ZCreateUserRequest = ZUserFormFields.extend({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  email: emailField,
  password: passwordField('Password is required for new users'),
  company_id: idField('Company'),
})
  .superRefine((input, context) => {
    if (input.role === undefined && input.role_name === undefined)
      context.addIssue({ code: 'custom', path: ['role'], message: 'Role is required' });
  })
  .transform(
    (input) =>
      canonicalUser(input) as TUserChanges &
        Required<Pick<TUserChanges, 'first_name' | 'last_name' | 'email' | 'password' | 'role' | 'company_id'>>,
  );
export type TCreateUserRequest = z.input<typeof ZCreateUserRequest>;
export type TCreateUser = z.output<typeof ZCreateUserRequest>;

export const ZUpdateUserRequest = ZUserFormFields.transform(canonicalUser);
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;
export type TUpdateUser = z.output<typeof ZUpdateUserRequest>;

export const ZRole = z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable() });
export type TRole = z.infer<typeof ZRole>;
export const ZRolesResponse = z.object({ success: z.literal(true), data: z.object({ roles: z.array(ZRole) }) });
export type TRolesResponse = z.infer<typeof ZRolesResponse>;
