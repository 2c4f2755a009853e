import { describe, expect, it } from 'vitest';
import { tenDigitPhone } from '../common/phone.js';
import { escapeLike } from '../common/query.js';
import {
  fullNameOf,
  idleTimeoutMinutes,
  isValidDgpId,
  isValidEmail,
  normaliseDgpId,
  passwordChangeProblem,
  SESSION_TIMEOUTS,
  sessionTimeoutOf,
} from './users.rules.js';
import { ZCreateUserRequest, ZUpdateUserRequest } from './users.schemas.js';
import { ZChangePasswordRequest, ZUpdateProfileRequest } from './users.profile.schemas.js';
import { ZCreateCompanyRequest } from '../companies/companies.schemas.js';

describe('DGP ID (SEVARTH ID)', () => {
  it('is upper-cased and must be 7 capital letters then 4 digits', () => {
    expect(normaliseDgpId(' srpfpun1011 ')).toBe('SRPFPUN1011');
    expect(isValidDgpId('SRPFPUN1011')).toBe(true);
    expect(isValidDgpId('SRPFPU1011')).toBe(false);
    expect(isValidDgpId('SRPFPUN101')).toBe(false);
    expect(isValidDgpId('srpfpun1011')).toBe(false);
    expect(isValidDgpId('SRPFPUN10111')).toBe(false);
  });
});

describe('ten-digit phone', () => {
  it('strips formatting and a 91 prefix of a 12-digit number, and wants exactly 10 digits', () => {
    expect(tenDigitPhone('+91 98765-43210')).toBe('9876543210');
    expect(tenDigitPhone('9876543210')).toBe('9876543210');
    expect(tenDigitPhone('919876543210')).toBe('9876543210');
    expect(tenDigitPhone('09876543210')).toBeNull();
    expect(tenDigitPhone('98765')).toBeNull();
    expect(tenDigitPhone('9.87654E+09')).toBeNull();
  });
});

describe('email and names', () => {
  it('checks an address and joins the name parts', () => {
    expect(isValidEmail('a@b.in')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.in')).toBe(false);
    expect(fullNameOf({ first_name: 'गणेश', middle_name: ' ', last_name: 'मोरे' })).toBe('गणेश मोरे');
    expect(fullNameOf({ first_name: 'Sachin', middle_name: 'Ramesh', last_name: 'Patil' })).toBe('Sachin Ramesh Patil');
  });
});

describe('password change checks', () => {
  it('reports the first failing check in the spec’s order', () => {
    expect(passwordChangeProblem({})).toEqual({ field: 'current_password', message: 'Current password is required' });
    expect(passwordChangeProblem({ current_password: 'old-password' })?.message).toBe('New password is required');
    expect(
      passwordChangeProblem({ current_password: 'old-password', new_password: 'short', confirm_password: 'x' })
        ?.message,
    ).toBe('New password must be at least 8 characters');
    expect(
      passwordChangeProblem({
        current_password: 'old-password',
        new_password: 'new-password',
        confirm_password: 'other',
      })?.message,
    ).toBe('Passwords do not match');
    expect(
      passwordChangeProblem({
        current_password: 'same-password',
        new_password: 'same-password',
        confirm_password: 'same-password',
      })?.message,
    ).toBe('New password must be different from current password');
    expect(
      passwordChangeProblem({
        current_password: 'old-password',
        new_password: 'new-password',
        confirm_password: 'new-password',
      }),
    ).toBeNull();
    expect(ZChangePasswordRequest.safeParse({ current_password: '' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['current_password'], message: 'Current password is required' }),
    ]);
  });
});

describe('session timeout choices', () => {
  it('maps minutes to the four choices', () => {
    expect(sessionTimeoutOf(30)).toBe('30m');
    expect(sessionTimeoutOf(120)).toBe('2h');
    expect(sessionTimeoutOf(0)).toBe('never');
    // Never chosen: the default of 1 hour.
    expect(sessionTimeoutOf(null)).toBe('1h');
    expect(sessionTimeoutOf(45)).toBe('1h');
  });

  it('gives an idle timeout of 1 hour to a user who chose none, and none for never', () => {
    expect(idleTimeoutMinutes(null)).toBe(60);
    expect(idleTimeoutMinutes(30)).toBe(30);
    expect(idleTimeoutMinutes(120)).toBe(120);
    expect(idleTimeoutMinutes(SESSION_TIMEOUTS.never)).toBeNull();
  });
});

describe('LIKE escaping', () => {
  it('makes % and _ literal', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('user request schemas', () => {
  it('accepts either name of a field and gives one name out', () => {
    const parsed = ZCreateUserRequest.parse({
      first_name: 'Sachin',
      last_name: 'Patil',
      email: ' S@SRPF.test',
      password: 'password1',
      role_name: 'Officer',
      company_id: '2',
      phone_number: '919876543210',
      dgp_id: 'srpfpun1011',
      active: false,
    });
    expect(parsed).toEqual({
      first_name: 'Sachin',
      last_name: 'Patil',
      email: 's@srpf.test',
      password: 'password1',
      role: 'officer',
      company_id: 2,
      phone_number: '9876543210',
      dgp_id: 'SRPFPUN1011',
      is_active: false,
    });
  });

  it('leaves out of an update what was not sent, and clears what was sent blank', () => {
    expect(ZUpdateUserRequest.parse({})).toEqual({});
    expect(ZUpdateUserRequest.parse({ phone: '', dgp_id: '', badge_no: '', designation_id: '' })).toEqual({
      phone_number: null,
      dgp_id: null,
      badge_no: null,
      designation_id: null,
    });
  });

  it('requires the profile fields with the spec’s messages', () => {
    const result = ZUpdateProfileRequest.safeParse({ first_name: ' ', middle_name: ' ', last_name: '', phone: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'First name is required',
      'Middle name is required',
      'Last name is required',
      'Phone number is required',
    ]);
  });

  it('reads a company code from code, company_code or companyCode', () => {
    expect(ZCreateCompanyRequest.parse({ name: 'G', company_code: 'X' })).toEqual({ name: 'G', code: 'X' });
    expect(ZCreateCompanyRequest.parse({ name: 'G', companyCode: 'Y', active: false })).toEqual({
      name: 'G',
      code: 'Y',
      active: false,
    });
  });
});
