/** The spec's storage key for the theme: 'dark' or 'light', else the system preference. */
export const THEME_KEY = 'theme';
export type Theme = 'dark' | 'light';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The stored choice, else the system's. The first-paint script in index.html decides the same way
 * before anything is painted, and sets the class this module reads back.
 */
export function initialTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    if (stored === 'dark' || stored === 'light') return stored;
  } catch {
    // Storage refused: the system's preference.
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The theme the page shows now (the `dark` class on <html>). */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function onThemeChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

export function saveTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage refused: the choice lasts for this page.
  }
  applyTheme(theme);
}
