import { describe, expect, it } from 'vitest';
import type { TSessionUser } from '@srpf/shared';
import { mergeSessionUser, type StoredUser } from './session';

const session = (overrides: Partial<TSessionUser> = {}): TSessionUser => ({
  id: 8,
  first_name: 'Sachin',
  full_name: 'Sachin Patil',
  role: 'viewer',
  role_name: 'viewer',
  email: 's@srpf.test',
  phone_number: null,
  must_change_password: false,
  ...overrides,
});

describe('storing the session user', () => {
  const record: StoredUser = {
    ...session(),
    company_id: 3,
    granted_permissions: ['manage_categories'],
    overseen_company_ids: [5],
    approval_role: 'clerk',
  };

  it("keeps the full record's grants, company and approval role for the same person (a refresh, a password change)", () => {
    expect(mergeSessionUser(record, session({ first_name: 'Sachin R', must_change_password: true }))).toEqual({
      ...record,
      first_name: 'Sachin R',
      must_change_password: true,
    });
  });

  it('keeps nothing of another person', () => {
    expect(mergeSessionUser(record, session({ id: 9 }))).toEqual(session({ id: 9 }));
    expect(mergeSessionUser(null, session())).toEqual(session());
  });
});
