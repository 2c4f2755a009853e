import { z } from 'zod';
import { idField, roleField } from './users.fields.js';

/** The columns of the import file (document 2, section 5), matched case-insensitively. */
export const IMPORT_COLUMNS = {
  designation: 'DESIGNATION',
  dgp_id: 'SEVARTH ID',
  first_name: 'FIRST NAME',
  middle_name: 'MIDDLE NAME',
  last_name: 'LAST NAME',
  email: 'EMAIL ID',
  phone: 'MOBILE NO',
  /** Optional (issue 19): WhatsApp consent given to the administrator: yes/no (also y/n, true/false, 1/0); blank leaves it off and unrecorded. */
  whatsapp_enabled: 'WHATSAPP',
  /** Optional: en, mr or hi (also English, Marathi, Hindi); blank is en. */
  whatsapp_language: 'WHATSAPP LANGUAGE',
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;
/** MIDDLE NAME may be left out of a file; every other column must be there. */
export const OPTIONAL_IMPORT_COLUMNS: readonly ImportColumn[] = [
  'middle_name',
  'whatsapp_enabled',
  'whatsapp_language',
];

/** The WHATSAPP column's value: true, false, null when blank (not recorded), or undefined when it is not understood. */
export function importWhatsappEnabled(text: string): boolean | null | undefined {
  const value = text.trim().toLowerCase();
  if (value === '') return null;
  if (['yes', 'y', 'true', '1', 'on', 'enabled', 'हो', 'होय', 'हाँ'].includes(value)) return true;
  if (['no', 'n', 'false', '0', 'off', 'disabled', 'नाही', 'नहीं'].includes(value)) return false;
  return undefined;
}

/** The WHATSAPP LANGUAGE column's value: en, mr or hi (null when blank), or undefined when it is not understood. */
export function importWhatsappLanguage(text: string): 'en' | 'mr' | 'hi' | null | undefined {
  const value = text.trim().toLowerCase();
  if (value === '') return null;
  if (value === 'en' || value === 'english') return 'en';
  if (value === 'mr' || value === 'marathi' || value === 'मराठी') return 'mr';
  if (value === 'hi' || value === 'hindi' || value === 'हिंदी' || value === 'हिन्दी') return 'hi';
  return undefined;
}

export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_PREVIEW_ROWS = 10;

/** The form fields sent beside the file: the company and role of every imported user. */
export const ZImportUsersFields = z.object({
  company_id: idField('Company'),
  role: roleField.default('viewer'),
});
export type TImportUsersFields = z.infer<typeof ZImportUsersFields>;

export const ZImportRowResult = z.object({
  /** The row's line in the file; the header is line 1. */
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['created', 'failed', 'skipped']),
  field: z.string().optional(),
  error: z.string().optional(),
  user_id: z.number().int().optional(),
});
export type TImportRowResult = z.infer<typeof ZImportRowResult>;

export const ZImportUsersResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    created: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    results: z.array(ZImportRowResult),
    /** The one-time passwords of the created users, shown once to the administrator. */
    passwords: z.array(z.object({ email: z.string(), name: z.string(), password: z.string() })),
  }),
});
export type TImportUsersResponse = z.infer<typeof ZImportUsersResponse>;
