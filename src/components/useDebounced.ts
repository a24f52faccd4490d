import { useEffect, useState } from 'react';

/** How long a list's search box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value` once it has stayed the same for `ms` (a search box's text, sent when typing pauses). */
export function useDebounced<T>(value: T, ms: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
