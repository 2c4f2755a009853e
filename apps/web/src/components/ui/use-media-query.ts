import { useCallback, useSyncExternalStore } from 'react';

/**
 * Does the window match this CSS media query? Follows the window as it changes. For rendering one
 * layout or the other where CSS alone would leave both in the page. A page rendered ahead of time
 * (no window) takes the wide layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => true,
  );
}
