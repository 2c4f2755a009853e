import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, navItemsFor } from './nav-items';

describe('the side navigation', () => {
  it('shows Users only to people who manage users, Messaging only to holders of send_whatsapp; everything else to everybody', () => {
    expect(navItemsFor(() => true)).toEqual(NAV_ITEMS);
    const paths = navItemsFor(() => false).map((item) => item.to);
    expect(paths).not.toContain('/users');
    expect(paths).not.toContain('/whatsapp');
    expect(paths).toEqual(NAV_ITEMS.filter((item) => item.permission === undefined).map((item) => item.to));
  });
});
