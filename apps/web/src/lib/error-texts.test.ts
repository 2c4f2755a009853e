import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_REASONS, GENERIC_REASON, type ErrorReason } from '@srpf/shared';
import { LANGUAGES } from '../locales';
import { errorWording, genericReasonOf } from './error-words';

/**
 * Every registered reason (common/error-reasons.ts) has its text in English, Marathi and Hindi
 * (locales/<language>/errors.json, keyed by the reason), and each text's {{placeholders}} are
 * exactly the reason's params: a reason added without its three texts fails here.
 */
const files = import.meta.glob<unknown>('../locales/*/errors.json', { eager: true, import: 'default' });

function textAt(tree: unknown, key: string): unknown {
  let value: unknown = tree;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function leafKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leafKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const reasons = Object.keys(ERROR_REASONS) as ErrorReason[];

describe('error reasons and their texts', () => {
  it.each(LANGUAGES)('%s has a text for every registered reason, with exactly its params', (language) => {
    const texts = files[`../locales/${language}/errors.json`];
    expect(texts, `locales/${language}/errors.json`).toBeDefined();
    const problems: string[] = [];
    for (const reason of reasons) {
      const text = textAt(texts, reason);
      if (typeof text !== 'string' || text.trim() === '') {
        problems.push(`${reason}: no text`);
        continue;
      }
      const expected = [...ERROR_REASONS[reason].params].sort();
      if (JSON.stringify(placeholders(text)) !== JSON.stringify(expected))
        problems.push(`${reason}: placeholders ${placeholders(text).join(',')} ≠ params ${expected.join(',')}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no text for a reason that is not registered', (language) => {
    const stray = leafKeys(files[`../locales/${language}/errors.json`]).filter(
      (key) => !Object.hasOwn(ERROR_REASONS, key),
    );
    expect(stray).toEqual([]);
  });

  it('derives the generic reason of each code as the registry names it', () => {
    for (const code of ERROR_CODES) {
      expect(genericReasonOf(code)).toBe(GENERIC_REASON[code]);
      expect(ERROR_REASONS[GENERIC_REASON[code]].code).toBe(code);
    }
  });
});

describe('errorWording', () => {
  const known = new Set(['users.email_taken', 'not_found', 'request.rate_limited']);
  const hasText = (key: string) => known.has(key);

  it("keeps the server's own English words for English readers", () => {
    expect(
      errorWording(
        { code: 'ALREADY_EXISTS', reason: 'users.email_taken', message: 'Email already exists' },
        'en',
        hasText,
      ),
    ).toEqual({ text: 'Email already exists' });
  });

  it('words a known reason with its params in Marathi and Hindi', () => {
    expect(
      errorWording(
        { code: 'ALREADY_EXISTS', reason: 'users.email_taken', params: {}, message: 'Email already exists' },
        'mr',
        hasText,
      ),
    ).toEqual({ key: 'users.email_taken', values: {} });
    expect(
      errorWording(
        { code: 'RATE_LIMITED', reason: 'request.rate_limited', params: { seconds: 30, bad: {} }, message: 'Too many' },
        'hi',
        hasText,
      ),
    ).toEqual({
      key: 'request.rate_limited',
      values: { seconds: 30 },
    });
  });

  it("shows the server's message for a reason it does not know, the code's generic text when there is no reason", () => {
    expect(
      errorWording({ code: 'NOT_FOUND', reason: 'future.thing', message: 'Thing not found' }, 'mr', hasText),
    ).toEqual({ text: 'Thing not found' });
    expect(errorWording({ code: 'NOT_FOUND', message: 'Thing not found' }, 'hi', hasText)).toEqual({
      key: 'not_found',
      values: {},
    });
    expect(errorWording({ code: 'HTTP_ERROR', message: 'Bad Gateway' }, 'hi', hasText)).toEqual({
      text: 'Bad Gateway',
    });
  });

  it("keeps a schema's own check in its words: the generic 'not valid' would lose the rule", () => {
    const withGeneric = (key: string) => key === 'validation.invalid' || hasText(key);
    expect(
      errorWording(
        {
          code: 'VALIDATION_FAILED',
          reason: 'validation.invalid',
          params: {},
          message: 'Please enter a valid email address',
        },
        'mr',
        withGeneric,
      ),
    ).toEqual({
      text: 'Please enter a valid email address',
    });
  });
});
