import { useMediaQuery } from './use-media-query';

/** Tailwind's `md`: from here a list is a table; narrower, its rows are cards. */
const WIDE_SCREEN = '(min-width: 768px)';

/**
 * Is the window at least 768 px wide? A list renders either its table or its cards, never both
 * hidden one by CSS, so each record is in the page once (for assistive technology and for search).
 */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN);
}
