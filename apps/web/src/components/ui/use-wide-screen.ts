import { useSyncExternalStore } from 'react';

/** Tailwind's `md`: from here a list is a table; narrower, its rows are cards. */
const WIDE_SCREEN = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Is the window at least 768 px wide? A list renders either its table or its cards, never both
 * hidden one by CSS, so each record is in the page once (for assistive technology and for search).
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_SCREEN).matches,
    () => true,
  );
}
