import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * State that starts again from `initial` whenever `key` changes (compared with Object.is): the text
 * typed into a filter box, which the applied filter replaces when it changes from outside (Clear
 * Filters, Back, a saved value), or a choice that belongs to one search. It is reset while rendering,
 * as React advises for state that follows a prop ("Adjusting some state when a prop changes"), so
 * no render shows the stale value and no effect sets state.
 */
export function useStateResetOn<T>(key: unknown, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => initial);
  const [seenKey, setSeenKey] = useState<unknown>(() => key);
  if (!Object.is(seenKey, key)) {
    setSeenKey(() => key);
    setValue(() => initial);
  }
  return [value, setValue];
}
