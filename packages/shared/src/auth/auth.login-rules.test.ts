import { describe, expect, it } from 'vitest';
import { loginIdentifierError, loginPasswordError, signInIdentifierOf, signInPhone } from './auth.login-rules.js';
import { LOGIN_IDENTIFIER_INVALID_MESSAGE, ZLoginRequest } from './auth.schemas.js';

describe('the sign-in identifier', () => {
  it('reads an email in lower case, as the spec checks it: an @ and 5 characters at least', () => {
    expect(signInIdentifierOf('  Sunita.Patil@SRPF.test ')).toEqual({ kind: 'email', value: 'sunita.patil@srpf.test' });
    expect(signInIdentifierOf('a@b.in')).toEqual({ kind: 'email', value: 'a@b.in' });
    expect(signInIdentifierOf('a@b')).toBeNull();
  });

  it('reads a Sevarth ID in any letter case as the capitals the account stores', () => {
    expect(signInIdentifierOf('srpfpun1011')).toEqual({ kind: 'dgp_id', value: 'SRPFPUN1011' });
    expect(signInIdentifierOf(' SrpfPun1011 ')).toEqual({ kind: 'dgp_id', value: 'SRPFPUN1011' });
    expect(signInIdentifierOf('SRPFPU1011')).toBeNull();
    expect(signInIdentifierOf('SRPFPUN10111')).toBeNull();
  });

  it('reads a mobile number as typed: spaces, dashes, +91, 91 or a trunk 0 before ten digits', () => {
    for (const typed of [
      '9876543210',
      '98765 43210',
      '+91 98765 43210',
      '+91-98765-43210',
      '919876543210',
      '09876543210',
      '(0) 98765 43210',
    ])
      expect(signInIdentifierOf(typed), typed).toEqual({ kind: 'phone', value: '9876543210' });
  });

  it('refuses what is no mobile number: too few or too many digits, letters among them', () => {
    for (const typed of ['987654321', '98765432101', '0919876543210', '98765a43210', 'abcdef', '+', '12-34'])
      expect(signInPhone(typed), typed).toBeNull();
    expect(signInIdentifierOf('abcdef')).toBeNull();
  });
});

describe('login validators', () => {
  it('give the message keys the page translates, in order', () => {
    expect(loginIdentifierError('')).toBe('identifier_required');
    expect(loginIdentifierError('   ')).toBe('identifier_required');
    expect(loginIdentifierError('abcdef')).toBe('identifier_invalid');
    expect(loginIdentifierError('a@b')).toBe('identifier_invalid');
    expect(loginIdentifierError('a@b.in')).toBeNull();
    expect(loginIdentifierError('98765 43210')).toBeNull();
    expect(loginIdentifierError('srpfpun1011')).toBeNull();
    expect(loginPasswordError('')).toBe('password_required');
    expect(loginPasswordError('12345')).toBe('password_short');
    expect(loginPasswordError('123456')).toBeNull();
  });

  it('hold on the server too, with English texts', () => {
    const result = ZLoginRequest.safeParse({ email: 'ab', password: '' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain(LOGIN_IDENTIFIER_INVALID_MESSAGE);
    expect(messages).toContain('Password is required');
    expect(ZLoginRequest.parse({ email: ' +91 98765 43210 ', password: 'secret1' }).email).toBe('+91 98765 43210');
  });
});
