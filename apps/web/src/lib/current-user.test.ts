import { describe, expect, it } from 'vitest';
import { roleNameOf, toCurrentUser } from './current-user';

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
    expect(toCurrentUser({ id: 7, role: 'officer', company_id: 3 })).toMatchObject({ id: 7, role: 'officer', companyId: 3 });
  });

  it('answers permissions from the shared table', () => {
    expect(toCurrentUser({ role: 'admin' }).can('manage_users')).toBe(true);
    expect(toCurrentUser({ role: 'superadmin' }).can('approve_orders')).toBe(true);
    expect(toCurrentUser({ role: 'officer' }).can('manage_users')).toBe(false);
    expect(toCurrentUser({ role: 'officer' }).can('upload_documents')).toBe(true);
    expect(toCurrentUser(null).can('manage_companies')).toBe(false);
  });
});
