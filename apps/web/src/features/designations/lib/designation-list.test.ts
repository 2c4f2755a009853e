import { describe, expect, it } from 'vitest';
import { DESIGNATION_LIST } from './designation-list';

describe('the designations list', () => {
  it('lists /designations by 10 for manage_companies, with names of up to 100 and codes of up to 50 characters', () => {
    expect(DESIGNATION_LIST).toMatchObject({
      endpoint: '/designations',
      queryKey: 'designations',
      item: 'designation',
      namespace: 'designations',
      permission: 'manage_companies',
      pageSize: 10,
      nameMax: 100,
      codeMax: 50,
    });
    expect(DESIGNATION_LIST.eyebrowKey).toBeUndefined();
    expect(DESIGNATION_LIST.approvalRole).toBe(true);
  });
});
