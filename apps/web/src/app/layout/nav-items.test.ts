import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, navItemsFor } from './nav-items';

describe('the side navigation', () => {
  it('shows Users only to people who manage users, Messaging only to holders of send_whatsapp; everything else to everybody', () => {
    expect(navItemsFor(() => true, { role: 'admin' })).toEqual(NAV_ITEMS);
    const paths = navItemsFor(() => false, { role: 'viewer' }).map((item) => item.to);
    expect(paths).not.toContain('/users');
    expect(paths).not.toContain('/whatsapp');
    expect(paths).toEqual(
      NAV_ITEMS.filter((item) => item.permission === undefined && item.policy === undefined).map((item) => item.to),
    );
  });

  it('shows System Health to administrators only, whatever they were granted', () => {
    for (const role of ['superadmin', 'admin']) {
      expect(navItemsFor(() => true, { role }).map((item) => item.to)).toContain('/health');
    }
    for (const role of ['executive', 'company_lead', 'officer', 'manager', 'viewer']) {
      expect(
        navItemsFor(() => true, { role }).map((item) => item.to),
        role,
      ).not.toContain('/health');
    }
  });
});
