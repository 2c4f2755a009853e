/**
 * The permission table of the spec (document 1, section 6) and the authorization issue's additions:
 * `manage_payslips` (a company's salary slips), `manage_trash` (restore and purge deleted
 * documents) and `send_whatsapp` (the messaging overview: messages, campaigns, exports; issue 31). docs/SECURITY.md explains every place where this departs from the spec's table.
 */
export const PERMISSIONS = [
  'manage_users',
  'manage_companies',
  'view_all_orders',
  'approve_orders',
  'reject_orders',
  'create_circulars',
  'delete_circulars',
  'view_audit_logs',
  'manage_reminders',
  'view_all_kpis',
  'upload_documents',
  'delete_documents',
  'view_document_stats',
  'upload_forms',
  'manage_forms',
  'manage_categories',
  'manage_payslips',
  'manage_trash',
  'send_whatsapp',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);

export const ROLES = ['superadmin', 'admin', 'executive', 'company_lead', 'officer', 'manager', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that hold every permission and act across every company. */
export const ADMIN_ROLES = ['superadmin', 'admin'] as const;

/**
 * What every other role holds: the spec's viewer gives everybody the contributing powers (uploading
 * documents and forms). Its organising and destructive powers (`manage_forms`, `manage_categories`)
 * are grants now, because every imported user is a viewer.
 */
const MEMBER_PERMISSIONS: readonly Permission[] = ['upload_documents', 'upload_forms'];

/**
 * The permissions an administrator may grant one person on top of their role: a company's finance
 * clerk gets `manage_payslips`, a records clerk `manage_categories`. Managing users and companies,
 * the audit log and the trash stay with the admin roles; they are given by making someone an admin.
 */
export const GRANTABLE_PERMISSIONS = [
  'manage_payslips',
  'send_whatsapp',
  'manage_categories',
  'manage_forms',
  'view_all_kpis',
  'view_document_stats',
  'approve_orders',
  'reject_orders',
  'create_circulars',
  'delete_circulars',
  'delete_documents',
  'view_all_orders',
  'manage_reminders',
] as const satisfies readonly Permission[];
export type GrantablePermission = (typeof GRANTABLE_PERMISSIONS)[number];

export const isGrantablePermission = (value: unknown): value is GrantablePermission =>
  typeof value === 'string' && (GRANTABLE_PERMISSIONS as readonly string[]).includes(value);

/** Unknown or missing roles are treated as viewers. */
export function normaliseRole(role: string | null | undefined): string {
  const value = (role ?? '').trim().toLowerCase();
  return value === '' ? 'viewer' : value;
}

/** superadmin and admin: every permission, across every company. */
export function isAdministrator(role: string | null | undefined): boolean {
  return (ADMIN_ROLES as readonly string[]).includes(normaliseRole(role));
}

/** A role's permissions plus the ones granted to the person (unknown grant names count for nothing). */
export function permissionsOf(
  role: string | null | undefined,
  grants: readonly string[] = [],
): ReadonlySet<Permission> {
  if (isAdministrator(role)) return new Set(PERMISSIONS);
  return new Set([...MEMBER_PERMISSIONS, ...grants.filter(isGrantablePermission)]);
}

export function hasPermission(
  role: string | null | undefined,
  permission: Permission,
  grants: readonly string[] = [],
): boolean {
  return permissionsOf(role, grants).has(permission);
}

/** The spec's admin check is true only for the role admin. */
export function isAdminRole(role: string | null | undefined): boolean {
  return normaliseRole(role) === 'admin';
}
