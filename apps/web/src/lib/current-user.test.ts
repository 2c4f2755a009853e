import { describe, expect, it } from 'vitest';
import { actorOf, roleNameOf, toCurrentUser } from './current-user';

describe('the current user', () => {
  it('reads the role from role, else role_name', () => {
    expect(roleNameOf({ role: 'officer', role_name: 'admin' })).toBe('officer');
    expect(roleNameOf({ role: '', role_name: 'company_lead' })).toBe('company_lead');
    expect(roleNameOf({ role: '', role_name: '' })).toBeUndefined();
    expect(roleNameOf(null)).toBeUndefined();
  });

  it('normalises the role once, and a missing user or role is a viewer', () => {
    expect(toCurrentUser({ role: '', role_name: ' Admin ' }).role).toBe('admin');
    expect(toCurrentUser(null)).toMatchObject({ id: undefined, role: 'viewer', companyId: null });
    expect(toCurrentUser({ id: 7, role: 'officer', company_id: 3 })).toMatchObject({
      id: 7,
      role: 'officer',
      companyId: 3,
    });
  });

  it('answers permissions from the shared table', () => {
    expect(toCurrentUser({ role: 'admin' }).can('manage_users')).toBe(true);
    expect(toCurrentUser({ role: 'superadmin' }).can('approve_orders')).toBe(true);
    expect(toCurrentUser({ role: 'officer' }).can('manage_users')).toBe(false);
    expect(toCurrentUser({ role: 'officer' }).can('upload_documents')).toBe(true);
    expect(toCurrentUser(null).can('manage_companies')).toBe(false);
  });

  it('adds the permissions an administrator granted (only grantable ones count)', () => {
    const clerk = toCurrentUser({
      id: 8,
      role: 'viewer',
      granted_permissions: ['manage_categories', 'delete_documents', 'manage_users', 'made_up'],
    });
    expect(clerk.can('manage_categories')).toBe(true);
    expect(clerk.can('delete_documents')).toBe(true);
    expect(clerk.can('upload_documents')).toBe(true);
    // Managing users is never granted, and an unknown name counts for nothing.
    expect(clerk.can('manage_users')).toBe(false);
    expect(clerk.can('view_all_kpis')).toBe(false);
  });

  it('without the full record (the sign-in answer only) a viewer holds the member permissions only', () => {
    const viewer = toCurrentUser({ id: 8, role: 'viewer' });
    expect(viewer.can('manage_categories')).toBe(false);
    expect(viewer.can('delete_documents')).toBe(false);
    expect(viewer.can('approve_orders')).toBe(false);
    expect(viewer.can('upload_forms')).toBe(true);
  });

  it('builds the actor the shared policies read', () => {
    expect(
      actorOf({
        id: 8,
        role: 'Viewer',
        company_id: 3,
        granted_permissions: ['view_all_kpis'],
        overseen_company_ids: [5, 6],
        approval_role: 'clerk',
      }),
    ).toEqual({
      userId: 8,
      role: 'viewer',
      companyId: 3,
      overseenCompanyIds: [5, 6],
      grants: ['view_all_kpis'],
      approvalRole: 'clerk',
    });
    expect(actorOf(null)).toEqual({
      userId: 0,
      role: 'viewer',
      companyId: null,
      overseenCompanyIds: [],
      grants: [],
      approvalRole: null,
    });
    // Administrators act as commandant before their record arrives; an unknown approval role is none.
    expect(actorOf({ id: 1, role: 'superadmin' }).approvalRole).toBe('commandant');
    expect(actorOf({ id: 2, role: 'officer', approval_role: 'inspector' }).approvalRole).toBeNull();
    expect(toCurrentUser({ id: 8, role: 'viewer', company_id: 3 }).actor).toMatchObject({ userId: 8, companyId: 3 });
  });
});
