export const LANGUAGES = ['en', 'mr', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * One chunk per language and namespace, fetched when a page first asks for it: the entry chunk
 * carries no texts, and a user downloads one language only. The key sets of the languages are
 * kept identical by locales.test.ts.
 */
const loaders = import.meta.glob<Record<string, unknown>>('./*/*.json', { import: 'default' });

export function loadTexts(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = loaders[`./${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`No texts for ${language}/${namespace}`));
}

/** Each language by its own name, untranslated, so a reader always finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', mr: 'मराठी', hi: 'हिंदी' };
