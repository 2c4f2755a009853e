import { describe, expect, it } from 'vitest';
import { APPROVAL_ROLES, defaultApprovalRoleFor, isApprovalRole } from './designations.rules.js';

describe('defaultApprovalRoleFor (the spec’s text rule on a designation’s name)', () => {
  it('reads clerk, officer, and commandant or executive, in any case', () => {
    expect(defaultApprovalRoleFor('Senior Clerk')).toBe('clerk');
    expect(defaultApprovalRoleFor('CLERK')).toBe('clerk');
    expect(defaultApprovalRoleFor('Police Officer')).toBe('officer');
    expect(defaultApprovalRoleFor('Administrative Officer')).toBe('officer');
    expect(defaultApprovalRoleFor('Deputy Commandant')).toBe('commandant');
    expect(defaultApprovalRoleFor('Executive Assistant')).toBe('commandant');
  });

  it('checks clerk first, then officer, as the text rule always did', () => {
    expect(defaultApprovalRoleFor('Clerk to the Commandant')).toBe('clerk');
    expect(defaultApprovalRoleFor('Executive Officer')).toBe('officer');
  });

  it('gives none to every other name, admin included', () => {
    for (const name of [
      'Police Constable',
      'Inspector',
      'Administration',
      'Admin',
      'पोलीस शिपाई',
      '',
      null,
      undefined,
    ]) {
      expect(defaultApprovalRoleFor(name), String(name)).toBe('none');
    }
  });

  it('knows the four values', () => {
    expect(APPROVAL_ROLES).toEqual(['none', 'clerk', 'officer', 'commandant']);
    expect(isApprovalRole('officer')).toBe(true);
    expect(isApprovalRole('Officer')).toBe(false);
    expect(isApprovalRole('admin')).toBe(false);
    expect(isApprovalRole(null)).toBe(false);
  });
});
