import { useCallback, useSyncExternalStore } from 'react';
import { currentTheme, onThemeChange, saveTheme, type Theme } from './theme';

/**
 * The theme and its toggle. The pre-rendered sign-in page is rendered light (what it shows in the
 * dark theme is decided by CSS on the class the first-paint script sets), so hydration renders
 * light too and React then renders the real theme: no mismatch, nothing visible changes.
 */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(onThemeChange, currentTheme, () => 'light' as const);
  const toggle = useCallback(() => saveTheme(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
}
