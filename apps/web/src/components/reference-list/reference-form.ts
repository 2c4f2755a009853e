import { z } from 'zod';
import {
  APPROVAL_ROLES,
  defaultApprovalRoleFor,
  type ApprovalRole,
} from '@srpf/shared/designations/designations.rules';
import type { ReferenceKind, ReferenceRow } from './reference-kind';

/** `approval_role` is sent only for a kind with approval roles (designations). */
export interface ReferenceFormValues {
  name: string;
  code: string;
  active: boolean;
  approval_role: ApprovalRole;
}

/** Name and code are required (document 2, section 5); messages are keys of the kind's namespace. */
export function referenceFormSchema({ nameMax, codeMax }: Pick<ReferenceKind, 'nameMax' | 'codeMax'>) {
  return z.object({
    name: z.string().trim().min(1, { message: 'form.nameRequired', abort: true }).max(nameMax, 'form.nameTooLong'),
    code: z.string().trim().min(1, { message: 'form.codeRequired', abort: true }).max(codeMax, 'form.codeTooLong'),
    active: z.boolean(),
    approval_role: z.enum(APPROVAL_ROLES),
  });
}

/**
 * A new row starts active (document 2, sections 3 and 5); an edited one is active unless it is
 * explicitly not. A new row's approval role follows its name (`defaultApprovalRoleFor`, the server's
 * default, so what is shown is what is saved) until someone chooses one; an edited one keeps its
 * stored role (a rename does not change it on the server either).
 */
export function referenceToFormValues(
  row?: Pick<ReferenceRow, 'name' | 'code' | 'active' | 'approval_role'> | null,
): ReferenceFormValues {
  if (!row) return { name: '', code: '', active: true, approval_role: defaultApprovalRoleFor('') };
  return { name: row.name, code: row.code, active: row.active !== false, approval_role: row.approval_role ?? 'none' };
}

/** The body of a create or update: name, code, active, and the approval role where the kind has one. */
export function referenceBody(
  kind: Pick<ReferenceKind, 'approvalRole'>,
  values: ReferenceFormValues,
): { name: string; code: string; active: boolean; approval_role?: ApprovalRole } {
  const body = { name: values.name.trim(), code: values.code.trim(), active: values.active };
  return kind.approvalRole ? { ...body, approval_role: values.approval_role } : body;
}

/** The badge tone of an approval role in the list: none is quiet, the chain's steps stand out. */
export const APPROVAL_ROLE_TONES = {
  none: 'neutral',
  clerk: 'info',
  officer: 'primary',
  commandant: 'accent',
} as const satisfies Record<ApprovalRole, string>;

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

/** The server's field names on this form: a duplicate code (409), a refused name or approval role shows on its field. */
export const REFERENCE_ERROR_FIELDS: Readonly<Record<string, 'name' | 'code' | 'approval_role'>> = {
  name: 'name',
  code: 'code',
  approval_role: 'approval_role',
};
