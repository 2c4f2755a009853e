import { describe, expect, it } from 'vitest';
import { assignableRoles, roleTone } from './roles';

describe('roleTone', () => {
  it('gives the colours of the page with the stat cards', () => {
    expect(
      ['superadmin', 'admin', 'executive', 'company_lead', 'officer', 'viewer', 'manager'].map((role) =>
        roleTone(role),
      ),
    ).toEqual(['danger', 'danger', 'warning', 'info', 'primary', 'secondary', 'neutral']);
  });

  it('gives admin primary and viewer accent in the simpler variant', () => {
    expect(roleTone('admin', 'simple')).toBe('primary');
    expect(roleTone('viewer', 'simple')).toBe('accent');
    expect(roleTone(undefined, 'simple')).toBe('neutral');
  });
});

describe('assignableRoles', () => {
  const roles = ['superadmin', 'admin', 'viewer'];

  it('offers superadmin only to a superadmin', () => {
    expect(assignableRoles(roles, 'superadmin')).toEqual(roles);
    expect(assignableRoles(roles, 'admin')).toEqual(['admin', 'viewer']);
  });

  it('keeps the edited user’s own role in the list', () => {
    expect(assignableRoles(roles, 'admin', 'superadmin')).toEqual(roles);
    expect(assignableRoles(['admin'], 'admin', 'manager')).toEqual(['admin', 'manager']);
  });
});
