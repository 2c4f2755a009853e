import { z } from 'zod';
import type { TUser } from '@srpf/shared';
import { isGrantablePermission, type GrantablePermission } from '@srpf/shared/common/permissions';
import { tenDigitPhone } from '@srpf/shared/common/phone';
import { WHATSAPP_LANGUAGES } from '@srpf/shared/appointments/appointments.rules';
import {
  BADGE_NO_MAX,
  DGP_ID_MAX,
  EMAIL_MAX,
  ICARD_NO_MAX,
  isValidDgpId,
  isValidEmail,
  NAME_MAX,
  NAME_MIN,
  normaliseDgpId,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '@srpf/shared/users/users.rules';
import { roleNameOf } from '../../../lib/current-user';

export type UserFormMode = 'create' | 'edit' | 'view';

/** What the user form holds: text as typed (selects hold ids as text), the active flag as a boolean. */
export interface UserFormValues {
  first_name: string;
  middle_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  role: string;
  company_id: string;
  designation_id: string;
  dgp_id: string;
  badge_no: string;
  icard_no: string;
  is_active: boolean;
  /** The checked permissions of "Granted permissions" (administrators only). */
  granted_permissions: string[];
  /** The chosen "Overseen companies", ids as text (a superadmin only). */
  overseen_company_ids: string[];
  /** WhatsApp consent recorded by an administrator (issue 19), and the language of the messages. */
  whatsapp_enabled: boolean;
  whatsapp_language: WhatsappLanguage;
  /** Consent to notices (campaigns), apart from slips (issue 31). */
  whatsapp_notices_enabled: boolean;
}

export type WhatsappLanguage = (typeof WHATSAPP_LANGUAGES)[number];

export type UserFormField = keyof UserFormValues;

export const PHONE_DIGITS = 10;

export const EMPTY_USER_FORM: UserFormValues = {
  first_name: '',
  middle_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  role: 'viewer',
  company_id: '',
  designation_id: '',
  dgp_id: '',
  badge_no: '',
  icard_no: '',
  is_active: true,
  granted_permissions: [],
  overseen_company_ids: [],
  whatsapp_enabled: false,
  whatsapp_language: 'en',
  whatsapp_notices_enabled: false,
};

/** The form's copy of a stored user (view and edit modes); the password is never shown. */
export function userToFormValues(user: TUser): UserFormValues {
  return {
    first_name: user.first_name,
    middle_name: user.middle_name ?? '',
    last_name: user.last_name,
    email: user.email,
    phone: user.phone_number ?? '',
    password: '',
    role: roleNameOf(user) ?? '',
    company_id: user.company_id === null ? '' : String(user.company_id),
    designation_id: user.designation_id === null ? '' : String(user.designation_id),
    dgp_id: user.dgp_id ?? '',
    badge_no: user.badge_no === null ? '' : String(user.badge_no),
    icard_no: user.icard_no ?? '',
    is_active: user.is_active,
    granted_permissions: [...(user.granted_permissions ?? [])],
    overseen_company_ids: (user.overseen_company_ids ?? []).map(String),
    whatsapp_enabled: user.whatsapp_enabled ?? false,
    whatsapp_language: (WHATSAPP_LANGUAGES as readonly string[]).includes(user.whatsapp_language ?? '')
      ? user.whatsapp_language
      : 'en',
    whatsapp_notices_enabled: user.whatsapp_notices_enabled ?? false,
  };
}

/**
 * What the phone input keeps of what was typed or pasted: digits only, and a pasted 12-digit number
 * starting with 91 loses that prefix, so "+91 98765 43210" becomes ten digits.
 */
export function phoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}

/** The DGP ID input upper-cases as it is typed, drops spaces and stops at 11 characters. */
export function dgpIdInput(raw: string): string {
  return raw.replace(/\s/g, '').toUpperCase().slice(0, DGP_ID_MAX);
}

const requiredName = (required: string, short: string) =>
  z
    .string()
    .trim()
    .min(1, { message: required, abort: true })
    .min(NAME_MIN, { message: short, abort: true })
    .max(NAME_MAX, 'validation.nameTooLong');

/**
 * The rules of the user form (document 2, section 5). Messages are keys of the users namespace; the
 * rules themselves (email, phone, DGP ID) are the shared functions the server applies too.
 */
export function userFormSchema(mode: Exclude<UserFormMode, 'view'>) {
  const password =
    mode === 'create'
      ? z
          .string()
          .min(1, { message: 'validation.passwordRequired', abort: true })
          .min(PASSWORD_MIN, 'validation.passwordTooShort')
          .max(PASSWORD_MAX, 'validation.passwordTooLong')
      : z
          .string()
          .refine((value) => value === '' || value.length >= PASSWORD_MIN, 'validation.passwordTooShort')
          .refine((value) => value.length <= PASSWORD_MAX, 'validation.passwordTooLong');

  return z.object({
    first_name: requiredName('validation.firstNameRequired', 'validation.firstNameTooShort'),
    middle_name: z
      .string()
      .trim()
      .min(1, { message: 'validation.middleNameRequired', abort: true })
      .max(NAME_MAX, 'validation.nameTooLong'),
    last_name: requiredName('validation.lastNameRequired', 'validation.lastNameTooShort'),
    email: z
      .string()
      .trim()
      .min(1, { message: 'validation.emailRequired', abort: true })
      .max(EMAIL_MAX, { message: 'validation.emailInvalid', abort: true })
      .refine(isValidEmail, 'validation.emailInvalid'),
    phone: z.string().refine((value) => value.trim() === '' || tenDigitPhone(value) !== null, 'validation.phoneDigits'),
    password,
    role: z.string().min(1, 'validation.roleRequired'),
    company_id: z.string().min(1, 'validation.companyRequired'),
    designation_id: z.string(),
    dgp_id: z.string().refine((value) => {
      const id = normaliseDgpId(value);
      return id === '' || isValidDgpId(id);
    }, 'validation.dgpIdFormat'),
    badge_no: z.string().refine((value) => {
      const text = value.trim();
      return text === '' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= BADGE_NO_MAX);
    }, 'validation.badgeNoMin'),
    icard_no: z.string().trim().max(ICARD_NO_MAX, 'validation.icardNoTooLong'),
    is_active: z.boolean(),
    granted_permissions: z.array(z.string()),
    overseen_company_ids: z.array(z.string()),
    whatsapp_enabled: z.boolean(),
    whatsapp_language: z.enum(WHATSAPP_LANGUAGES),
    whatsapp_notices_enabled: z.boolean(),
  });
}

/** The body of POST /users and PUT /users/{id} (document 2, section 7). */
export interface UserPayload {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string;
  phone: string | null;
  password?: string;
  role: string;
  company_id: number;
  designation_id: number | null;
  dgp_id: string | null;
  badge_no: number | null;
  icard_no: string | null;
  is_active: boolean;
  /** The whole list; sent only by administrators (the server refuses it from anyone else). */
  granted_permissions?: GrantablePermission[];
  /** The whole list; sent only by a superadmin. */
  overseen_company_ids?: number[];
  /** Sent only when changed (the server records the moment and that an administrator set it). */
  whatsapp_enabled?: boolean;
  whatsapp_language?: WhatsappLanguage;
  whatsapp_notices_enabled?: boolean;
}

/**
 * What the signed-in person may send beyond the plain fields (`mayGrantPermissions`,
 * `mayAssignOverseenCompanies`), and the stored lists an edit compares with: an unchanged list is
 * not sent, so saving a person's name never rewrites (and audits) their grants.
 */
export interface UserPayloadOptions {
  grants: boolean;
  oversight: boolean;
  original?: Pick<TUser, 'granted_permissions' | 'overseen_company_ids'> &
    Partial<Pick<TUser, 'whatsapp_enabled' | 'whatsapp_language' | 'whatsapp_notices_enabled'>>;
}

const NO_EXTRAS: UserPayloadOptions = { grants: false, oversight: false };

const sameSet = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item) => b.includes(item));

/** The checked grants that exist, sorted and once each (an unknown name never leaves the form). */
export function grantsOf(values: Pick<UserFormValues, 'granted_permissions'>): GrantablePermission[] {
  return [...new Set(values.granted_permissions.filter(isGrantablePermission))].sort();
}

/** The chosen overseen companies as ids, ascending, once each; the person's own company is not "overseen". */
export function overseenOf(values: Pick<UserFormValues, 'overseen_company_ids' | 'company_id'>): number[] {
  const ids = values.overseen_company_ids
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0 && String(id) !== values.company_id);
  return [...new Set(ids)].sort((a, b) => a - b);
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The request body of a valid form. Blank optional fields are sent as null (an edit clears them); a
 * blank password on edit is left out, so the current one stays.
 */
export function toUserPayload(
  values: UserFormValues,
  mode: Exclude<UserFormMode, 'view'>,
  options: UserPayloadOptions = NO_EXTRAS,
): UserPayload {
  const payload: UserPayload = {
    first_name: values.first_name.trim(),
    middle_name: textOrNull(values.middle_name),
    last_name: values.last_name.trim(),
    email: values.email.trim().toLowerCase(),
    phone: values.phone.trim() === '' ? null : tenDigitPhone(values.phone),
    role: values.role,
    company_id: Number(values.company_id),
    designation_id: values.designation_id === '' ? null : Number(values.designation_id),
    dgp_id: textOrNull(normaliseDgpId(values.dgp_id)),
    badge_no: values.badge_no.trim() === '' ? null : Number(values.badge_no.trim()),
    icard_no: textOrNull(values.icard_no),
    is_active: values.is_active,
  };
  if (mode === 'create' || values.password !== '') payload.password = values.password;
  const original = mode === 'edit' ? options.original : undefined;
  if (options.grants) {
    const grants = grantsOf(values);
    if (!original || !sameSet(grants, original.granted_permissions ?? [])) payload.granted_permissions = grants;
  }
  if (options.oversight) {
    const overseen = overseenOf(values);
    if (!original || !sameSet(overseen, original.overseen_company_ids ?? [])) payload.overseen_company_ids = overseen;
  }
  // WhatsApp consent only when it changes (a new person: off and English unless chosen), so a save never re-records it.
  if (values.whatsapp_enabled !== (original?.whatsapp_enabled ?? false))
    payload.whatsapp_enabled = values.whatsapp_enabled;
  if (values.whatsapp_language !== (original?.whatsapp_language ?? 'en'))
    payload.whatsapp_language = values.whatsapp_language;
  if (values.whatsapp_notices_enabled !== (original?.whatsapp_notices_enabled ?? false))
    payload.whatsapp_notices_enabled = values.whatsapp_notices_enabled;
  return payload;
}
