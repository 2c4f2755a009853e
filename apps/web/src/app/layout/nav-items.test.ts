import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, navItemsFor } from './nav-items';

describe('the side navigation', () => {
  it('shows Users only to people who manage users; everything else to everybody', () => {
    expect(navItemsFor(() => true)).toEqual(NAV_ITEMS);
    const paths = navItemsFor(() => false).map((item) => item.to);
    expect(paths).not.toContain('/users');
    expect(paths).toEqual(NAV_ITEMS.filter((item) => item.to !== '/users').map((item) => item.to));
  });
});
