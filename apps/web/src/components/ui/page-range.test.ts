import { describe, expect, it } from 'vitest';
import { pageRange, shownCount } from './page-range';

describe('pageRange', () => {
  it('gives the first and last row of a page', () => {
    expect(pageRange(1, 10, 42)).toEqual({ from: 1, to: 10 });
    expect(pageRange(5, 10, 42)).toEqual({ from: 41, to: 42 });
  });

  it('is 0 to 0 for an empty list', () => {
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });

  it('never runs past the total on a page beyond the end', () => {
    expect(pageRange(9, 10, 42)).toEqual({ from: 42, to: 42 });
  });
});

describe('shownCount', () => {
  it('writes a capped count as "more than"', () => {
    expect(shownCount(1000, true)).toBe('1000+');
    expect(shownCount(42, false)).toBe('42');
  });
});
