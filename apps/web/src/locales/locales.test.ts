import { describe, expect, it } from 'vitest';

/**
 * Every namespace of every language has exactly the keys of English, no value is empty, and every
 * Marathi or Hindi value is an actual translation: different from English and written in Devanagari.
 */
const files = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });

const LANGUAGES = ['en', 'mr', 'hi'] as const;
const TRANSLATED = ['mr', 'hi'] as const;
const DEVANAGARI = /[\u0900-\u097F]/;

/** `namespace:key.path` entries whose Marathi or Hindi value may equal English. Keep it empty if possible. */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>([]);

/** A value made only of placeholders and punctuation, such as '{{from}}–{{to}}', has nothing to translate. */
function hasWords(value: string): boolean {
  return /\p{L}/u.test(value.replace(/\{\{[^}]*\}\}/g, '').replace(/\$t\([^)]*\)/g, ''));
}

type Tree = Record<string, unknown>;

function byLanguage(): Record<string, Record<string, Tree>> {
  const result: Record<string, Record<string, Tree>> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    (result[language] ??= {})[namespace] = content as Tree;
  }
  return result;
}

/** Leaf values by dotted key path; arrays count as objects keyed by index. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Tree);
    if (entries.length === 0 && prefix) out.set(prefix, value);
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const locales = byLanguage();
const namespaces = Object.keys(locales.en ?? {}).sort();

describe('locales', () => {
  it('has exactly the languages en, mr and hi', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s has the same namespaces as English', (language) => {
    expect(Object.keys(locales[language] ?? {}).sort()).toEqual(namespaces);
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    const english = flatten(locales.en?.[namespace] ?? {});

    it.each(LANGUAGES)('%s has no missing or extra keys', (language) => {
      const keys = [...flatten(locales[language]?.[namespace] ?? {}).keys()];
      const missing = [...english.keys()].filter((key) => !keys.includes(key));
      const extra = keys.filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each(LANGUAGES)('%s has no empty or non-text values', (language) => {
      const bad = [...flatten(locales[language]?.[namespace] ?? {})]
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key);
      expect(bad).toEqual([]);
    });

    it.each(TRANSLATED)('%s values are translated into Devanagari', (language) => {
      const untranslated = [...flatten(locales[language]?.[namespace] ?? {})]
        .filter(([, value]) => typeof value === 'string' && hasWords(value))
        .filter(([key]) => !SAME_AS_ENGLISH_ALLOWED.has(`${namespace}:${key}`))
        .filter(([key, value]) => value === english.get(key) || !DEVANAGARI.test(value as string))
        .map(([key, value]) => `${key}: ${String(value)}`);
      expect(untranslated).toEqual([]);
    });
  });
});
