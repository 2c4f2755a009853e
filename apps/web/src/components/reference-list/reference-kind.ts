import type { LucideIcon } from 'lucide-react';
import type { Permission } from '@srpf/shared/common/permissions';
import type { ApprovalRole } from '@srpf/shared/designations/designations.rules';

/** A row of a name-code-active list; TCompany and TDesignation both have this shape (a designation also has its approval role). */
export interface ReferenceRow {
  id: number;
  name: string;
  code: string;
  active: boolean;
  approval_role?: ApprovalRole;
  created_at: string;
}

/**
 * What one name-code-active list (companies, designations) has of its own; the screen, the form, the
 * calls and the rules are shared. `Item` is the key a create or update response holds the row under.
 */
export interface ReferenceKind<Item extends string = string> {
  /** GET lists it, POST adds to it, PUT `{endpoint}/{id}` changes a row. */
  endpoint: string;
  /** The first part of each of the kind's query keys, so that a save refreshes them all, the user screens' lookups included. */
  queryKey: string;
  /** The singular name: the response's key, the form's id and the word of the log line. */
  item: Item;
  /** The texts; every kind has the keys of the companies namespace, less `page.eyebrow` where eyebrowKey is absent. */
  namespace: string;
  eyebrowKey?: string;
  permission: Permission;
  pageSize: number;
  nameMax: number;
  codeMax: number;
  emptyIcon: LucideIcon;
  /**
   * Designations only: the rows carry an approval role (the approval chain's step of their holders),
   * shown as a column and chosen in the form; its texts are `form.approvalRole*`, `table.approvalRole`
   * and `approvalRoles.*` of the kind's namespace.
   */
  approvalRole?: boolean;
}
