/**
 * The approval role a designation gives its holders (the authorization issue): the step of the
 * appointments' approval chain they take and the remark they write. Zod-free, so the web's settings
 * form can import it from `@srpf/shared/designations/designations.rules`.
 */

/** 'none': the designation's holders take no step and write no remark. */
export const APPROVAL_ROLES = ['none', 'clerk', 'officer', 'commandant'] as const;
export type ApprovalRole = (typeof APPROVAL_ROLES)[number];
export const DEFAULT_APPROVAL_ROLE: ApprovalRole = 'none';

export const isApprovalRole = (value: unknown): value is ApprovalRole =>
  typeof value === 'string' && (APPROVAL_ROLES as readonly string[]).includes(value);

/**
 * The spec's text rule (document 2, section 6) applied to a designation's name: containing 'clerk'
 * gives clerk, 'officer' officer, 'commandant' or 'executive' commandant (checked in that order, any
 * case), anything else none. It is only the default of a new designation (when its create names no
 * approval role) and the backfill of the designations that existed before the column; the stored
 * value, which an administrator may change, is what counts. A rename keeps the stored value.
 */
export function defaultApprovalRoleFor(name: string | null | undefined): ApprovalRole {
  const value = (name ?? '').toLowerCase();
  if (value.includes('clerk')) return 'clerk';
  if (value.includes('officer')) return 'officer';
  if (value.includes('commandant') || value.includes('executive')) return 'commandant';
  return 'none';
}
