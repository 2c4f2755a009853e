import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './audit-actions.js';
import { ZAuditQuery } from './audit.schemas.js';

describe('audit actions', () => {
  it('are unique and named <entity>.<verb>', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });

  it('cover every library and folder level', () => {
    for (const key of ['order', 'circular', 'decision']) {
      expect(AUDIT_ACTIONS).toContain(`${key}.approve`);
      expect(AUDIT_ACTIONS).toContain(`${key}_category.delete`);
      expect(AUDIT_ACTIONS).toContain(`${key}_subcategory.update`);
    }
  });

  it('are what the audit list filters on: a known action passes, anything else is refused', () => {
    expect(ZAuditQuery.parse({ action: 'auth.login' }).action).toBe('auth.login');
    expect(ZAuditQuery.safeParse({ action: 'auth.hack' }).success).toBe(false);
  });
});
