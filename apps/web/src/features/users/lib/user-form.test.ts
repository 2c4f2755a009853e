import { describe, expect, it } from 'vitest';
import type { TUser } from '@srpf/shared';
import { toCurrentUser } from '../../../lib/current-user';
import { mayManage } from './manage';
import {
  dgpIdInput,
  EMPTY_USER_FORM,
  grantsOf,
  overseenOf,
  phoneInput,
  toUserPayload,
  userFormSchema,
  userToFormValues,
  type UserFormValues,
} from './user-form';

function buildForm(overrides: Partial<UserFormValues> = {}): UserFormValues {
  return {
    ...EMPTY_USER_FORM,
    first_name: 'Sachin',
    middle_name: 'Ramesh',
    last_name: 'Patil',
    email: 'sachin.patil@srpf.test',
    password: 'a-long-password',
    role: 'officer',
    company_id: '2',
    ...overrides,
  };
}

function errorsOf(values: UserFormValues, mode: 'create' | 'edit' = 'create'): Record<string, string> {
  const result = userFormSchema(mode).safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('user form rules', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(buildForm())).toEqual({});
  });

  it('requires first, middle and last name, email, role, company and (new users) a password', () => {
    expect(errorsOf({ ...EMPTY_USER_FORM, role: '' })).toEqual({
      first_name: 'validation.firstNameRequired',
      middle_name: 'validation.middleNameRequired',
      last_name: 'validation.lastNameRequired',
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
      role: 'validation.roleRequired',
      company_id: 'validation.companyRequired',
    });
  });

  it('treats blank names as missing and wants at least 2 characters for first and last name', () => {
    expect(errorsOf(buildForm({ first_name: '   ', last_name: 'P' }))).toEqual({
      first_name: 'validation.firstNameRequired',
      last_name: 'validation.lastNameTooShort',
    });
  });

  it('checks the email address', () => {
    expect(errorsOf(buildForm({ email: 'sachin@srpf' })).email).toBe('validation.emailInvalid');
    expect(errorsOf(buildForm({ email: 'sachin patil@srpf.test' })).email).toBe('validation.emailInvalid');
  });

  it('wants a phone of exactly 10 digits when one is given', () => {
    expect(errorsOf(buildForm({ phone: '' })).phone).toBeUndefined();
    expect(errorsOf(buildForm({ phone: '98765' })).phone).toBe('validation.phoneDigits');
    expect(errorsOf(buildForm({ phone: '98765432101' })).phone).toBe('validation.phoneDigits');
    expect(errorsOf(buildForm({ phone: '9876543210' })).phone).toBeUndefined();
  });

  it('wants a DGP ID of 7 letters and 4 digits, in any case as typed', () => {
    expect(errorsOf(buildForm({ dgp_id: 'SRPFPUN101' })).dgp_id).toBe('validation.dgpIdFormat');
    expect(errorsOf(buildForm({ dgp_id: 'SRPF1234567' })).dgp_id).toBe('validation.dgpIdFormat');
    expect(errorsOf(buildForm({ dgp_id: 'srpfpun1011' })).dgp_id).toBeUndefined();
  });

  it('wants a badge number that is a whole number of at least 1', () => {
    expect(errorsOf(buildForm({ badge_no: '0' })).badge_no).toBe('validation.badgeNoMin');
    expect(errorsOf(buildForm({ badge_no: '-3' })).badge_no).toBe('validation.badgeNoMin');
    expect(errorsOf(buildForm({ badge_no: '2.5' })).badge_no).toBe('validation.badgeNoMin');
    expect(errorsOf(buildForm({ badge_no: '1' })).badge_no).toBeUndefined();
  });

  it('wants at least 8 characters of a password; on edit a blank one keeps the current password', () => {
    expect(errorsOf(buildForm({ password: 'short' })).password).toBe('validation.passwordTooShort');
    expect(errorsOf(buildForm({ password: '' }), 'edit').password).toBeUndefined();
    expect(errorsOf(buildForm({ password: 'short' }), 'edit').password).toBe('validation.passwordTooShort');
  });
});

describe('phone and DGP ID inputs', () => {
  it('keep digits only and drop a pasted 91 prefix', () => {
    expect(phoneInput('+91 98765-43210')).toBe('9876543210');
    expect(phoneInput('98765 4')).toBe('987654');
    expect(phoneInput('abc')).toBe('');
  });

  it('upper-case the DGP ID as typed and stop at 11 characters', () => {
    expect(dgpIdInput('srpf pun1011xyz')).toBe('SRPFPUN1011');
  });
});

describe('toUserPayload', () => {
  it('sends numbers for the selects, null for blank optional fields and the trimmed texts', () => {
    expect(
      toUserPayload(
        buildForm({
          first_name: ' Sachin ',
          email: 'Sachin.Patil@SRPF.test',
          dgp_id: 'srpfpun1011',
          badge_no: '42',
          designation_id: '3',
          phone: '9876543210',
        }),
        'create',
      ),
    ).toEqual({
      first_name: 'Sachin',
      middle_name: 'Ramesh',
      last_name: 'Patil',
      email: 'sachin.patil@srpf.test',
      phone: '9876543210',
      password: 'a-long-password',
      role: 'officer',
      company_id: 2,
      designation_id: 3,
      dgp_id: 'SRPFPUN1011',
      badge_no: 42,
      icard_no: null,
      is_active: true,
    });
  });

  it('leaves out a blank password on edit', () => {
    const payload = toUserPayload(buildForm({ password: '' }), 'edit');
    expect('password' in payload).toBe(false);
    expect(payload.phone).toBeNull();
    expect(payload.designation_id).toBeNull();
  });
});

describe('userToFormValues', () => {
  it('turns a stored user into form text, never with a password', () => {
    const user = {
      first_name: 'Sachin',
      middle_name: null,
      last_name: 'Patil',
      email: 's@srpf.test',
      phone_number: '9876543210',
      role: 'officer',
      role_name: 'officer',
      company_id: 2,
      designation_id: null,
      dgp_id: 'SRPFPUN1011',
      badge_no: 7,
      icard_no: null,
      is_active: false,
    } as TUser;
    expect(userToFormValues(user)).toEqual({
      first_name: 'Sachin',
      middle_name: '',
      last_name: 'Patil',
      email: 's@srpf.test',
      phone: '9876543210',
      password: '',
      role: 'officer',
      company_id: '2',
      designation_id: '',
      dgp_id: 'SRPFPUN1011',
      badge_no: '7',
      icard_no: '',
      is_active: false,
      granted_permissions: [],
      overseen_company_ids: [],
      whatsapp_enabled: false,
      whatsapp_language: 'en',
      whatsapp_notices_enabled: false,
    });
    expect(
      userToFormValues({ ...user, granted_permissions: ['delete_documents'], overseen_company_ids: [4, 7] }),
    ).toMatchObject({ granted_permissions: ['delete_documents'], overseen_company_ids: ['4', '7'] });
  });
});

describe('granted permissions and overseen companies', () => {
  const form = buildForm({
    granted_permissions: ['manage_categories', 'delete_documents', 'manage_users', 'delete_documents'],
    overseen_company_ids: ['7', '2', '4', '7'],
  });

  it("keep the grantable permissions once each, and the companies other than the person's own", () => {
    expect(grantsOf(form)).toEqual(['delete_documents', 'manage_categories']);
    expect(overseenOf(form)).toEqual([4, 7]);
  });

  it('are sent only by whoever may set them: grants by administrators, companies by a superadmin', () => {
    expect(toUserPayload(form, 'create')).not.toHaveProperty('granted_permissions');
    expect(toUserPayload(form, 'create')).not.toHaveProperty('overseen_company_ids');
    expect(toUserPayload(form, 'create', { grants: true, oversight: false })).toMatchObject({
      granted_permissions: ['delete_documents', 'manage_categories'],
    });
    expect(toUserPayload(form, 'create', { grants: true, oversight: false })).not.toHaveProperty(
      'overseen_company_ids',
    );
    expect(toUserPayload(form, 'create', { grants: true, oversight: true })).toMatchObject({
      overseen_company_ids: [4, 7],
    });
    expect(toUserPayload(buildForm(), 'create', { grants: true, oversight: true })).toMatchObject({
      granted_permissions: [],
      overseen_company_ids: [],
    });
  });

  it('on edit are sent only when changed, so saving a name never rewrites the grants', () => {
    const unchanged = {
      granted_permissions: ['manage_categories', 'delete_documents'] as TUser['granted_permissions'],
      overseen_company_ids: [7, 4],
    };
    const payload = toUserPayload(form, 'edit', { grants: true, oversight: true, original: unchanged });
    expect(payload).not.toHaveProperty('granted_permissions');
    expect(payload).not.toHaveProperty('overseen_company_ids');
    const cleared = toUserPayload(buildForm(), 'edit', { grants: true, oversight: true, original: unchanged });
    expect(cleared).toMatchObject({ granted_permissions: [], overseen_company_ids: [] });
  });
});

describe('WhatsApp consent in the user form', () => {
  it('is read from the stored user, off and English by default', () => {
    expect(
      userToFormValues({
        whatsapp_enabled: true,
        whatsapp_language: 'mr',
        granted_permissions: [],
        overseen_company_ids: [],
      } as unknown as TUser),
    ).toMatchObject({ whatsapp_enabled: true, whatsapp_language: 'mr' });
    expect(EMPTY_USER_FORM).toMatchObject({ whatsapp_enabled: false, whatsapp_language: 'en' });
  });

  it('is sent only when it changes, so saving a name never re-records the consent', () => {
    expect(toUserPayload(buildForm(), 'create')).not.toHaveProperty('whatsapp_enabled');
    expect(toUserPayload(buildForm(), 'create')).not.toHaveProperty('whatsapp_language');
    expect(toUserPayload(buildForm({ whatsapp_enabled: true, whatsapp_language: 'hi' }), 'create')).toMatchObject({
      whatsapp_enabled: true,
      whatsapp_language: 'hi',
    });
    const original = {
      granted_permissions: [],
      overseen_company_ids: [],
      whatsapp_enabled: true,
      whatsapp_language: 'mr' as const,
    };
    const unchanged = toUserPayload(buildForm({ whatsapp_enabled: true, whatsapp_language: 'mr' }), 'edit', {
      grants: false,
      oversight: false,
      original,
    });
    expect(unchanged).not.toHaveProperty('whatsapp_enabled');
    expect(unchanged).not.toHaveProperty('whatsapp_language');
    const optedOut = toUserPayload(buildForm({ whatsapp_enabled: false, whatsapp_language: 'mr' }), 'edit', {
      grants: false,
      oversight: false,
      original,
    });
    expect(optedOut).toMatchObject({ whatsapp_enabled: false });
    expect(optedOut).not.toHaveProperty('whatsapp_language');
    expect(optedOut).not.toHaveProperty('whatsapp_notices_enabled');
  });

  it('sends consent to notices apart, only when it changes (issue 31)', () => {
    expect(toUserPayload(buildForm(), 'create')).not.toHaveProperty('whatsapp_notices_enabled');
    expect(toUserPayload(buildForm({ whatsapp_notices_enabled: true }), 'create')).toMatchObject({
      whatsapp_notices_enabled: true,
    });
    const original = {
      granted_permissions: [],
      overseen_company_ids: [],
      whatsapp_notices_enabled: true,
    };
    const options = { grants: false, oversight: false, original };
    expect(toUserPayload(buildForm({ whatsapp_notices_enabled: true }), 'edit', options)).not.toHaveProperty(
      'whatsapp_notices_enabled',
    );
    expect(toUserPayload(buildForm({ whatsapp_notices_enabled: false }), 'edit', options)).toMatchObject({
      whatsapp_notices_enabled: false,
    });
  });
});

describe('who may change a person', () => {
  const person = (role: string, company_id: number | null = 2) => ({ id: 30, role, company_id });
  it('administrators change anyone but a superadmin; only a superadmin changes a superadmin', () => {
    expect(mayManage(toCurrentUser({ id: 1, role: 'admin' }).actor, person('viewer'))).toBe(true);
    expect(mayManage(toCurrentUser({ id: 1, role: 'admin' }).actor, person('superadmin'))).toBe(false);
    expect(mayManage(toCurrentUser({ id: 1, role: 'superadmin' }).actor, person('superadmin'))).toBe(true);
  });
  it('nobody else changes anyone, whatever they were granted', () => {
    expect(
      mayManage(
        toCurrentUser({ id: 1, role: 'viewer', company_id: 2, granted_permissions: ['delete_documents'] }).actor,
        person('viewer'),
      ),
    ).toBe(false);
  });
});
