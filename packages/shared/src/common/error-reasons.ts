import type { ErrorCode } from './errors.js';

/**
 * Why an answer failed, finer than its `code`: the web words each reason in the reader's language
 * (locales/<language>/errors.json, one text per reason whose {{placeholders}} are exactly the
 * reason's params), so the server's English `message` stays for API clients only.
 *
 * A reason names its coarse code (hence the HTTP status) and the names of the params its text needs;
 * `AppError` takes a reason and exactly those params, so the server cannot send an unregistered
 * reason or forget a param. Reasons are `<area>.<what>` (a new area registers its own from its first
 * route); the generic reasons (one per code, no dot) cover framework and unexpected errors.
 *
 * No zod here: the sign-in page imports this file on its own (`@srpf/shared/common/error-reasons`).
 */
const reason = <const C extends ErrorCode, const P extends readonly string[] = []>(code: C, ...params: P) => ({
  code,
  params,
});

export const ERROR_REASONS = {
  // Generic: one per code, for framework errors and anything not more precise.
  validation_failed: reason('VALIDATION_FAILED'),
  not_found: reason('NOT_FOUND'),
  already_exists: reason('ALREADY_EXISTS'),
  forbidden: reason('FORBIDDEN'),
  unauthenticated: reason('UNAUTHENTICATED'),
  invalid_file: reason('INVALID_FILE'),
  file_too_large: reason('FILE_TOO_LARGE'),
  conflict: reason('CONFLICT'),
  rate_limited: reason('RATE_LIMITED'),
  password_change_required: reason('PASSWORD_CHANGE_REQUIRED'),
  password_expired: reason('PASSWORD_EXPIRED'),
  internal: reason('INTERNAL'),

  // Requests as a whole (lib/error-handler.ts).
  'request.route_not_found': reason('NOT_FOUND'),
  'request.too_large': reason('FILE_TOO_LARGE'),
  'request.url_invalid': reason('VALIDATION_FAILED'),
  'request.path_param_too_long': reason('VALIDATION_FAILED'),
  'request.concurrent_change': reason('CONFLICT'),
  /** The API's request rate limit (@fastify/rate-limit). */
  'request.rate_limited': reason('RATE_LIMITED', 'seconds'),

  // One field's value (a declared schema's zod issues, or a service's own check).
  'validation.required': reason('VALIDATION_FAILED'),
  'validation.invalid': reason('VALIDATION_FAILED'),
  'validation.invalid_type': reason('VALIDATION_FAILED'),
  'validation.invalid_format': reason('VALIDATION_FAILED'),
  'validation.invalid_choice': reason('VALIDATION_FAILED'),
  'validation.unknown_field': reason('VALIDATION_FAILED'),
  'validation.too_short': reason('VALIDATION_FAILED', 'minimum'),
  'validation.too_long': reason('VALIDATION_FAILED', 'maximum'),
  'validation.too_small': reason('VALIDATION_FAILED', 'minimum'),
  'validation.too_big': reason('VALIDATION_FAILED', 'maximum'),
  'validation.too_few': reason('VALIDATION_FAILED', 'minimum'),
  'validation.too_many': reason('VALIDATION_FAILED', 'maximum'),
  'validation.no_change': reason('VALIDATION_FAILED'),
  'validation.text_has_nul': reason('VALIDATION_FAILED'),
  'validation.company_not_found': reason('VALIDATION_FAILED'),
  'validation.designation_not_found': reason('VALIDATION_FAILED'),
  'validation.user_not_found': reason('VALIDATION_FAILED'),
  'validation.category_not_found': reason('VALIDATION_FAILED'),
  'validation.subcategory_not_found': reason('VALIDATION_FAILED'),
  'validation.folder_not_found': reason('VALIDATION_FAILED'),
  'validation.date_in_past': reason('VALIDATION_FAILED'),
  'validation.end_before_start': reason('VALIDATION_FAILED'),

  // Multipart uploads and their files (lib/pdf-upload.ts, payslips, user import).
  'upload.not_multipart': reason('VALIDATION_FAILED'),
  'upload.cut_short': reason('VALIDATION_FAILED'),
  'upload.unreadable': reason('VALIDATION_FAILED'),
  'upload.too_many_fields': reason('VALIDATION_FAILED'),
  'upload.reserved_field_name': reason('VALIDATION_FAILED'),
  'upload.one_file_only': reason('VALIDATION_FAILED'),
  'upload.no_file': reason('VALIDATION_FAILED'),
  'upload.not_pdf': reason('INVALID_FILE'),
  'upload.pdf_too_large': reason('FILE_TOO_LARGE', 'megabytes'),

  // Sign-in, sessions, tokens.
  'auth.invalid_credentials': reason('UNAUTHENTICATED'),
  'auth.account_inactive': reason('UNAUTHENTICATED'),
  'auth.account_no_longer_active': reason('UNAUTHENTICATED'),
  'auth.password_expired': reason('PASSWORD_EXPIRED'),
  'auth.password_change_required': reason('PASSWORD_CHANGE_REQUIRED'),
  'auth.refresh_token_missing': reason('UNAUTHENTICATED'),
  'auth.refresh_token_invalid': reason('UNAUTHENTICATED'),
  'auth.session_invalid': reason('UNAUTHENTICATED'),
  'auth.session_ended': reason('UNAUTHENTICATED'),
  'auth.session_expired': reason('UNAUTHENTICATED'),
  'auth.token_invalid': reason('UNAUTHENTICATED'),
  'auth.xsrf_invalid': reason('FORBIDDEN'),
  /** The three sign-in throttles (auth.throttle-limits.ts), each its own text; `details` still name the limit. */
  'auth.throttled_account_address': reason('RATE_LIMITED', 'minutes'),
  'auth.throttled_account': reason('RATE_LIMITED', 'minutes'),
  'auth.throttled_address': reason('RATE_LIMITED', 'minutes'),
  'auth.password_change_throttled': reason('RATE_LIMITED', 'minutes'),

  // Users and their profile.
  'users.not_found': reason('NOT_FOUND'),
  'users.email_taken': reason('ALREADY_EXISTS'),
  'users.phone_taken': reason('ALREADY_EXISTS'),
  'users.badge_no_taken': reason('ALREADY_EXISTS'),
  'users.dgp_id_taken': reason('ALREADY_EXISTS'),
  'users.icard_no_taken': reason('ALREADY_EXISTS'),
  'users.superadmin_create_forbidden': reason('FORBIDDEN'),
  'users.superadmin_assign_forbidden': reason('FORBIDDEN'),
  'users.superadmin_change_forbidden': reason('FORBIDDEN'),
  'users.superadmin_delete_forbidden': reason('FORBIDDEN'),
  'users.grant_permissions_forbidden': reason('FORBIDDEN'),
  'users.oversee_companies_forbidden': reason('FORBIDDEN'),
  'users.cannot_deactivate_self': reason('CONFLICT'),
  'users.cannot_change_own_role': reason('CONFLICT'),
  'users.cannot_delete_self': reason('CONFLICT'),
  'users.own_password_from_profile': reason('CONFLICT'),
  'users.unknown_role': reason('VALIDATION_FAILED', 'role'),
  'users.overseen_company_not_found': reason('VALIDATION_FAILED', 'companyId'),
  'users.current_password_incorrect': reason('VALIDATION_FAILED'),
  'users.password_too_common': reason('VALIDATION_FAILED'),
  'users.phone_change_limit': reason('RATE_LIMITED', 'perHour', 'minutes'),
  // A number receives WhatsApp only once it is the person's (issue 31).
  'users.whatsapp_number_unverified': reason('CONFLICT'),
  'users.verification_no_phone': reason('CONFLICT'),
  'users.verification_already_verified': reason('CONFLICT'),
  'users.verification_limit': reason('RATE_LIMITED', 'perHour', 'minutes'),
  'users.verification_code_missing': reason('VALIDATION_FAILED'),
  'users.verification_code_wrong': reason('VALIDATION_FAILED', 'triesLeft'),
  'users.verification_code_used_up': reason('VALIDATION_FAILED'),
  'users.verification_code_expired': reason('VALIDATION_FAILED'),
  'users.import_not_csv': reason('VALIDATION_FAILED'),
  'users.import_no_file': reason('VALIDATION_FAILED'),
  'users.import_file_too_large': reason('FILE_TOO_LARGE', 'megabytes'),
  'users.import_csv_unreadable': reason('VALIDATION_FAILED'),
  'users.import_csv_empty': reason('VALIDATION_FAILED'),
  'users.import_csv_no_rows': reason('VALIDATION_FAILED'),
  'users.import_csv_too_many_rows': reason('VALIDATION_FAILED', 'maximum'),
  'users.import_csv_missing_columns': reason('VALIDATION_FAILED', 'columns'),

  // Companies and designations.
  'companies.not_found': reason('NOT_FOUND'),
  'companies.code_taken': reason('ALREADY_EXISTS'),
  'companies.default_undeletable': reason('CONFLICT'),
  'companies.has_members': reason('CONFLICT', 'count'),
  'companies.still_referenced': reason('CONFLICT'),
  'designations.not_found': reason('NOT_FOUND'),
  'designations.code_taken': reason('ALREADY_EXISTS'),

  // Appointments.
  'appointments.not_found': reason('NOT_FOUND'),
  'appointments.file_in_own_company_only': reason('FORBIDDEN'),
  'appointments.file_for_self_only': reason('FORBIDDEN'),
  'appointments.not_a_leave_request': reason('CONFLICT'),
  'appointments.move_unnamed_admin_only': reason('FORBIDDEN'),
  'appointments.status_change_invalid': reason('CONFLICT'),
  'appointments.own_status_forbidden': reason('FORBIDDEN'),
  'appointments.status_set_forbidden': reason('FORBIDDEN'),
  'appointments.status_reason_required': reason('VALIDATION_FAILED'),
  'appointments.details_locked_in_chain': reason('FORBIDDEN'),
  'appointments.details_edit_forbidden': reason('FORBIDDEN'),
  'appointments.delete_forbidden': reason('FORBIDDEN'),
  'appointments.step_forbidden': reason('FORBIDDEN'),
  'appointments.forward_forbidden': reason('FORBIDDEN'),
  'appointments.counters_forbidden': reason('FORBIDDEN'),
  'appointments.waiting_no_chain_role': reason('FORBIDDEN'),
  'appointments.not_pending': reason('CONFLICT'),
  'appointments.cannot_reschedule': reason('CONFLICT'),
  'appointments.reschedule_approved_forbidden': reason('FORBIDDEN'),
  'appointments.reschedule_forbidden': reason('FORBIDDEN'),
  'appointments.no_free_slot': reason('CONFLICT'),
  'appointments.slot_taken': reason('CONFLICT', 'date', 'time'),
  'appointments.remark_not_yours': reason('FORBIDDEN'),
  'appointments.phone_required': reason('VALIDATION_FAILED'),
  'appointments.date_required': reason('VALIDATION_FAILED'),
  'appointments.required_fields_missing': reason('VALIDATION_FAILED'),

  // Libraries (orders, circulars, government decisions) and their folders.
  'libraries.document_not_found': reason('NOT_FOUND'),
  'libraries.category_not_found': reason('NOT_FOUND'),
  'libraries.subcategory_not_found': reason('NOT_FOUND'),
  'libraries.version_not_found': reason('NOT_FOUND', 'version'),
  'libraries.pdf_not_uploaded': reason('NOT_FOUND'),
  'libraries.version_pdf_not_uploaded': reason('NOT_FOUND', 'version'),
  'libraries.pdf_missing': reason('NOT_FOUND'),
  'libraries.slug_taken': reason('ALREADY_EXISTS'),
  'libraries.category_slug_taken': reason('ALREADY_EXISTS'),
  'libraries.subcategory_slug_taken': reason('ALREADY_EXISTS'),
  'libraries.restore_slug_taken': reason('ALREADY_EXISTS'),
  'libraries.folder_gone': reason('VALIDATION_FAILED'),
  'libraries.subcategory_not_in_category': reason('VALIDATION_FAILED'),
  'libraries.subcategory_moved': reason('CONFLICT'),
  'libraries.document_moved': reason('CONFLICT'),
  'libraries.cannot_supersede_itself': reason('VALIDATION_FAILED'),
  'libraries.superseded_not_found': reason('VALIDATION_FAILED'),
  'libraries.supersede_decided_only': reason('VALIDATION_FAILED'),
  'libraries.supersede_uploader_only': reason('VALIDATION_FAILED'),
  'libraries.edit_forbidden': reason('FORBIDDEN'),
  'libraries.document_frozen': reason('CONFLICT'),
  'libraries.changed_since_read': reason('CONFLICT', 'version'),
  'libraries.not_pending': reason('CONFLICT'),
  'libraries.folder_delete_needs_permission': reason('FORBIDDEN', 'count'),
  'libraries.restore_collided': reason('CONFLICT'),
  'libraries.category_in_trash': reason('CONFLICT', 'name'),

  // Forms and their folders.
  'forms.not_found': reason('NOT_FOUND'),
  'forms.folder_not_found': reason('NOT_FOUND'),
  'forms.pdf_missing': reason('NOT_FOUND'),
  'forms.link_invalid': reason('FORBIDDEN'),
  'forms.link_expired': reason('FORBIDDEN'),
  'forms.upload_forbidden': reason('FORBIDDEN'),
  'forms.edit_forbidden': reason('FORBIDDEN'),
  'forms.delete_forbidden': reason('FORBIDDEN'),
  'forms.stats_forbidden': reason('FORBIDDEN'),
  'forms.manage_folders_forbidden': reason('FORBIDDEN'),
  'forms.folder_delete_needs_permission': reason('FORBIDDEN', 'count'),
  'forms.folder_delete_refused': reason('FORBIDDEN'),
  'forms.moved': reason('CONFLICT'),
  'forms.folder_moved': reason('CONFLICT'),
  'forms.restore_collided': reason('CONFLICT'),
  'forms.parent_in_trash': reason('CONFLICT', 'name'),
  'forms.restore_slug_taken': reason('ALREADY_EXISTS'),
  'forms.slug_taken': reason('VALIDATION_FAILED'),
  'forms.slug_required': reason('VALIDATION_FAILED'),
  'forms.parent_required': reason('VALIDATION_FAILED'),
  'forms.folder_not_in_parent': reason('VALIDATION_FAILED'),

  // Payslips.
  'payslips.not_found': reason('NOT_FOUND'),
  'payslips.upload_forbidden': reason('FORBIDDEN'),
  'payslips.too_many_files': reason('FILE_TOO_LARGE', 'maximum'),
  'payslips.no_files': reason('VALIDATION_FAILED'),
  'payslips.upload_collided': reason('CONFLICT'),
  /** The PDF of a slip, by `pdf_note` (payslipPdfNote): not made yet, waiting for the renderer, failed. */
  'payslips.pdf_not_ready': reason('CONFLICT'),
  'payslips.pdf_renderer_unavailable': reason('CONFLICT'),
  'payslips.pdf_failed': reason('CONFLICT'),
  'payslips.pdf_missing': reason('NOT_FOUND'),

  // WhatsApp messages to one person (POST /whatsapp/send, issue 31).
  'whatsapp.person_not_found': reason('NOT_FOUND'),
  'whatsapp.person_inactive': reason('CONFLICT'),
  'whatsapp.not_enabled': reason('CONFLICT'),
  'whatsapp.number_unverified': reason('CONFLICT'),
  /** The person has not written within 24 hours: only an approved template may go now. */
  'whatsapp.window_closed': reason('CONFLICT'),
  // WhatsApp broadcast campaigns (issue 31).
  'campaigns.not_found': reason('NOT_FOUND'),
  'campaigns.audience_forbidden': reason('FORBIDDEN'),
  'campaigns.template_unknown': reason('VALIDATION_FAILED'),
  'campaigns.parameters_mismatch': reason('VALIDATION_FAILED', 'expected'),
  'campaigns.schedule_past': reason('VALIDATION_FAILED'),
  'campaigns.schedule_too_far': reason('VALIDATION_FAILED', 'days'),
  'campaigns.templates_unavailable': reason('CONFLICT'),
  'campaigns.not_editable': reason('CONFLICT'),
  'campaigns.already_sent': reason('CONFLICT'),
  'campaigns.not_scheduled': reason('CONFLICT'),
  'campaigns.no_recipients': reason('CONFLICT'),
  /** The campaign's company was deactivated since the draft was made: choose the audience again. */
  'campaigns.company_inactive': reason('CONFLICT'),

  // Trash.
  'trash.not_in_trash': reason('NOT_FOUND'),
} as const;

export type ErrorReason = keyof typeof ERROR_REASONS;
export type ErrorReasonCode<R extends ErrorReason> = (typeof ERROR_REASONS)[R]['code'];
/** The reasons of one code (e.g. what `notFound` may raise). */
export type ErrorReasonOf<C extends ErrorCode> = {
  [R in ErrorReason]: ErrorReasonCode<R> extends C ? R : never;
}[ErrorReason];
/** The params a reason's text needs, each a string or a number. */
export type ErrorReasonParams<R extends ErrorReason> = R extends ErrorReason
  ? { [K in (typeof ERROR_REASONS)[R]['params'][number]]: string | number }
  : never;
/** The reasons that need no params. */
export type ErrorReasonWithoutParams = {
  [R in ErrorReason]: (typeof ERROR_REASONS)[R]['params'] extends readonly [] ? R : never;
}[ErrorReason];
export type ErrorParams = Record<string, string | number>;

/** The generic reason of each code: framework errors, and the web's text when a reason is unknown to it. */
export const GENERIC_REASON = {
  VALIDATION_FAILED: 'validation_failed',
  NOT_FOUND: 'not_found',
  ALREADY_EXISTS: 'already_exists',
  FORBIDDEN: 'forbidden',
  UNAUTHENTICATED: 'unauthenticated',
  INVALID_FILE: 'invalid_file',
  FILE_TOO_LARGE: 'file_too_large',
  CONFLICT: 'conflict',
  RATE_LIMITED: 'rate_limited',
  PASSWORD_CHANGE_REQUIRED: 'password_change_required',
  PASSWORD_EXPIRED: 'password_expired',
  INTERNAL: 'internal',
} as const satisfies { [C in ErrorCode]: ErrorReasonOf<C> };

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && Object.hasOwn(ERROR_REASONS, value);
}
