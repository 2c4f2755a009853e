import { useCallback, useState } from 'react';
import { initialTheme, saveTheme, type Theme } from './theme';

export function useTheme(): { theme: Theme; toggle: () => void } {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next: Theme = current === 'dark' ? 'light' : 'dark';
      saveTheme(next);
      return next;
    });
  }, []);
  return { theme, toggle };
}
