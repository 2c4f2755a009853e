import { describe, expect, it } from 'vitest';
import { designationTitleOf } from './user-title';

describe('designationTitleOf', () => {
  it('names the designation of the list first', () => {
    expect(designationTitleOf({ designation_name: 'Police Constable', designation: 'PC' })).toBe('Police Constable');
  });

  it('falls back to the free-text designation', () => {
    expect(designationTitleOf({ designation_name: null, designation: 'Clerk' })).toBe('Clerk');
  });

  it('is null for a person without a designation, blank ones included, or no record', () => {
    expect(designationTitleOf({ designation_name: '  ', designation: '' })).toBeNull();
    expect(designationTitleOf({})).toBeNull();
    expect(designationTitleOf(null)).toBeNull();
  });
});
