import { describe, expect, it } from 'vitest';
import errorsHi from '../../../locales/hi/errors.json';
import errorsMr from '../../../locales/mr/errors.json';
import { ApiError } from '../../../lib/api-error';
import { loadNamespaces, type Translate } from '../../../lib/texts';
import { loginErrorMessage } from './login-error-message';

const t: Translate = (key) => `t:${key}`;

describe('loginErrorMessage', () => {
  it('names a network failure or a timeout as a network error', () => {
    expect(loginErrorMessage(new ApiError(0, 'NETWORK', 'Network error'), t, 'en')).toBe('t:errors.network');
    expect(loginErrorMessage(new ApiError(0, 'TIMEOUT', 'The request timed out'), t, 'mr')).toBe('t:errors.network');
  });

  it("shows the server's own words in English", () => {
    expect(
      loginErrorMessage(
        new ApiError(401, 'UNAUTHENTICATED', 'Wrong email, mobile number, Sevarth ID or password'),
        t,
        'en',
      ),
    ).toBe('Wrong email, mobile number, Sevarth ID or password');
    expect(loginErrorMessage(new ApiError(429, 'RATE_LIMITED', 'Try again in 15 minutes'), t, 'en')).toBe(
      'Try again in 15 minutes',
    );
  });

  it("translates the codes it knows for Marathi and Hindi readers, and keeps the server's words otherwise", () => {
    expect(
      loginErrorMessage(
        new ApiError(401, 'UNAUTHENTICATED', 'Wrong email, mobile number, Sevarth ID or password'),
        t,
        'mr',
      ),
    ).toBe('t:errors.UNAUTHENTICATED');
    expect(loginErrorMessage(new ApiError(429, 'RATE_LIMITED', 'Try again in 15 minutes'), t, 'hi')).toBe(
      't:errors.RATE_LIMITED',
    );
    expect(
      loginErrorMessage(new ApiError(401, 'PASSWORD_EXPIRED', 'Your temporary password has expired.'), t, 'mr'),
    ).toBe('t:errors.PASSWORD_EXPIRED');
    expect(
      loginErrorMessage(new ApiError(401, 'PASSWORD_EXPIRED', 'Your temporary password has expired.'), t, 'en'),
    ).toBe('Your temporary password has expired.');
    expect(
      loginErrorMessage(new ApiError(400, 'VALIDATION_FAILED', 'Email must be at most 254 characters'), t, 'hi'),
    ).toBe('Email must be at most 254 characters');
  });

  it('words a sign-in throttle by the limit it names, in the reader’s language', () => {
    const throttled = (limit: string) =>
      new ApiError(429, 'RATE_LIMITED', `Too many failed sign-in attempts (${limit}).`, undefined, [
        { field: 'limit', message: limit },
      ]);
    expect(loginErrorMessage(throttled('account'), t, 'mr')).toBe('t:errors.throttled.account');
    expect(loginErrorMessage(throttled('account_address'), t, 'hi')).toBe('t:errors.throttled.account_address');
    expect(loginErrorMessage(throttled('address'), t, 'hi')).toBe('t:errors.throttled.address');
    expect(loginErrorMessage(throttled('account'), t, 'en')).toBe('Too many failed sign-in attempts (account).');
    // A limit it does not know, or none: the general text.
    expect(loginErrorMessage(throttled('somewhere'), t, 'mr')).toBe('t:errors.RATE_LIMITED');
  });

  it('words any other reason from the errors texts in Marathi and Hindi, keeping its own texts for the codes it knows', async () => {
    await loadNamespaces(['errors'], 'mr');
    await loadNamespaces(['errors'], 'hi');
    const tooLong = new ApiError(
      400,
      'VALIDATION_FAILED',
      'Email must be at most 254 characters',
      'email',
      undefined,
      'validation.too_long',
      { maximum: 254 },
    );
    expect(loginErrorMessage(tooLong, t, 'mr')).toBe(errorsMr.validation.too_long.replace('{{maximum}}', '254'));
    expect(loginErrorMessage(tooLong, t, 'hi')).toBe(errorsHi.validation.too_long.replace('{{maximum}}', '254'));
    expect(loginErrorMessage(tooLong, t, 'en')).toBe('Email must be at most 254 characters');
    // The sign-in page's own wording wins for a wrong password and a throttle, reason or not.
    const wrong = new ApiError(
      401,
      'UNAUTHENTICATED',
      'Wrong email, mobile number, Sevarth ID or password',
      undefined,
      undefined,
      'auth.invalid_credentials',
      {},
    );
    expect(loginErrorMessage(wrong, t, 'mr')).toBe('t:errors.UNAUTHENTICATED');
  });

  it('falls back to the generic failure when the answer carried no message', () => {
    expect(loginErrorMessage(new ApiError(502, 'HTTP_ERROR', 'Bad Gateway'), t, 'en')).toBe('t:errors.failed');
    expect(loginErrorMessage(new ApiError(500, 'INTERNAL', ''), t, 'en')).toBe('t:errors.failed');
    expect(loginErrorMessage(new Error('boom'), t, 'en')).toBe('t:errors.failed');
  });
});
