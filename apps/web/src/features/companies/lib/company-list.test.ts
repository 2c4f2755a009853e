import { describe, expect, it } from 'vitest';
import { COMPANY_LIST } from './company-list';

describe('the companies list', () => {
  it('lists /companies by 10 for manage_companies, with names of up to 200 and codes of up to 50 characters', () => {
    expect(COMPANY_LIST).toMatchObject({
      endpoint: '/companies',
      queryKey: 'companies',
      item: 'company',
      namespace: 'companies',
      eyebrowKey: 'page.eyebrow',
      permission: 'manage_companies',
      pageSize: 10,
      nameMax: 200,
      codeMax: 50,
    });
    // Approval roles belong to designations only.
    expect(COMPANY_LIST.approvalRole).toBeUndefined();
  });
});
