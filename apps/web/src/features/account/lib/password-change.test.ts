import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@srpf/shared/users/users.rules';
import en from '../../../locales/en/account.json';
import hi from '../../../locales/hi/account.json';
import mr from '../../../locales/mr/account.json';
import { passwordChangeError, passwordChangeFailure } from './password-change';

describe('passwordChangeError', () => {
  it('reports the five checks in the spec’s order', () => {
    expect(passwordChangeError({ current_password: '', new_password: '', confirm_password: '' })).toEqual({
      field: 'current_password',
      key: 'validation.currentRequired',
    });
    expect(
      passwordChangeError({ current_password: 'one-time-secret', new_password: '', confirm_password: '' }),
    ).toEqual({ field: 'new_password', key: 'validation.newRequired' });
    expect(
      passwordChangeError({ current_password: 'one-time-secret', new_password: 'short', confirm_password: 'other' }),
    ).toEqual({ field: 'new_password', key: 'validation.newTooShort' });
    expect(
      passwordChangeError({
        current_password: 'one-time-secret',
        new_password: 'a-new-password',
        confirm_password: 'another',
      }),
    ).toEqual({ field: 'confirm_password', key: 'validation.mismatch' });
    expect(
      passwordChangeError({
        current_password: 'same-password',
        new_password: 'same-password',
        confirm_password: 'same-password',
      }),
    ).toEqual({ field: 'new_password', key: 'validation.sameAsCurrent' });
    expect(
      passwordChangeError({
        current_password: 'one-time-secret',
        new_password: 'a-new-password',
        confirm_password: 'a-new-password',
      }),
    ).toBeNull();
  });
});

describe('passwordChangeFailure', () => {
  it('turns a message about the current password into the field error', () => {
    expect(
      passwordChangeFailure({ status: 400, message: 'Current password is incorrect', field: 'current_password' }),
    ).toEqual({ field: 'current_password', key: 'errors.currentIncorrect' });
    expect(passwordChangeFailure({ status: 400, message: 'The current password is wrong' })).toEqual({
      field: 'current_password',
      key: 'errors.currentIncorrect',
    });
  });

  it('puts a rule of the new password on its field, even when it mentions the current password', () => {
    expect(
      passwordChangeFailure({
        status: 400,
        message: 'New password must be different from current password',
        field: 'new_password',
      }),
    ).toEqual({ field: 'new_password', key: 'validation.sameAsCurrent' });
    expect(
      passwordChangeFailure({
        status: 400,
        message: 'Passwords must be at most 256 characters',
        field: 'new_password',
      }),
    ).toEqual({ field: 'new_password', text: 'Passwords must be at most 256 characters' });
  });

  it('shows the server’s refusal of a common password in the reader’s language', () => {
    expect(passwordChangeFailure({ status: 400, message: COMMON_PASSWORD_MESSAGE, field: 'new_password' })).toEqual({
      field: 'new_password',
      key: 'validation.tooCommon',
    });
    expect(en.validation.tooCommon).toBe(COMMON_PASSWORD_MESSAGE);
    for (const translated of [mr, hi]) expect(translated.validation.tooCommon).toMatch(/[\u0900-\u097F]/);
  });

  it('toasts any other message, or the generic text when there is none', () => {
    expect(passwordChangeFailure({ status: 429, message: 'Too many requests' })).toEqual({
      toast: { key: 'errors.failedWith', values: { message: 'Too many requests' } },
    });
    expect(passwordChangeFailure({ status: 500, message: '' })).toEqual({ toast: { key: 'errors.failed' } });
    expect(passwordChangeFailure(null)).toEqual({ toast: { key: 'errors.failed' } });
  });
});
