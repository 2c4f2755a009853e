import { useCallback, useSyncExternalStore } from 'react';
import { LANGUAGES, loadTexts, type Language } from '../locales';

/**
 * The chosen language and a small translator, without i18next: what the sign-in page, the route
 * error and the session keeper need. i18next (lib/i18n.ts, about 18 kB gzip with react-i18next) is
 * loaded with the first page after sign-in (or the privacy policy), so the sign-in page stays within
 * its JavaScript budget; both read the language from here and follow its changes. Keys, texts and
 * `{{name}}` placeholders are the same JSON files i18next reads.
 */

/** The spec's storage key for the chosen language (document 1, section 1). */
export const LANGUAGE_KEY = 'srpf-language';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The stored choice, else English. The first-paint script in index.html reads it the same way. */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

type Tree = { [key: string]: unknown };
type Listener = () => void;

const loaded = new Map<string, Tree>();
const listeners = new Set<Listener>();
let language: Language | undefined;

const keyOf = (lang: Language, namespace: string) => `${lang}/${namespace}`;

/** The language the page shows: the stored choice until it is changed here. */
export function currentLanguage(): Language {
  return (language ??= storedLanguage());
}

export function onLanguageChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads namespaces of a language (the current one by default); each is fetched once. */
export async function loadNamespaces(namespaces: readonly string[], lang: Language = currentLanguage()): Promise<void> {
  await Promise.all(
    namespaces
      .filter((namespace) => !loaded.has(keyOf(lang, namespace)))
      .map(async (namespace) => {
        loaded.set(keyOf(lang, namespace), await loadTexts(lang, namespace));
      }),
  );
}

/** The pre-rendering (scripts/prerender.mjs) renders each language in turn without a browser. */
export function setPrerenderLanguage(lang: Language): void {
  language = lang;
}

function lookup(tree: Tree | undefined, key: string): unknown {
  let value: unknown = tree;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Tree)[part];
  }
  return value;
}

/** A text of a loaded namespace with its `{{name}}` placeholders filled; the key itself when missing. */
export function translate(
  namespace: string,
  key: string,
  values?: Record<string, string | number>,
  lang: Language = currentLanguage(),
): string {
  const text = lookup(loaded.get(keyOf(lang, namespace)), key);
  if (typeof text !== 'string') return key;
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The texts of a namespace (loaded before the component renders: the router does it for pages) and
 * the language, re-rendering when the language changes.
 */
export function useTexts(namespace: string): { t: Translate; language: Language } {
  const lang = useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
  const t = useCallback<Translate>((key, values) => translate(namespace, key, values, lang), [namespace, lang]);
  return { t, language: lang };
}

/**
 * Switches the language: the namespaces loaded here are fetched in the new language first, so no
 * text shows as its key; then the choice is stored, `<html lang>` follows, and listeners (i18next
 * once loaded, mounted components) are told.
 */
export async function changeLanguage(next: Language): Promise<void> {
  const namespaces = [...loaded.keys()]
    .filter((key) => key.startsWith(`${currentLanguage()}/`))
    .map((key) => key.slice(key.indexOf('/') + 1));
  await loadNamespaces(namespaces, next);
  language = next;
  try {
    localStorage.setItem(LANGUAGE_KEY, next);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  document.documentElement.lang = next;
  for (const listener of listeners) listener();
}
