/** The permission table of the spec (document 1, section 6). */
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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['superadmin', 'admin', 'executive', 'company_lead', 'officer', 'manager', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const VIEWER_PERMISSIONS: readonly Permission[] = ['upload_documents', 'upload_forms', 'manage_forms', 'manage_categories'];

/** Unknown or missing roles are treated as viewers. */
export function normaliseRole(role: string | null | undefined): string {
  const value = (role ?? '').trim().toLowerCase();
  return value === '' ? 'viewer' : value;
}

export function permissionsOf(role: string | null | undefined): ReadonlySet<Permission> {
  const name = normaliseRole(role);
  if (name === 'superadmin' || name === 'admin') return new Set(PERMISSIONS);
  return new Set(VIEWER_PERMISSIONS);
}

export function hasPermission(role: string | null | undefined, permission: Permission): boolean {
  return permissionsOf(role).has(permission);
}

/** The spec's admin check is true only for the role admin. */
export function isAdminRole(role: string | null | undefined): boolean {
  return normaliseRole(role) === 'admin';
}
