import { useEffect, useRef } from 'react';

/**
 * A ref for the heading of what replaces the screen (the lock, the neutral page): focused when it
 * shows, so keyboard and screen reader users start there rather than on a hidden page.
 */
export function useFocusOnShow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return ref;
}
