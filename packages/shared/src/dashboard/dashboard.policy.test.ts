import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor.js';
import { seesOwnDashboard } from './dashboard.policy.js';

const constable: Actor = {
  userId: 7,
  role: 'viewer',
  companyId: 1,
  overseenCompanyIds: [],
  grants: [],
  approvalRole: null,
};

describe('seesOwnDashboard', () => {
  it('gives a constable (a viewer with no chain step) his own dashboard', () => {
    expect(seesOwnDashboard(constable)).toBe(true);
  });

  it('keeps the figures for administrators, view_all_kpis grants, chain roles and overseers', () => {
    expect(seesOwnDashboard({ ...constable, role: 'admin', approvalRole: 'commandant' })).toBe(false);
    expect(seesOwnDashboard({ ...constable, grants: ['view_all_kpis'] })).toBe(false);
    expect(seesOwnDashboard({ ...constable, approvalRole: 'clerk' })).toBe(false);
    expect(seesOwnDashboard({ ...constable, approvalRole: 'officer' })).toBe(false);
    expect(seesOwnDashboard({ ...constable, overseenCompanyIds: [2] })).toBe(false);
  });
});
