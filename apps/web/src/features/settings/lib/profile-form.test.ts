import { describe, expect, it } from 'vitest';
import { initialsOf, phoneSaveErrorKey, profileSchema, profileValues, toProfilePayload } from './profile-form';

const messages = (values: unknown) =>
  profileSchema.safeParse(values).error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [];

describe('profile rules', () => {
  it('requires each of the four fields, blanks counting as missing', () => {
    expect(messages({ first_name: ' ', middle_name: '', last_name: '  ', phone: ' ' })).toEqual([
      ['first_name', 'profile.firstNameRequired'],
      ['middle_name', 'profile.middleNameRequired'],
      ['last_name', 'profile.lastNameRequired'],
      ['phone', 'profile.phoneRequired'],
    ]);
  });

  it('wants a phone of 10 digits (a 91 prefix may be typed)', () => {
    expect(messages({ first_name: 'Sachin', middle_name: 'R', last_name: 'Patil', phone: '98765' })).toEqual([
      ['phone', 'profile.phoneDigits'],
    ]);
    expect(messages({ first_name: 'Sachin', middle_name: 'R', last_name: 'Patil', phone: '+91 98765 43210' })).toEqual(
      [],
    );
  });
});

describe('profileValues', () => {
  it('merges the fresh answer over the stored user and normalises the phone', () => {
    expect(
      profileValues(
        { first_name: 'Sachin', middle_name: 'Ramesh', last_name: 'Patil', phone_number: '919876543210' },
        { first_name: 'Old', phone_number: null },
      ),
    ).toEqual({
      first_name: 'Sachin',
      middle_name: 'Ramesh',
      last_name: 'Patil',
      phone: '9876543210',
    });
  });

  it('falls back to the stored user when the call failed', () => {
    expect(profileValues(undefined, { first_name: 'System', phone_number: '9876543210' })).toEqual({
      first_name: 'System',
      middle_name: '',
      last_name: '',
      phone: '9876543210',
    });
  });
});

describe('toProfilePayload', () => {
  it('trims and sends the ten digits', () => {
    expect(
      toProfilePayload({ first_name: ' Sachin ', middle_name: ' R ', last_name: 'Patil ', phone: '+91 98765 43210' }),
    ).toEqual({
      first_name: 'Sachin',
      middle_name: 'R',
      last_name: 'Patil',
      phone: '9876543210',
    });
  });
});

describe('phoneSaveErrorKey', () => {
  it('words a refused phone without saying whose it is, and too many changes', () => {
    expect(
      phoneSaveErrorKey({
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'phone',
        message: 'phone: Phone number must be exactly 10 digits and not in use by another person',
      }),
    ).toBe('profile.phoneUnusable');
    expect(
      phoneSaveErrorKey({
        status: 429,
        code: 'RATE_LIMITED',
        field: 'phone',
        message: 'Your phone number can be changed 5 times an hour. Try again in 40 minutes.',
      }),
    ).toBe('profile.phoneTooOften');
    expect(phoneSaveErrorKey({ status: 400, field: 'first_name' })).toBeNull();
    // The API's general rate limit (no field) is not the phone's.
    expect(phoneSaveErrorKey({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests' })).toBeNull();
    expect(phoneSaveErrorKey({ status: 0 })).toBeNull();
  });
});

describe('initialsOf', () => {
  it('takes the first letters of first and last name', () => {
    expect(initialsOf('sachin', 'patil')).toBe('SP');
    expect(initialsOf('गणेश', 'मोरे')).toBe('गम');
    expect(initialsOf('', '', 'admin')).toBe('AD');
  });
});
