import {
  approvalRoleOf,
  fullNameOf,
  isGrantablePermission,
  permissionsOf,
  PHONE_VERIFIED_SOURCES,
  type PhoneVerifiedSource,
  sessionTimeoutOf,
  WHATSAPP_CONSENT_SOURCES,
  WHATSAPP_LANGUAGES,
  type TSessionUser,
  type TUser,
  type TUserLookup,
  type TWhatsappConsent,
} from '@srpf/shared';
import type { SessionUserRow, UserRow } from './users.repository.js';

export const fullName = fullNameOf;

/** The fields the shell may see of a user; nothing else leaves the server. */
export function toSessionUser(row: SessionUserRow): TSessionUser {
  return {
    id: row.id,
    first_name: row.first_name,
    full_name: fullName(row),
    role: row.role,
    role_name: row.role,
    email: row.email,
    phone_number: row.phone_number,
    must_change_password: row.must_change_password,
  };
}

/** A user for the users screen and the profile: the listed fields only, never the password hash. */
export function toUser(row: UserRow): TUser {
  const name = fullName(row);
  const created = row.created_at.toISOString();
  return {
    id: row.id,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    full_name: name,
    name,
    email: row.email,
    phone_number: row.phone_number,
    role: row.role,
    role_name: row.role,
    role_id: row.role_id,
    company_id: row.company_id,
    company_name: row.company_name,
    company:
      row.company_id !== null && row.company_name !== null ? { id: row.company_id, name: row.company_name } : null,
    designation: row.designation ?? row.designation_name,
    designation_id: row.designation_id,
    designation_name: row.designation_name,
    dgp_id: row.dgp_id,
    badge_no: row.badge_no,
    icard_no: row.icard_no,
    active: row.is_active,
    is_active: row.is_active,
    must_change_password: row.must_change_password,
    session_timeout: sessionTimeoutOf(row.session_timeout_minutes),
    granted_permissions: row.granted_permissions.filter(isGrantablePermission),
    permissions: [...permissionsOf(row.role, row.granted_permissions)],
    overseen_company_ids: row.overseen_company_ids.map(Number),
    approval_role: approvalRoleOf({ role: row.role, designationApprovalRole: row.designation_approval_role }),
    ...whatsappConsentOf(row),
    created_at: created,
    createdAt: created,
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}

/** A person's WhatsApp consent as the user record and the profile show it (issue 19). */
export function whatsappConsentOf(row: {
  whatsapp_enabled: boolean;
  whatsapp_language: string;
  whatsapp_consent_at: Date | null;
  whatsapp_consent_source: string | null;
  phone_verified_at: Date | null;
  phone_verified_source: string | null;
  whatsapp_notices_enabled: boolean;
  whatsapp_notices_consent_at: Date | null;
}): TWhatsappConsent {
  return {
    whatsapp_enabled: row.whatsapp_enabled,
    whatsapp_language: isWhatsappLanguage(row.whatsapp_language) ? row.whatsapp_language : 'en',
    whatsapp_consent_at: row.whatsapp_consent_at ? row.whatsapp_consent_at.toISOString() : null,
    whatsapp_consent_source: isConsentSource(row.whatsapp_consent_source) ? row.whatsapp_consent_source : null,
    phone_verified_at: row.phone_verified_at ? row.phone_verified_at.toISOString() : null,
    phone_verified_source:
      row.phone_verified_at && isVerifiedSource(row.phone_verified_source) ? row.phone_verified_source : null,
    whatsapp_notices_enabled: row.whatsapp_notices_enabled,
    whatsapp_notices_consent_at: row.whatsapp_notices_consent_at ? row.whatsapp_notices_consent_at.toISOString() : null,
  };
}

/** The WhatsApp part of a user record, as the profile's WhatsApp calls answer it. */
export function whatsappSettingsOf(user: TUser): TWhatsappConsent {
  return {
    whatsapp_enabled: user.whatsapp_enabled,
    whatsapp_language: user.whatsapp_language,
    whatsapp_consent_at: user.whatsapp_consent_at,
    whatsapp_consent_source: user.whatsapp_consent_source,
    phone_verified_at: user.phone_verified_at,
    phone_verified_source: user.phone_verified_source,
    whatsapp_notices_enabled: user.whatsapp_notices_enabled,
    whatsapp_notices_consent_at: user.whatsapp_notices_consent_at,
  };
}

const isWhatsappLanguage = (value: string): value is TWhatsappConsent['whatsapp_language'] =>
  (WHATSAPP_LANGUAGES as readonly string[]).includes(value);
const isVerifiedSource = (value: string | null): value is PhoneVerifiedSource =>
  value !== null && (PHONE_VERIFIED_SOURCES as readonly string[]).includes(value);
const isConsentSource = (value: string | null): value is NonNullable<TWhatsappConsent['whatsapp_consent_source']> =>
  value !== null && (WHATSAPP_CONSENT_SOURCES as readonly string[]).includes(value);

/** What the appointment forms may see of a person. */
export function toUserLookup(row: UserRow): TUserLookup {
  return {
    id: row.id,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    full_name: fullName(row),
    phone_number: row.phone_number,
    badge_no: row.badge_no,
    company_id: row.company_id,
    company_name: row.company_name,
    designation_name: row.designation_name,
  };
}
