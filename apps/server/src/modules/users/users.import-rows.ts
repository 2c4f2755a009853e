import {
  fullNameOf,
  importWhatsappEnabled,
  importWhatsappLanguage,
  isValidDgpId,
  isValidEmail,
  NAME_MAX,
  NAME_MIN,
  normaliseDgpId,
  tenDigitPhone,
} from '@srpf/shared';
import type { CsvUserRecord } from './users.csv.js';
import type { ImportedPerson } from './users.repository.js';

/** A row that passed every check, ready to become a user. */
export interface ImportCandidate extends ImportedPerson {
  line: number;
  name: string;
}

export type RowCheck = { ok: true; candidate: ImportCandidate } | { ok: false; field: string; error: string };

export interface DesignationRef {
  id: number;
  name: string;
  code: string;
}

/** Designations by lower-cased name and by lower-cased code: a row may give either. */
export function designationIndex(designations: DesignationRef[]): Map<string, DesignationRef> {
  const index = new Map<string, DesignationRef>();
  for (const designation of designations) index.set(designation.code.trim().toLowerCase(), designation);
  // Names win over codes when one designation's name is another's code.
  for (const designation of designations) index.set(designation.name.trim().toLowerCase(), designation);
  return index;
}

function nameProblem(value: string, column: string): string | null {
  if (value === '') return `${column} is required`;
  if (value.length < NAME_MIN) return `${column} must be at least ${NAME_MIN} characters`;
  if (value.length > NAME_MAX) return `${column} must be at most ${NAME_MAX} characters`;
  return null;
}

/** The checks of one row, in column order; the first failure is the row's error. */
export function checkRow(record: CsvUserRecord, designations: Map<string, DesignationRef>): RowCheck {
  const v = record.values;
  const fail = (field: string, error: string): RowCheck => ({ ok: false, field, error });

  const firstProblem = nameProblem(v.first_name, 'FIRST NAME');
  if (firstProblem) return fail('first_name', firstProblem);
  if (v.middle_name.length > NAME_MAX) return fail('middle_name', `MIDDLE NAME must be at most ${NAME_MAX} characters`);
  const lastProblem = nameProblem(v.last_name, 'LAST NAME');
  if (lastProblem) return fail('last_name', lastProblem);

  const email = v.email.toLowerCase();
  if (email === '') return fail('email', 'EMAIL ID is required');
  if (!isValidEmail(email)) return fail('email', `EMAIL ID "${v.email}" is not a valid email address`);

  const dgpId = normaliseDgpId(v.dgp_id);
  if (dgpId === '') return fail('dgp_id', 'SEVARTH ID is required');
  if (!isValidDgpId(dgpId))
    return fail('dgp_id', `SEVARTH ID "${v.dgp_id}" must be 7 capital letters followed by 4 digits`);

  let phone: string | null = null;
  if (v.phone !== '') {
    phone = tenDigitPhone(v.phone);
    if (phone === null) return fail('phone', `MOBILE NO "${v.phone}" must be exactly 10 digits`);
  }

  if (v.designation === '') return fail('designation', 'DESIGNATION is required');
  const designation = designations.get(v.designation.toLowerCase());
  if (!designation) return fail('designation', `Unknown designation "${v.designation}"`);

  const whatsappEnabled = importWhatsappEnabled(v.whatsapp_enabled);
  if (whatsappEnabled === undefined)
    return fail('whatsapp_enabled', `WHATSAPP "${v.whatsapp_enabled}" must be yes or no`);
  const whatsappLanguage = importWhatsappLanguage(v.whatsapp_language);
  if (whatsappLanguage === undefined)
    return fail('whatsapp_language', `WHATSAPP LANGUAGE "${v.whatsapp_language}" must be en, mr or hi`);

  const middle = v.middle_name === '' ? null : v.middle_name;
  return {
    ok: true,
    candidate: {
      line: record.line,
      name: fullNameOf({ first_name: v.first_name, middle_name: middle, last_name: v.last_name }),
      first_name: v.first_name,
      middle_name: middle,
      last_name: v.last_name,
      email,
      phone_number: phone,
      dgp_id: dgpId,
      designation_id: designation.id,
      designation: designation.name,
      whatsapp_enabled: whatsappEnabled,
      whatsapp_language: whatsappLanguage,
    },
  };
}
