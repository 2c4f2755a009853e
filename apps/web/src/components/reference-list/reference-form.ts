import { z } from 'zod';
import type { ReferenceKind, ReferenceRow } from './reference-kind';

export interface ReferenceFormValues {
  name: string;
  code: string;
  active: boolean;
}

/** Name and code are required (document 2, section 5); messages are keys of the kind's namespace. */
export function referenceFormSchema({ nameMax, codeMax }: Pick<ReferenceKind, 'nameMax' | 'codeMax'>) {
  return z.object({
    name: z.string().trim().min(1, { message: 'form.nameRequired', abort: true }).max(nameMax, 'form.nameTooLong'),
    code: z.string().trim().min(1, { message: 'form.codeRequired', abort: true }).max(codeMax, 'form.codeTooLong'),
    active: z.boolean(),
  });
}

/** A new row starts active (document 2, sections 3 and 5); an edited one is active unless it is explicitly not. */
export function referenceToFormValues(row?: Pick<ReferenceRow, 'name' | 'code' | 'active'> | null): ReferenceFormValues {
  if (!row) return { name: '', code: '', active: true };
  return { name: row.name, code: row.code, active: row.active !== false };
}

export type ActiveFilter = '' | 'true' | 'false';

export interface ReferenceFilters {
  search: string;
  active: ActiveFilter;
}

export const EMPTY_REFERENCE_FILTERS: ReferenceFilters = { search: '', active: '' };

export type ReferenceListQuery = { search?: string; active?: string; page: number; limit: number };

/** The list's parameters: search, active, page, limit; blank filters are left out. */
export function referenceListQuery(filters: ReferenceFilters, page: number, limit: number): ReferenceListQuery {
  return { search: filters.search.trim() || undefined, active: filters.active || undefined, page, limit };
}

/**
 * The text after 'Create failed: ' or 'Update failed: ' (document 2, section 8): the server's message
 * when there is one, otherwise null (the caller shows 'Failed to create company' and the like).
 */
export function failureReason(error: unknown): string | null {
  const message = (error as { message?: string } | null)?.message?.trim();
  return message ? message : null;
}

/** The server's field names on this form: a duplicate code (409) or a refused name shows on its field. */
export const REFERENCE_ERROR_FIELDS: Readonly<Record<string, 'name' | 'code'>> = { name: 'name', code: 'code' };
