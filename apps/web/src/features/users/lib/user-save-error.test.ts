import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@srpf/shared/users/users.rules';
import en from '../../../locales/en/users.json';
import hi from '../../../locales/hi/users.json';
import mr from '../../../locales/mr/users.json';
import { userSaveFailure } from './user-save-error';

const failure = (overrides: Partial<Parameters<typeof userSaveFailure>[0]>) =>
  userSaveFailure({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid', ...overrides });

describe('userSaveFailure', () => {
  it('puts a duplicate on its field and toasts it', () => {
    expect(failure({ status: 409, code: 'ALREADY_EXISTS', message: 'Email already exists', field: 'email' })).toEqual({
      fields: { email: { key: 'errors.emailExists' } },
      toast: { key: 'errors.emailExists' },
    });
    expect(
      failure({ status: 409, code: 'ALREADY_EXISTS', message: 'Phone already exists', field: 'phone_number' }).fields,
    ).toEqual({ phone: { key: 'errors.phoneExists' } });
  });

  it('finds the duplicate field in the message when the answer names none', () => {
    expect(failure({ status: 409, code: 'ALREADY_EXISTS', message: 'Badge no already exists' }).fields).toEqual({
      badge_no: { key: 'errors.badgeNoExists' },
    });
    expect(failure({ status: 409, code: 'ALREADY_EXISTS', message: 'DGP ID already exists' }).fields).toEqual({
      dgp_id: { key: 'errors.dgpIdExists' },
    });
  });

  it('shows validation details per field with the invalid-data toast', () => {
    expect(
      failure({
        message: 'First name must be at least 2 characters',
        field: 'first_name',
        details: [
          { field: 'first_name', message: 'First name must be at least 2 characters' },
          { field: 'role_name', message: 'Unknown role: chief' },
        ],
      }),
    ).toEqual({
      fields: {
        first_name: { text: 'First name must be at least 2 characters' },
        role: { text: 'Unknown role: chief' },
      },
      toast: { key: 'errors.invalidData' },
    });
  });

  it('shows the server’s refusal of a common password on the password field in the reader’s language', () => {
    expect(
      failure({
        message: COMMON_PASSWORD_MESSAGE,
        field: 'password',
        details: [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }],
      }).fields,
    ).toEqual({
      password: { key: 'validation.passwordTooCommon' },
    });
    expect(en.validation.passwordTooCommon).toBe(COMMON_PASSWORD_MESSAGE);
    for (const translated of [mr, hi]) expect(translated.validation.passwordTooCommon).toMatch(/[\u0900-\u097F]/);
  });

  it('puts a failure that names one field on that field', () => {
    expect(failure({ message: 'Company not found', field: 'company_id' }).fields).toEqual({
      company_id: { text: 'Company not found' },
    });
  });

  it('falls back by status for a failure that names no field', () => {
    expect(failure({ status: 401, code: 'UNAUTHENTICATED' }).toast).toEqual({ key: 'errors.authRequired' });
    expect(failure({ status: 403, code: 'FORBIDDEN', message: 'You do not have permission to do this' }).toast).toEqual(
      { key: 'errors.permissionDenied' },
    );
    expect(
      failure({ status: 403, code: 'FORBIDDEN', message: 'Permission denied. You cannot create superadmin users.' })
        .toast,
    ).toEqual({
      text: 'Permission denied. You cannot create superadmin users.',
    });
    expect(failure({ status: 409, code: 'ALREADY_EXISTS', message: 'Already exists' }).toast).toEqual({
      key: 'errors.emailTaken',
    });
    expect(failure({ status: 500, code: 'INTERNAL' }).toast).toEqual({ key: 'errors.server' });
    expect(failure({ status: 0, code: 'NETWORK' }).toast).toEqual({ key: 'errors.network' });
    expect(failure({ status: 409, code: 'CONFLICT', message: 'You cannot change your own role' })).toEqual({
      fields: {},
      toast: { key: 'errors.saveFailed', values: { message: 'You cannot change your own role' } },
    });
  });
});
