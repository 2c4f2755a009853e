import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@srpf/shared';
import { assertStrongPassword, MIN_PASSWORD_SCORE, passwordScore } from './password-strength.js';

describe('passwordScore', () => {
  it('finds common passwords and their usual disguises', () => {
    for (const weak of [
      'password123',
      'Password1',
      'Passw0rd-1',
      'iloveyou1',
      'qwertyuiop',
      'Welcome@123',
      '12345678',
      'abcd1234',
    ]) {
      expect(passwordScore(weak), weak).toBeLessThan(MIN_PASSWORD_SCORE);
    }
  });

  it('accepts long unrelated words and the suite’s test passwords', () => {
    for (const strong of [
      'Tapi-river-bank-9',
      'Brand-new-pass-9',
      'Godavari-banks-2026',
      'correct horse battery staple',
    ]) {
      expect(passwordScore(strong), strong).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    }
  });

  it('counts the person’s own names and email against the password', () => {
    expect(passwordScore('vijaypawar')).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    expect(passwordScore('vijaypawar', ['vijay.pawar@srpf.test', 'Vijay', 'Pawar'])).toBeLessThan(MIN_PASSWORD_SCORE);
  });
});

describe('assertStrongPassword', () => {
  it('throws a 400 on the field with the shared message', () => {
    expect(() => assertStrongPassword('new_password', 'password123')).toThrow(COMMON_PASSWORD_MESSAGE);
    expect(() => assertStrongPassword('new_password', 'Tapi-river-bank-9')).not.toThrow();
  });
});
