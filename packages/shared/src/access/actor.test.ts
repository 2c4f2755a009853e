import { describe, expect, it } from 'vitest';
import { GRANTABLE_PERMISSIONS, hasPermission, permissionsOf } from '../common/permissions.js';
import { actorCan, companyRecordScope, companyScopeOf, inCompanyScope, type Actor } from './actor.js';
import { mayAssignOverseenCompanies, mayGrantPermissions, mayManageUser, mayReadUser } from '../users/users.policy.js';
import { dashboardAppointmentScope, mayExportDashboard } from '../dashboard/dashboard.policy.js';

const person = (overrides: Partial<Actor> = {}): Actor => ({
  userId: 7,
  role: 'viewer',
  companyId: 3,
  overseenCompanyIds: [],
  grants: [],
  approvalRole: null,
  ...overrides,
});

describe('permissions', () => {
  it('gives every role but the admin ones only the contributing powers, and grants on top', () => {
    for (const role of ['viewer', 'officer', 'executive', 'company_lead', 'manager', 'unknown', null]) {
      expect([...permissionsOf(role)].sort(), String(role)).toEqual(['upload_documents', 'upload_forms']);
    }
    expect(hasPermission('viewer', 'manage_categories')).toBe(false);
    expect(hasPermission('viewer', 'manage_categories', ['manage_categories'])).toBe(true);
    expect(hasPermission('admin', 'manage_trash')).toBe(true);
    expect(hasPermission('viewer', 'manage_users', ['manage_users'])).toBe(false);
    expect(GRANTABLE_PERMISSIONS).not.toContain('manage_users');
    expect(GRANTABLE_PERMISSIONS).not.toContain('manage_trash');
  });

  it('reads grants through actorCan', () => {
    expect(actorCan(person({ grants: ['manage_payslips'] }), 'manage_payslips')).toBe(true);
    expect(actorCan(person(), 'manage_payslips')).toBe(false);
  });
});

describe('the company scope', () => {
  it('is every company for administrators, else the own one and the overseen ones', () => {
    expect(companyScopeOf(person({ role: 'superadmin' }))).toBe('all');
    expect(companyScopeOf(person({ overseenCompanyIds: [9, 1] }))).toEqual([1, 3, 9]);
    expect(companyScopeOf(person({ companyId: null }))).toEqual([]);
    expect(companyRecordScope(person({ companyId: null }))).toEqual({ selfId: 7, companyIds: [] });
    expect(inCompanyScope(person(), 3)).toBe(true);
    expect(inCompanyScope(person(), 4)).toBe(false);
    expect(inCompanyScope(person(), null)).toBe(false);
  });
});

describe('the users policy', () => {
  it('lets everyone read themselves and managers the people of their scope', () => {
    expect(mayReadUser(person(), { id: 7, companyId: 3 })).toBe(true);
    expect(mayReadUser(person(), { id: 8, companyId: 3 })).toBe(false);
    expect(mayReadUser(person({ role: 'admin' }), { id: 8, companyId: 99 })).toBe(true);
    expect(mayManageUser(person({ role: 'admin' }), { id: 8, companyId: 3, role: 'superadmin' })).toBe(false);
    expect(mayManageUser(person({ role: 'superadmin' }), { id: 8, companyId: 3, role: 'superadmin' })).toBe(true);
    expect(mayGrantPermissions(person({ role: 'admin' }))).toBe(true);
    expect(mayGrantPermissions(person())).toBe(false);
    expect(mayAssignOverseenCompanies(person({ role: 'admin' }))).toBe(false);
    expect(mayAssignOverseenCompanies(person({ role: 'superadmin' }))).toBe(true);
  });
});

describe('the dashboard policy', () => {
  it('counts what one may read, or the companies’ appointments with view_all_kpis, which the export needs', () => {
    expect(dashboardAppointmentScope(person())).toEqual({ selfId: 7, companyIds: [] });
    expect(dashboardAppointmentScope(person({ grants: ['view_all_kpis'] }))).toEqual({ selfId: 7, companyIds: [3] });
    expect(mayExportDashboard(person())).toBe(false);
    expect(mayExportDashboard(person({ grants: ['view_all_kpis'] }))).toBe(true);
  });
});
