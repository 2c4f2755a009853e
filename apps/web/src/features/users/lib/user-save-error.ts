import { COMMON_PASSWORD_MESSAGE } from '@srpf/shared/users/users.rules';
import { apiErrorFields } from '../../../lib/form-errors';
import { errorText } from '../../../lib/error-text';
import type { UserFormField } from './user-form';

/** A text for the user: a key of the users namespace (with values), or the server's own words. */
export type Message = { key: string; values?: Record<string, string> } | { text: string };

export interface SaveFailure {
  /** Errors to put on the form's fields. */
  fields: Partial<Record<UserFormField, Message>>;
  /** The toast. */
  toast: Message;
}

interface ErrorLike {
  status: number;
  code: string;
  message: string;
  field?: string;
  details?: { field: string; message: string }[];
}

/** The server's names of the user fields (it accepts two names for some) mapped to the form's. */
const FORM_FIELDS: Readonly<Record<string, UserFormField>> = {
  first_name: 'first_name',
  middle_name: 'middle_name',
  last_name: 'last_name',
  email: 'email',
  phone: 'phone',
  phone_number: 'phone',
  password: 'password',
  role: 'role',
  role_name: 'role',
  company_id: 'company_id',
  designation_id: 'designation_id',
  designation: 'designation_id',
  dgp_id: 'dgp_id',
  badge_no: 'badge_no',
  icard_no: 'icard_no',
  is_active: 'is_active',
  active: 'is_active',
};

/** The duplicate messages of document 2, section 8, by the field the 409 names. */
const DUPLICATE_KEYS: Partial<Record<UserFormField, string>> = {
  email: 'errors.emailExists',
  phone: 'errors.phoneExists',
  badge_no: 'errors.badgeNoExists',
  dgp_id: 'errors.dgpIdExists',
  icard_no: 'errors.icardNoExists',
};

/** Older servers name the duplicate only in the message ('email already exists', 'badge no already exists'). */
const DUPLICATE_PATTERNS: [RegExp, UserFormField][] = [
  [/email already exists/i, 'email'],
  [/phone already exists/i, 'phone'],
  [/badge (no|number) already exists/i, 'badge_no'],
  [/dgp id already exists/i, 'dgp_id'],
  [/icard (no|number) already exists/i, 'icard_no'],
];

/** Server messages shown in the reader's language: the server alone judges a password's strength. */
const SERVER_TEXT_KEYS: Readonly<Record<string, string>> = {
  [COMMON_PASSWORD_MESSAGE]: 'validation.passwordTooCommon',
};

/** The status fallbacks of document 2, section 8, for a failure that names no field. */
function statusMessage(error: ErrorLike): Message {
  if (error.status === 0) return { key: 'errors.network' };
  if (error.status === 400) return { key: 'errors.invalidData' };
  if (error.status === 401) return { key: 'errors.authRequired' };
  // The server's text says which rule refused (a superadmin can only be created by a superadmin).
  if (error.status === 403)
    return /^permission denied/i.test(error.message) ? { text: errorText(error) } : { key: 'errors.permissionDenied' };
  if (error.status === 409 && error.code === 'ALREADY_EXISTS') return { key: 'errors.emailTaken' };
  if (error.status >= 500) return { key: 'errors.server' };
  return { key: 'errors.saveFailed', values: { message: errorText(error) } };
}

/**
 * How a failed create or update is shown (document 2, section 8): a duplicate goes on its field and
 * is also toasted; validation details go on their fields; a failure naming one field goes there;
 * anything else is a toast with the status fallback.
 */
export function userSaveFailure(error: ErrorLike): SaveFailure {
  const named = apiErrorFields(error, FORM_FIELDS);
  const duplicateField =
    error.status === 409
      ? ((Object.keys(named) as UserFormField[])[0] ??
        DUPLICATE_PATTERNS.find(([pattern]) => pattern.test(error.message))?.[1])
      : undefined;
  if (duplicateField) {
    const key = DUPLICATE_KEYS[duplicateField];
    const message: Message = key ? { key } : { text: errorText(error) };
    return { fields: { [duplicateField]: message }, toast: message };
  }

  const fields: SaveFailure['fields'] = {};
  for (const [field, text] of Object.entries(named) as [UserFormField, string][])
    fields[field] = SERVER_TEXT_KEYS[text] ? { key: SERVER_TEXT_KEYS[text] } : { text };
  return { fields, toast: statusMessage(error) };
}
